import { AppLink } from '#app/components/AppLink.tsx'
import content from '#app/components/content/content.module.css'
import { PageHeader } from '#app/components/content/PageHeader.tsx'
import { pageMeta } from '#app/components/RouteErrorBoundary.tsx'
import cards from '#app/components/ui/card-grid.module.css'
import ui from '#app/components/ui/ui.module.css'
import { formatDate } from '#app/lib/format.ts'
import { getAppContext } from '#app/lib/load-context.ts'
import { buildSeo, seoMeta } from '#app/lib/seo.ts'
import { LEGAL_DOCUMENTS, LEGAL_INDEX } from '#content/legal/index.ts'
import type { Route } from './+types/legal-index'

export function loader({ context }: Route.LoaderArgs) {
  const { publicConfig } = getAppContext(context)
  return {
    documents: LEGAL_DOCUMENTS.map(({ slug, title, effectiveDate, meta }) => ({
      slug,
      title,
      effectiveDate,
      summary: meta.description,
    })),
    seo: buildSeo(publicConfig.publicUrl, { ...LEGAL_INDEX.meta, path: '/legal-information' }),
  }
}

export const meta: Route.MetaFunction = pageMeta(({ loaderData }) => seoMeta(loaderData?.seo))

export { RouteErrorBoundary as ErrorBoundary } from '#app/components/RouteErrorBoundary.tsx'

export default function LegalIndexRoute({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <PageHeader
        title={LEGAL_INDEX.title}
        lead={LEGAL_INDEX.lead}
        crumbs={[{ to: '/legal-information', label: LEGAL_INDEX.title }]}
      />
      <div className={`${cards.grid} ${cards.gapMd} ${cards.two}`}>
        {loaderData.documents.map((doc) => (
          <div key={doc.slug} className={`${ui.panel} ${ui.card}`}>
            <AppLink
              to={`/legal-information/${doc.slug}`}
              className={`mantine-focus-auto ${ui.anchor} ${ui.lg} ${ui.bold}`}
            >
              {doc.title}
            </AppLink>
            <p className={`${ui.text} ${ui.sm} ${ui.dimmed} ${content.cardText}`}>{doc.summary}</p>
            <p className={`${ui.text} ${ui.xs} ${ui.dimmed} ${content.cardDate}`}>
              Редакция от {formatDate(doc.effectiveDate)}
            </p>
          </div>
        ))}
      </div>
    </>
  )
}
