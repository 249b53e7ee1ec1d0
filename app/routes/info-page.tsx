import { AppLink } from '#app/components/AppLink.tsx'
import content from '#app/components/content/content.module.css'
import { PageHeader, type Crumb } from '#app/components/content/PageHeader.tsx'
import { SectionedArticle } from '#app/components/content/SectionedArticle.tsx'
import { LeadForm } from '#app/components/LeadForm.tsx'
import { MantineScope } from '#app/components/MantineScope.tsx'
import { pageMeta } from '#app/components/RouteErrorBoundary.tsx'
import cards from '#app/components/ui/card-grid.module.css'
import ui from '#app/components/ui/ui.module.css'
import { notFound, pagePath } from '#app/lib/http-errors.ts'
import { submitLead } from '#app/lib/lead-action.server.ts'
import { getAppContext } from '#app/lib/load-context.ts'
import { buildSeo, seoMeta } from '#app/lib/seo.ts'
import { getInfoPage } from '#content/info-pages.ts'
import { COOPERATION_DIRECTIONS } from '#content/platforms/cooperation-directions.ts'
import { PLATFORM_SERVICES } from '#content/platforms/index.ts'
import type { Route } from './+types/info-page'

const PLATFORMS_CRUMB: Crumb = { to: '/platforms', label: 'Сервисы платформы' }
const COOPERATION_CRUMB: Crumb = { to: '/platforms/cooperation', label: 'Сотрудничество' }

function crumbsFor(path: string, title: string): Crumb[] {
  const own = { to: path, label: title }
  if (path.startsWith('/platforms/cooperation/')) return [PLATFORMS_CRUMB, COOPERATION_CRUMB, own]
  if (path.startsWith('/platforms/')) return [PLATFORMS_CRUMB, own]
  return [own]
}

/** Index pages list what lies below them. */
function relatedLinks(path: string) {
  const pick = ({ path, title, summary }: { path: string; title: string; summary: string }) => ({
    path,
    title,
    summary,
  })
  if (path === '/platforms') return { title: 'Все сервисы', items: PLATFORM_SERVICES.map(pick) }
  if (path === '/platforms/cooperation')
    return { title: 'Направления сотрудничества', items: COOPERATION_DIRECTIONS.map(pick) }
  return null
}

/** The text pages of `content/`: platform services, cooperation directions, about and info pages. */
export function loader({ request, context }: Route.LoaderArgs) {
  const path = pagePath(request)
  const page = getInfoPage(path)
  if (!page) notFound(request)
  const { publicConfig } = getAppContext(context)
  return {
    page,
    crumbs: crumbsFor(path, page.title),
    related: relatedLinks(path),
    submissionId: crypto.randomUUID(),
    seo: buildSeo(publicConfig.publicUrl, { title: page.meta.title, description: page.meta.description, path }),
  }
}

export const action = ({ request, context }: Route.ActionArgs) => submitLead(request, context)

export const meta: Route.MetaFunction = pageMeta(({ loaderData }) => seoMeta(loaderData?.seo))

export { RouteErrorBoundary as ErrorBoundary } from '#app/components/RouteErrorBoundary.tsx'

export default function InfoPageRoute({ loaderData, actionData }: Route.ComponentProps) {
  const { page, crumbs, related, submissionId } = loaderData
  return (
    <>
      <PageHeader title={page.title} lead={page.lead} crumbs={crumbs} />
      {related && (
        <div className={content.related}>
          <h2 className={`${ui.title} ${ui.h2}`}>{related.title}</h2>
          <div className={`${cards.grid} ${cards.gapMd} ${cards.three}`}>
            {related.items.map((item) => (
              <div key={item.path} className={`${ui.panel} ${ui.card}`}>
                <AppLink to={item.path} className={`mantine-focus-auto ${ui.anchor} ${ui.lg} ${ui.bold}`}>
                  {item.title}
                </AppLink>
                <p className={`${ui.text} ${ui.sm} ${ui.dimmed} ${content.cardText}`}>{item.summary}</p>
              </div>
            ))}
          </div>
        </div>
      )}
      <SectionedArticle sections={page.sections} />
      {page.leadForm && (
        <div className={content.form}>
          <MantineScope>
            <LeadForm {...page.leadForm} sourcePath={page.path} submissionId={submissionId} actionResult={actionData} />
          </MantineScope>
        </div>
      )}
    </>
  )
}
