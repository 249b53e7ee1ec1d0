import { isRouteErrorResponse, type MetaDescriptor, useRouteError } from 'react-router'
import { ErrorView } from './ErrorView.tsx'
import { SiteShell } from './site/SiteShell.tsx'

/**
 * Route error boundaries (React Router's `ErrorBoundary` export). Every route module that loads
 * data re-exports one of these rather than writing its own:
 *
 *   export { RouteErrorBoundary as ErrorBoundary } from '#app/components/RouteErrorBoundary.tsx'
 *
 * A 404 or 403 thrown by a loader (`lib/http-errors.ts`) shows the spec's page for its status; the
 * response keeps that status. Anything else is a 500.
 */
function useErrorStatus(): number {
  const error = useRouteError()
  if (isRouteErrorResponse(error)) return error.status
  if (import.meta.env.DEV) console.error(error)
  return 500
}

/** The error page in place of the route's page, inside its layouts: header, footer, the account's menu stay. */
export function RouteErrorBoundary() {
  return <ErrorView statusCode={useErrorStatus()} />
}

/** The error page of a route with no layout around it (the root, a layout itself): with the site's frame. */
export function ShellErrorBoundary() {
  return (
    <SiteShell>
      <ErrorView statusCode={useErrorStatus()} />
    </SiteShell>
  )
}

type MetaArgsLike = { error?: unknown; matches: readonly ({ meta: MetaDescriptor[] } | undefined)[] }

/**
 * A route's `meta` that gives way on its error page: there the parent's tags stand (in the end the
 * root's title and description), as they did when errors went up to the root's boundary. An error
 * page is not the page: no title, description or canonical link of what failed to load.
 */
export function pageMeta<Args extends MetaArgsLike>(meta: (args: Args) => MetaDescriptor[]) {
  return (args: Args): MetaDescriptor[] => (args.error ? (args.matches.at(-2)?.meta ?? []) : meta(args))
}
