import { Alert, Anchor, Badge, Checkbox, Group, Stack, Text, Title } from '@mantine/core'
import { IconAlertTriangle, IconPhoto } from '@tabler/icons-react'
import { AppImage } from '#app/components/AppImage.tsx'
import { AppLink } from '#app/components/AppLink.tsx'
import { StatusBadge } from '#app/components/StatusBadge.tsx'
import { formatMoney } from '#app/lib/format.ts'
import type { ProductsPage } from './products-page.ts'
import { PRICE_ON_REQUEST } from '#common/catalog/products.ts'
import { editProductPath, previewProductPath } from './list-url.ts'
import classes from './products.module.css'
import { quote } from '#common/format.ts'

export type ListProduct = ProductsPage['items'][number]

export const UNTITLED = 'Без названия'

function priceOf(product: ListProduct): string {
  if (product.priceOnRequest) return PRICE_ON_REQUEST
  return product.priceKopecks === null ? 'Цена не указана' : formatMoney(product.priceKopecks)
}

/** Changes to a product on sale that the catalogue does not show yet, and where they are. */
function pendingLabel(product: ListProduct): string | null {
  if (!product.hasPendingChanges) return null
  return product.status === 'moderation' ? 'Есть изменения на модерации' : 'Есть неотправленные изменения'
}

/**
 * One product of the list: photo, title, SKU, price, status and what waits, with its links. A
 * product sent back by staff stands out and shows their comment where the vendor sees it first.
 */
export function ProductCard({
  product,
  selectable,
  checked,
  onCheckedChange,
}: {
  product: ListProduct
  selectable: boolean
  checked: boolean
  onCheckedChange: (checked: boolean) => void
}) {
  const title = product.title.trim() || UNTITLED
  const titleId = `product-${product.id}`
  const pending = pendingLabel(product)
  const needsFixes = product.status === 'needFixes'
  return (
    <li
      className={classes.card}
      data-plain={selectable ? undefined : ''}
      data-attention={needsFixes ? '' : undefined}
      aria-labelledby={titleId}
    >
      {selectable && (
        <div className={classes.check}>
          <Checkbox
            name="ids"
            value={product.id}
            checked={checked}
            onChange={(event) => onCheckedChange(event.currentTarget.checked)}
            aria-label={`Выбрать ${quote(title)}`}
          />
        </div>
      )}
      <div className={classes.photo}>
        {product.image ? (
          <AppImage src={product.image.src} alt="" size="thumb" />
        ) : (
          <IconPhoto size={28} aria-hidden="true" />
        )}
      </div>
      <Stack gap={6} className={classes.main}>
        <Title order={2} size="h5" id={titleId} className={classes.title}>
          <Anchor component={AppLink} to={editProductPath(product.id)} c={product.title.trim() ? undefined : 'dimmed'}>
            {title}
          </Anchor>
        </Title>
        <Text size="sm" c="dimmed">
          Артикул: {product.sku.trim() || 'не указан'}
        </Text>
        <Group gap={6} wrap="wrap">
          {/* Dots in the status colours beside dark text: coloured text on a tint is too pale to read. */}
          <StatusBadge lifecycle="product" status={product.status} dot />
          {product.published && (
            <Badge color="teal" variant="dot">
              В каталоге
            </Badge>
          )}
          {pending && (
            <Badge color={product.status === 'moderation' ? 'blue' : 'yellow'} variant="dot">
              {pending}
            </Badge>
          )}
        </Group>
        {needsFixes && (
          <Alert
            role="note"
            color="orange"
            variant="light"
            py="xs"
            icon={<IconAlertTriangle size={18} aria-hidden="true" />}
          >
            <Text size="sm" fw={700}>
              Требует доработки
            </Text>
            <Text size="sm">
              {product.staffComment ? (
                <>Комментарий модератора: {product.staffComment}</>
              ) : (
                'Сотрудники платформы вернули товар на доработку.'
              )}
            </Text>
            <Text size="sm">Исправьте товар и отправьте его на модерацию снова.</Text>
          </Alert>
        )}
      </Stack>
      <Text className={classes.price} data-testid="product-price">
        {priceOf(product)}
      </Text>
      <Group gap="md" className={classes.links} wrap="wrap">
        <Anchor component={AppLink} to={editProductPath(product.id)} size="sm" aria-describedby={titleId}>
          {product.status === 'moderation' ? 'Открыть' : 'Изменить'}
        </Anchor>
        <Anchor component={AppLink} to={previewProductPath(product.id)} size="sm" aria-describedby={titleId}>
          Предпросмотр
        </Anchor>
        {product.published && product.slug && (
          <Anchor component={AppLink} to={`/product/${product.slug}`} size="sm" aria-describedby={titleId}>
            Открыть в каталоге
          </Anchor>
        )}
      </Group>
    </li>
  )
}
