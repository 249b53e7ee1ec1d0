import { Alert, Anchor, Button, Group, Stack, Text } from '@mantine/core'
import { IconEye } from '@tabler/icons-react'
import { AppLink } from '#app/components/AppLink.tsx'
import { ArticleView } from '#app/components/media/ArticleView.tsx'
import { StatusBadge } from '#app/components/StatusBadge.tsx'
import { formatDateTime } from '#app/lib/format.ts'
import { loadOrFail } from '#app/lib/http-errors.ts'
import { staffContext } from '#app/lib/staff-access.ts'
import { mediaLinks } from '#common/media/articles.ts'
import type { Route } from './+types/article-preview'

/**
 * /personal-account/staff/articles/{id}/preview: the article as it was last saved, rendered by the
 * public page's own component, so staff see exactly what readers will.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const app = staffContext(context)
  if (!app) return null
  const { services, ctx, publicConfig } = app
  const [page, article] = await Promise.all([
    loadOrFail(request, () => services.media.preview(ctx, params.id)),
    loadOrFail(request, () => services.media.staffGet(ctx, params.id)),
  ])
  return {
    page,
    id: article.id,
    status: article.status,
    publishAt: article.publishAt,
    url: `${publicConfig.publicUrl.replace(/\/+$/, '')}${mediaLinks.article(page.slug)}`,
  }
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `Предпросмотр: ${loaderData?.page.title ?? 'статья'} — БАС Маркет` },
  { name: 'robots', content: 'noindex' },
]

export { RouteErrorBoundary as ErrorBoundary } from '#app/components/RouteErrorBoundary.tsx'

export default function ArticlePreviewRoute({ loaderData }: Route.ComponentProps) {
  if (!loaderData) return null
  const { page, id, status, publishAt, url } = loaderData
  return (
    <Stack gap="lg">
      <Alert color="blue" icon={<IconEye aria-hidden="true" />} title="Предпросмотр">
        <Stack gap="xs">
          <Group gap="xs" wrap="wrap">
            <Text size="sm">Так статья выглядит для читателей. Статус:</Text>
            <StatusBadge lifecycle="article" status={status} />
            {status === 'scheduled' && publishAt && <Text size="sm">выйдет {formatDateTime(publishAt)} (МСК)</Text>}
          </Group>
          <Text size="sm">Показана последняя сохранённая версия.</Text>
          <Group gap="sm">
            <Button component={AppLink} to={mediaLinks.staffEdit(id)} size="xs">
              Вернуться к редактированию
            </Button>
            {status === 'published' && (
              <Anchor component={AppLink} to={mediaLinks.article(page.slug)} size="sm">
                Открыть на сайте
              </Anchor>
            )}
          </Group>
        </Stack>
      </Alert>
      <section aria-label="Статья, как её увидят читатели">
        <ArticleView article={page} url={url} />
      </section>
    </Stack>
  )
}
