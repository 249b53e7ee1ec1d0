import { Anchor, Badge, Box, Button, Group, NativeSelect, Paper, Stack, Text, Title } from '@mantine/core'
import { IconFilter, IconPhotoOff } from '@tabler/icons-react'
import { Form, useNavigation } from 'react-router'
import { AppImage } from '#app/components/AppImage.tsx'
import { AppLink } from '#app/components/AppLink.tsx'
import { EmptyState } from '#app/components/lists/EmptyState.tsx'
import { ListPager } from '#app/components/lists/ListPager.tsx'
import { formatCount, formatDateTimeNumeric, formatWaiting } from '#app/lib/format.ts'
import { loadOrFail } from '#app/lib/http-errors.ts'
import { searchOf, staffContext } from '#app/lib/staff-access.ts'
import { getCategory } from '#common/catalog/categories.ts'
import { formatPrice } from '#common/catalog/format.ts'
import { StaffQueueQuery } from '#common/products.schemas.ts'
import type { Route } from './+types/products'

const QUEUE_PATH = '/personal-account/staff/products'

/** /personal-account/staff/products: products waiting for staff, the longest-waiting first. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const app = staffContext(context)
  if (!app) return null
  const { services, ctx } = app
  const search = searchOf(request)
  const [queue, filters] = await Promise.all([
    loadOrFail(request, () => services.products.moderation.queue(ctx, search)),
    loadOrFail(request, () => services.products.moderation.queueFilters(ctx)),
  ])
  const { vendor, category } = StaffQueueQuery.parse(search)
  const now = new Date()
  return {
    ...queue,
    items: queue.items.map((item) => ({
      ...item,
      categoryTitle: item.categorySlug ? (getCategory(item.categorySlug)?.title ?? item.categorySlug) : null,
      waiting: item.submittedAt ? formatWaiting(item.submittedAt, now) : null,
    })),
    filters,
    vendor: vendor ?? '',
    category: category ?? '',
  }
}

type LoaderData = NonNullable<Route.ComponentProps['loaderData']>
type QueueItem = LoaderData['items'][number]

const THUMB = { width: 96, height: 72 }

function Thumb({ image }: { image: QueueItem['image'] }) {
  return (
    <Box w={THUMB.width} h={THUMB.height} style={{ flexShrink: 0, overflow: 'hidden', borderRadius: 4 }} bg="gray.1">
      {image ? (
        <AppImage src={image.src} alt="" size="thumb" />
      ) : (
        <Group h="100%" justify="center" c="gray.6" aria-hidden="true">
          <IconPhotoOff size={24} />
        </Group>
      )}
    </Box>
  )
}

function QueueRow({ item }: { item: QueueItem }) {
  return (
    <Paper component="li" withBorder p="sm" radius="md">
      <Group wrap="nowrap" align="start" gap="md">
        <Thumb image={item.image} />
        <Stack gap={4} style={{ minWidth: 0, flex: 1 }}>
          <Group gap="xs" wrap="wrap">
            <Badge variant={item.isUpdate ? 'light' : 'outline'} color={item.isUpdate ? 'blue' : 'navy'}>
              {item.isUpdate ? 'Изменение опубликованного' : 'Новый товар'}
            </Badge>
            {item.waiting && (
              <Text size="xs" c="dimmed" title={`Отправлен ${formatDateTimeNumeric(item.submittedAt!)}`}>
                ждёт {item.waiting}
              </Text>
            )}
          </Group>
          <Anchor component={AppLink} to={`${QUEUE_PATH}/${item.id}`} fw={600} style={{ overflowWrap: 'anywhere' }}>
            {item.title || 'Без названия'}
          </Anchor>
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            <Text span c="dimmed">
              Артикул:{' '}
            </Text>
            {item.sku || '—'}
            <Text span c="dimmed">
              {' · '}Продавец:{' '}
            </Text>
            {item.vendor?.name ?? 'неизвестен'}
          </Text>
          <Group gap="xs" justify="space-between" wrap="wrap">
            <Text size="sm" c="dimmed">
              {item.categoryTitle ?? 'Категория не выбрана'}
            </Text>
            <Text size="sm" fw={600}>
              {formatPrice(item.priceKopecks)}
            </Text>
          </Group>
        </Stack>
      </Group>
    </Paper>
  )
}

function Filters({ data, pending }: { data: LoaderData; pending: boolean }) {
  const { filters, vendor, category } = data
  const filtered = Boolean(vendor || category)
  return (
    <Form method="get" role="search" aria-label="Фильтры очереди">
      <Group gap="sm" align="end" wrap="wrap">
        <NativeSelect
          name="vendor"
          label="Продавец"
          defaultValue={vendor}
          key={`vendor-${vendor}`}
          data={[
            { value: '', label: 'Все продавцы' },
            ...filters.vendors.map((v) => ({ value: v.id, label: `${v.name} (${v.count})` })),
          ]}
          w={{ base: '100%', xs: 260 }}
        />
        <NativeSelect
          name="category"
          label="Категория"
          defaultValue={category}
          key={`category-${category}`}
          data={[
            { value: '', label: 'Все категории' },
            ...filters.categories.map((c) => ({ value: c.slug, label: `${c.title} (${c.count})` })),
          ]}
          w={{ base: '100%', xs: 260 }}
        />
        <Button
          type="submit"
          variant="default"
          loading={pending}
          leftSection={<IconFilter size={16} aria-hidden="true" />}
        >
          Показать
        </Button>
        {filtered && (
          <Anchor component={AppLink} to={QUEUE_PATH} size="sm" mb={8}>
            Сбросить фильтры
          </Anchor>
        )}
      </Group>
    </Form>
  )
}

export default function StaffProducts({ loaderData }: Route.ComponentProps) {
  const navigation = useNavigation()
  if (!loaderData) return null
  const { items, page, pageSize, total, vendor, category } = loaderData
  const pending = navigation.state === 'loading' && navigation.location?.pathname === QUEUE_PATH
  const filtered = Boolean(vendor || category)
  return (
    <Stack gap="md">
      <Stack gap={4}>
        <Title order={2} size="h3">
          Товары на модерации
        </Title>
        <Text size="sm" c="dimmed">
          Сначала те, что ждут дольше. Одобренный товар сразу появляется в каталоге; изменение опубликованного заменяет
          версию, которая продаётся сейчас.
        </Text>
      </Stack>
      <Filters data={loaderData} pending={pending} />
      <Box aria-busy={pending} style={{ opacity: pending ? 0.6 : 1 }}>
        {items.length === 0 ? (
          total > 0 ? (
            <EmptyState title="На этой странице товаров нет">
              <AppLink to={QUEUE_PATH}>К началу очереди</AppLink>
            </EmptyState>
          ) : filtered ? (
            <EmptyState title="По этим фильтрам товаров на модерации нет">
              <AppLink to={QUEUE_PATH}>Показать всю очередь</AppLink>
            </EmptyState>
          ) : (
            <EmptyState title="Очередь пуста — все товары проверены">
              Когда продавец отправит товар на модерацию, он появится здесь.
            </EmptyState>
          )
        ) : (
          <Stack gap="sm">
            <Text size="sm" role="status">
              {formatCount(total, ['товар ждёт', 'товара ждут', 'товаров ждут'])} проверки
            </Text>
            <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Очередь товаров">
              {items.map((item) => (
                <QueueRow key={item.id} item={item} />
              ))}
            </Stack>
          </Stack>
        )}
      </Box>
      {total > 0 && <ListPager page={page} pageSize={pageSize} total={total} />}
    </Stack>
  )
}
