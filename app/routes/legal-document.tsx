import { IconPrinter } from '@tabler/icons-react'
import content from '#app/components/content/content.module.css'
import { PageHeader } from '#app/components/content/PageHeader.tsx'
import { SectionedArticle } from '#app/components/content/SectionedArticle.tsx'
import { pageMeta } from '#app/components/RouteErrorBoundary.tsx'
import { buttonClass, ButtonContent } from '#app/components/ui/button.tsx'
import ui from '#app/components/ui/ui.module.css'
import { notFound } from '#app/lib/http-errors.ts'
import { formatDate } from '#app/lib/format.ts'
import { getAppContext } from '#app/lib/load-context.ts'
import { buildSeo, seoMeta } from '#app/lib/seo.ts'
import { getLegalDocument, LEGAL_INDEX } from '#content/legal/index.ts'
import type { Route } from './+types/legal-document'

/** /legal-information/{document}: the four documents, anything else is a 404. */
export function loader({ request, params, context }: Route.LoaderArgs) {
  const document = getLegalDocument(params.document)
  if (!document) notFound(request)
  const { publicConfig } = getAppContext(context)
  return {
    document,
    seo: buildSeo(publicConfig.publicUrl, { ...document.meta, path: `/legal-information/${document.slug}` }),
  }
}

export const meta: Route.MetaFunction = pageMeta(({ loaderData }) => seoMeta(loaderData?.seo))

export { RouteErrorBoundary as ErrorBoundary } from '#app/components/RouteErrorBoundary.tsx'

export default function LegalDocumentRoute({ loaderData }: Route.ComponentProps) {
  const { document } = loaderData
  return (
    <>
      <PageHeader
        title={document.title}
        crumbs={[
          { to: '/legal-information', label: LEGAL_INDEX.title },
          { to: `/legal-information/${document.slug}`, label: document.title },
        ]}
      >
        <div className={content.edition}>
          <p className={`${ui.text} ${ui.dimmed}`}>Редакция от {formatDate(document.effectiveDate)}</p>
          <button
            type="button"
            className={buttonClass({ variant: 'default', left: true, className: 'no-print' })}
            onClick={() => window.print()}
          >
            <ButtonContent left={<IconPrinter size={18} aria-hidden="true" />}>Распечатать</ButtonContent>
          </button>
        </div>
      </PageHeader>
      <SectionedArticle sections={document.sections} />
    </>
  )
}
