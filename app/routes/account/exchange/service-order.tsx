import { Alert, Anchor, Grid, Group, Stack, Text, Title } from '@mantine/core'
import { IconInfoCircle } from '@tabler/icons-react'
import { useActionData } from 'react-router'
import { AppLink } from '#app/components/AppLink.tsx'
import { pageMeta } from '#app/components/RouteErrorBoundary.tsx'
import { COMPANY_PATH } from '#app/components/company/company-ui.ts'
import { isServiceOrderIntent } from '#app/components/exchange/service-orders/action-state.tsx'
import { ServiceOrderActions } from '#app/components/exchange/service-orders/ServiceOrderActions.tsx'
import { ServiceOrderStatusBadge } from '#app/components/exchange/service-orders/ServiceOrderStatusBadge.tsx'
import {
  ServiceOrderDocuments,
  ServiceOrderConversation,
  ServiceOrderResult,
  ServiceOrderReviews,
  ServiceOrderTerms,
  ServiceOrderTimeline,
} from '#app/components/exchange/service-orders/ServiceOrderSections.tsx'
import { formatDate } from '#app/lib/format.ts'
import type { ChatMessage } from '#common/chat.ts'
import { CABINET_EXCHANGE_TAB_LABELS, exchangeLinks } from '#common/exchange/links.ts'
import { SERVICE_ORDER_ACTOR_LABELS, type ServiceOrderDetails } from '#common/exchange/service-orders.ts'
import { loadServiceOrder, serviceOrderAction } from './service-order.server.ts'
import type { Route } from './+types/service-order'
import { useIntentAction } from '#app/components/IntentForms.tsx'

export const meta: Route.MetaFunction = pageMeta(({ params }) => [
  { title: `Заказ услуги № ${params.nr} — личный кабинет — БАС Маркет` },
])

/** /personal-account/service-order/{purchase|sale}/{number}: one service order as its side sees it. */
export const loader = ({ request, context, params }: Route.LoaderArgs) =>
  loadServiceOrder(request, context, params.type, params.nr)

export const action = ({ request, context, params }: Route.ActionArgs) =>
  serviceOrderAction(request, context, params.type, params.nr)

export { RouteErrorBoundary as ErrorBoundary } from '#app/components/RouteErrorBoundary.tsx'

/** The page's forms: the last answer, the form being sent; a success is announced once. */
function CancelledNotice({ order }: { order: ServiceOrderDetails }) {
  if (order.status !== 'cancelled') return null
  const entry = order.history.findLast((h) => h.to === 'cancelled')
  return (
    <Alert color="gray" variant="light" title="Заказ отменён" icon={<IconInfoCircle aria-hidden="true" />}>
      <Stack gap={4}>
        {order.cancelReason && (
          <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            Причина: {order.cancelReason}
          </Text>
        )}
        {entry && (
          <Text size="sm" c="dimmed">
            Отменил: {SERVICE_ORDER_ACTOR_LABELS[entry.by]}
            {entry.byName ? ` · ${entry.byName}` : ''}, {formatDate(entry.at)}
          </Text>
        )}
      </Stack>
    </Alert>
  )
}

function ServiceOrderPage({ order, messages }: { order: ServiceOrderDetails; messages: ChatMessage[] }) {
  const state = useIntentAction(useActionData<typeof action>(), isServiceOrderIntent)
  const counterpart = order.side === 'purchase' ? order.contractor : order.customer
  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Anchor component={AppLink} to={exchangeLinks.cabinet('orders')} size="sm">
          ← {CABINET_EXCHANGE_TAB_LABELS.orders}
        </Anchor>
        <Group gap="sm" align="center" wrap="wrap">
          <Title order={1} size="h2">
            Заказ услуги № {order.number}
          </Title>
          <ServiceOrderStatusBadge status={order.status} size="lg" />
        </Group>
        <Text size="sm" c="dimmed">
          от {formatDate(order.createdAt)} · {order.side === 'purchase' ? 'исполнитель' : 'заказчик'} {counterpart.name}
        </Text>
      </Stack>
      <CancelledNotice order={order} />
      <ServiceOrderActions order={order} state={state} />
      <ServiceOrderReviews order={order} state={state} />
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Stack gap="lg">
            <ServiceOrderTerms order={order} />
            <ServiceOrderResult order={order} />
            <ServiceOrderDocuments order={order} />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Stack gap="lg">
            <ServiceOrderConversation order={order} messages={messages} />
            <ServiceOrderTimeline order={order} />
          </Stack>
        </Grid.Col>
      </Grid>
    </Stack>
  )
}

export default function ServiceOrderRoute({ loaderData }: Route.ComponentProps) {
  if (loaderData.kind === 'guest') return null
  if (loaderData.kind === 'noOrganization') {
    return (
      <Stack gap="lg">
        <Title order={1} size="h2">
          Заказ услуги
        </Title>
        <Alert color="blue" icon={<IconInfoCircle aria-hidden="true" />}>
          <Stack gap="xs" align="flex-start">
            <Text size="sm">
              Заказы принадлежат организации. Выберите организацию, от имени которой работаете, или зарегистрируйте её.
            </Text>
            <Anchor component={AppLink} to={COMPANY_PATH} fw={600}>
              Перейти к компании
            </Anchor>
          </Stack>
        </Alert>
      </Stack>
    )
  }
  return <ServiceOrderPage order={loaderData.order} messages={loaderData.messages} />
}
