import { Alert, Anchor, Badge, Box, Group, List, Paper, Stack, Text, Title } from '@mantine/core'
import { type ShouldRevalidateFunctionArgs, useFetcher, useNavigation } from 'react-router'
import { AppImage } from '#app/components/AppImage.tsx'
import { AppLink } from '#app/components/AppLink.tsx'
import { EmptyState } from '#app/components/lists/EmptyState.tsx'
import { ListPager } from '#app/components/lists/ListPager.tsx'
import { formatCount, formatDate, formatDateTimeNumeric, formatWaiting } from '#app/lib/format.ts'
import { loadOrFail } from '#app/lib/http-errors.ts'
import { searchOf, SIGN_IN_FIRST, staffActionFailure, staffContext } from '#app/lib/staff-access.ts'
import { ModerationDecision, type ModerationDecisionResult } from '#app/components/staff/ModerationDecision.tsx'
import { exchangeLinks } from '#common/exchange/links.ts'
import { OfferFixesInput } from '#common/exchange/offers.ts'
import { formatServicePrice, SERVICE_TYPE_LABELS } from '#common/exchange/services.ts'
import { regionName } from '#common/regions.ts'
import { SPHERES } from '#content/spheres/index.ts'
import type { Route } from './+types/service-offers'
import { StoredHtml } from '#app/components/StoredHtml.tsx'

const QUEUE_PATH = '/personal-account/staff/service-offers'

export const meta: Route.MetaFunction = () => [
  { title: 'Услуги на модерации — БАС Маркет' },
  { name: 'robots', content: 'noindex' },
]

/** /personal-account/staff/service-offers: service offers waiting for staff, the longest-waiting first. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const app = staffContext(context)
  if (!app) return null
  const { services, ctx } = app
  const offers = services.exchange.offers
  const queue = await loadOrFail(request, () => offers.queue(ctx, searchOf(request)))
  // Staff decide from the whole offer: each one on the page in full (a page is at most 20).
  const reviews = await Promise.all(queue.items.map((item) => offers.review(ctx, item.id)))
  const sphereTitles = new Map(SPHERES.map((s) => [s.slug as string, s.shortTitle]))
  const now = new Date()
  return {
    ...queue,
    items: queue.items.map((item, i) => {
      const offer = reviews[i]!
      return {
        ...item,
        description: offer.description,
        spheres: offer.spheres.map((s) => sphereTitles.get(s) ?? s),
        regionNames: offer.nationwide ? ['Вся Россия'] : offer.regions.map(regionName),
        licences: offer.licences,
        equipment: offer.equipment,
        photos: offer.photos,
        waiting: item.submittedAt ? formatWaiting(item.submittedAt, now) : null,
      }
    }),
  }
}

/**
 * A decision keeps the queue as it was: the decided offer stays in place with what was done, so
 * the list does not jump under the moderator's hand; the next visit shows the queue anew.
 */
export function shouldRevalidate({ formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (formMethod?.toUpperCase() === 'POST') return false
  return defaultShouldRevalidate
}

export type OfferDecisionResult = ModerationDecisionResult<{ id: string; sellerSlug: string | null }, { id: string }>

export async function action({ request, context }: Route.ActionArgs): Promise<OfferDecisionResult> {
  const form = await request.formData()
  const intent = form.get('intent') === 'approve' ? 'approve' : 'requestFixes'
  const id = String(form.get('id') ?? '')
  const app = staffContext(context)
  if (!app) return { ...SIGN_IN_FIRST, id, intent }
  const { offers } = app.services.exchange
  try {
    if (intent === 'approve') {
      const approved = await offers.approve(app.ctx, id)
      return { ok: true, id, intent, message: 'Услуга одобрена и уже на бирже.', sellerSlug: approved.sellerSlug }
    }
    await offers.requestFixes(app.ctx, id, { comment: String(form.get('comment') ?? '') })
    return {
      ok: true,
      id,
      intent,
      message: 'Услуга возвращена на доработку. Продавец получит комментарий.',
      sellerSlug: null,
    }
  } catch (error) {
    return staffActionFailure(error, { id, intent })
  }
}

type LoaderData = NonNullable<Route.ComponentProps['loaderData']>
type QueueItem = LoaderData['items'][number]

function Decision({ item }: { item: QueueItem }) {
  const fetcher = useFetcher<OfferDecisionResult>({ key: `offer-decision-${item.id}` })
  const result = fetcher.state === 'idle' ? fetcher.data : undefined
  return (
    <Stack gap="xs">
      {result && (
        <Alert color={result.ok ? 'teal' : 'red'} py="xs" role={result.ok ? 'status' : 'alert'}>
          {result.message}
          {result.ok && result.sellerSlug && (
            <>
              {' '}
              <Anchor component={AppLink} to={exchangeLinks.sellerServices(result.sellerSlug)} size="sm">
                Страница услуг продавца
              </Anchor>
            </>
          )}
        </Alert>
      )}
      {!result?.ok && (
        <>
          <ModerationDecision
            fetcher={fetcher}
            hidden={{ id: item.id }}
            listing="услугу"
            checkComment={(comment) => OfferFixesInput.safeParse({ comment }).error?.issues[0]?.message ?? null}
            commentMax={2000}
            rows={{ min: 2, max: 6 }}
          />
        </>
      )}
    </Stack>
  )
}

function QueueRow({ item }: { item: QueueItem }) {
  const titleId = `offer-title-${item.id}`
  return (
    <Paper component="li" withBorder p="md" radius="md" aria-labelledby={titleId}>
      <Stack gap="sm">
        <Group gap="xs" wrap="wrap">
          <Badge variant={item.isUpdate ? 'light' : 'outline'} color={item.isUpdate ? 'blue' : 'navy'}>
            {item.isUpdate ? 'Изменение опубликованной' : 'Новая услуга'}
          </Badge>
          {item.waiting && (
            <Text size="xs" c="dimmed" title={`Отправлена ${formatDateTimeNumeric(item.submittedAt!)}`}>
              ждёт {item.waiting}
            </Text>
          )}
        </Group>
        <Title order={3} size="h5" id={titleId} style={{ overflowWrap: 'anywhere' }}>
          {item.title || 'Без названия'}
        </Title>
        <Text size="sm">
          <Text span c="dimmed">
            Продавец:{' '}
          </Text>
          {item.vendor?.name ?? 'неизвестен'}
          <Text span c="dimmed">
            {' · '}
          </Text>
          {SERVICE_TYPE_LABELS[item.type]}
          <Text span c="dimmed">
            {' · '}
          </Text>
          <Text span fw={600}>
            {formatServicePrice(item.priceFromKopecks, item.priceUnit)}
          </Text>
        </Text>
        <Text size="sm">
          <Text span c="dimmed">
            Сферы:{' '}
          </Text>
          {item.spheres.join(', ') || '—'}
        </Text>
        <Text size="sm">
          <Text span c="dimmed">
            Регионы:{' '}
          </Text>
          {item.regionNames.join(', ') || '—'}
        </Text>
        {item.photos.length > 0 && (
          <Group gap="xs">
            {item.photos.slice(0, 4).map((photo) => (
              <Box key={photo.id} w={96} h={72} style={{ overflow: 'hidden', borderRadius: 4 }} bg="gray.1">
                <AppImage src={photo.src} alt={photo.alt} size="thumb" />
              </Box>
            ))}
          </Group>
        )}
        <Box fz="sm" style={{ overflowWrap: 'anywhere' }}>
          <StoredHtml html={item.description} />
        </Box>
        {item.equipment.length > 0 && (
          <Text size="sm">
            <Text span c="dimmed">
              Оборудование:{' '}
            </Text>
            {item.equipment.map((e) => e.title).join(', ')}
          </Text>
        )}
        {item.licences.length > 0 && (
          <List size="sm">
            {item.licences.map((l, i) => (
              <List.Item key={i}>
                {l.title}, № {l.number}
                {l.validUntil ? `, до ${formatDate(l.validUntil)}` : ''}
              </List.Item>
            ))}
          </List>
        )}
        <Decision item={item} />
      </Stack>
    </Paper>
  )
}

export default function StaffServiceOffers({ loaderData }: Route.ComponentProps) {
  const navigation = useNavigation()
  if (!loaderData) return null
  const { items, page, pageSize, total } = loaderData
  const pending = navigation.state === 'loading' && navigation.location?.pathname === QUEUE_PATH
  return (
    <Stack gap="md">
      <Stack gap={4}>
        <Title order={2} size="h3">
          Услуги на модерации
        </Title>
        <Text size="sm" c="dimmed">
          Сначала те, что ждут дольше. Одобренная услуга сразу появляется на бирже услуг; изменение опубликованной
          заменяет версию, которую видят заказчики.
        </Text>
      </Stack>
      <Box aria-busy={pending} style={{ opacity: pending ? 0.6 : 1 }}>
        {items.length === 0 ? (
          total > 0 ? (
            <EmptyState title="На этой странице услуг нет">
              <AppLink to={QUEUE_PATH}>К началу очереди</AppLink>
            </EmptyState>
          ) : (
            <EmptyState title="Очередь пуста — все услуги проверены">
              Когда продавец отправит услугу на модерацию, она появится здесь.
            </EmptyState>
          )
        ) : (
          <Stack gap="sm">
            <Text size="sm" role="status">
              {formatCount(total, ['услуга ждёт', 'услуги ждут', 'услуг ждут'])} проверки
            </Text>
            <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Очередь услуг">
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
