import { Anchor, Card, SimpleGrid, Text } from '@mantine/core'
import { AppLink } from '#app/components/AppLink.tsx'
import { PageHeader } from '#app/components/content/PageHeader.tsx'
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

export const meta: Route.MetaFunction = ({ loaderData }) => seoMeta(loaderData?.seo)

const dateFormat = new Intl.DateTimeFormat('ru-RU', { day: 'numeric', month: 'long', year: 'numeric' })

export default function LegalIndexRoute({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <PageHeader
        title={LEGAL_INDEX.title}
        lead={LEGAL_INDEX.lead}
        crumbs={[{ to: '/legal-information', label: LEGAL_INDEX.title }]}
      />
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        {loaderData.documents.map((doc) => (
          <Card key={doc.slug} withBorder padding="lg">
            <Anchor component={AppLink} to={`/legal-information/${doc.slug}`} fw={700} size="lg">
              {doc.title}
            </Anchor>
            <Text size="sm" c="dimmed" mt="xs">
              {doc.summary}
            </Text>
            <Text size="xs" c="dimmed" mt="sm">
              Редакция от {dateFormat.format(new Date(doc.effectiveDate))}
            </Text>
          </Card>
        ))}
      </SimpleGrid>
    </>
  )
}
