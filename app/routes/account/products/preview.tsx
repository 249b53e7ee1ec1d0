import { Alert, Anchor, Button, Group, Stack, Text } from '@mantine/core'
import { IconEye } from '@tabler/icons-react'
import { AppLink } from '#app/components/AppLink.tsx'
import { describeProduct } from '#app/components/product/product-display.server.ts'
import { ProductView } from '#app/components/product/ProductView.tsx'
import { editProductPath } from '#app/components/products/product-paths.ts'
import { StatusBadge } from '#app/components/StatusBadge.tsx'
import { loadOrFail } from '#app/lib/http-errors.ts'
import { getAppContext } from '#app/lib/load-context.ts'
import type { Route } from './+types/preview'

export const meta: Route.MetaFunction = () => [
  { title: 'Предпросмотр товара — личный кабинет — БАС Маркет' },
  { name: 'robots', content: 'noindex' },
]

/** /personal-account/products/preview/{id}: the draft exactly as its product page will show it. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { ctx, services } = getAppContext(context)
  if (!ctx.user) return { signedIn: false as const }
  const preview = await loadOrFail(request, () => services.products.preview(ctx, params.id))
  return { signedIn: true as const, ...preview, display: describeProduct(preview.page) }
}

export { RouteErrorBoundary as ErrorBoundary } from '#app/components/RouteErrorBoundary.tsx'

/** What happens next, by where the draft stands. */
function nextStep(status: string, published: boolean, missing: number): string {
  if (status === 'moderation')
    return published
      ? 'Изменения на модерации. Пока модератор их не одобрит, покупатели видят прежнюю версию.'
      : 'Товар на модерации. После одобрения он появится в каталоге — так, как показано ниже.'
  if (status === 'approved')
    return published
      ? 'Так товар выглядит в каталоге сейчас.'
      : 'Товар снят с публикации. Отправьте его на модерацию, чтобы он вернулся в каталог.'
  if (status === 'needFixes') return 'Модератор вернул товар на доработку. Исправьте замечания и отправьте его снова.'
  if (missing > 0) return 'Это черновик: заполните обязательные поля и отправьте товар на модерацию.'
  return published
    ? 'Это ваши изменения опубликованного товара. Покупатели увидят их после модерации.'
    : 'Это черновик. Отправьте его на модерацию — после одобрения он появится в каталоге.'
}

export default function ProductPreviewRoute({ loaderData }: Route.ComponentProps) {
  if (!loaderData.signedIn) return null
  const { product, page, display, problems } = loaderData
  return (
    <Stack gap="lg">
      <Alert
        color="blue"
        icon={<IconEye aria-hidden="true" />}
        title="Предпросмотр: так товар будет выглядеть в каталоге"
      >
        <Stack gap="xs">
          <Group gap="xs">
            <Text size="sm">Статус:</Text>
            <StatusBadge lifecycle="product" status={product.status} />
            {product.published && <Text size="sm">опубликован</Text>}
          </Group>
          <Text size="sm">{nextStep(product.status, product.published, Object.keys(problems).length)}</Text>
          {product.staffComment && <Text size="sm">Комментарий модератора: {product.staffComment}</Text>}
          <Group gap="sm">
            <Button component={AppLink} to={editProductPath(product.id)} size="xs">
              Вернуться к редактированию
            </Button>
            {product.published && product.slug && (
              <Anchor component={AppLink} to={`/product/${product.slug}`} size="sm">
                Открыть опубликованную версию
              </Anchor>
            )}
          </Group>
        </Stack>
      </Alert>
      <section aria-label="Страница товара в каталоге">
        <ProductView product={page} display={display} />
      </section>
    </Stack>
  )
}
