// Only Mantine's base on every page: the reset, its default CSS variables and global classes. The
// components' styles come with MantineScope, on the pages and in the chunks that render them.
import '@mantine/core/styles/baseline.layer.css'
import '@mantine/core/styles/default-css-variables.layer.css'
import '@mantine/core/styles/global.layer.css'
import './theme.css'
import './app.css'
import { type ReactNode, useEffect } from 'react'
import { Links, Meta, Outlet, Scripts, ScrollRestoration, useLocation, useRouteLoaderData } from 'react-router'
import type { Route } from './+types/root'
import { ErrorView } from './components/ErrorView.tsx'
import { AuthHost } from './components/auth/AuthHost.tsx'
import { Overlays } from './components/Overlays.tsx'
import { CookieNotice } from './components/site/CookieNotice.tsx'
import { SiteShell } from './components/site/SiteShell.tsx'
import { initAnalytics } from './lib/analytics.ts'
import { configureApi } from './lib/api-config.ts'
import { useNewBuildCheck } from './lib/build-check.ts'
import { installChunkReloadGuard } from './lib/chunk-reload.ts'
import { databaseAwayMiddleware } from './lib/database-away.ts'
import { clearErrorPage, useForcedError } from './lib/forced-error.ts'
import { getAppContext } from './lib/load-context.ts'
import type { RootData } from './lib/root-data.ts'
import { ViewportProvider } from './lib/viewport.tsx'

/**
 * Mantine's `mantineHtmlProps`, written out: importing it would tie every page's first load to the
 * chunk of Mantine's components, which only the account and the overlays need.
 */
const MANTINE_HTML_PROPS = { suppressHydrationWarning: true, 'data-mantine-color-scheme': 'light' } as const

export const middleware: Route.MiddlewareFunction[] = [databaseAwayMiddleware]

export async function loader({ context }: Route.LoaderArgs): Promise<RootData> {
  const { publicConfig, viewport, services, ctx } = getAppContext(context)
  // Guests cost nothing more; a signed-in user's whoami is what the client session starts from.
  const user = ctx.user ? await services.identity.whoami(ctx) : null
  return { publicConfig, viewport, user }
}

export const meta: Route.MetaFunction = () => [
  { title: 'БАС Маркет — маркетплейс беспилотных авиационных систем' },
  {
    name: 'description',
    content: 'Беспилотники, полезная нагрузка и услуги для бизнеса и госзаказчиков: каталог, продавцы, биржа услуг.',
  },
]

export const links: Route.LinksFunction = () => [{ rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' }]

export function Layout({ children }: { children: ReactNode }) {
  const data = useRouteLoaderData('root') as RootData | undefined
  return (
    <html lang="ru" {...MANTINE_HTML_PROPS}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <Links />
      </head>
      <body>
        {/* No MantineProvider here: the parts built with Mantine have their own (MantineScope), and
            theme.css gives every page the theme's CSS variables. */}
        <ViewportProvider initial={data?.viewport ?? 'desktop'}>{children}</ViewportProvider>
        <ClientStart metrikaId={data?.publicConfig.metrikaId ?? null} buildId={data?.publicConfig.buildId ?? ''} />
        <CookieNotice metrikaId={data?.publicConfig.metrikaId ?? null} />
        <Overlays />
        <AuthHost />
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  )
}

/**
 * Once per page load: analytics, the chunk-reload guard and the hourly new-build check. Rendered
 * by Layout, so they run on error pages too (there App is replaced by the ErrorBoundary).
 */
function ClientStart({ metrikaId, buildId }: { metrikaId: string | null; buildId: string }) {
  useEffect(() => {
    initAnalytics(metrikaId)
    return installChunkReloadGuard()
  }, [metrikaId])
  useNewBuildCheck(buildId)
  return null
}

export default function App({ loaderData }: Route.ComponentProps) {
  // Before any child's effect can call the API: a plain assignment, the same on every render.
  configureApi(loaderData.publicConfig.apiBaseUrl)
  const forced = useForcedError()
  const location = useLocation()
  useEffect(clearErrorPage, [location.key])

  if (forced) {
    return (
      <SiteShell>
        <ErrorView statusCode={forced.statusCode} />
      </SiteShell>
    )
  }
  return <Outlet />
}

export { ShellErrorBoundary as ErrorBoundary } from './components/RouteErrorBoundary.tsx'
