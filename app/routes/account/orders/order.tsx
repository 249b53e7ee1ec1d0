import { Alert, Anchor, Button, Grid, Group, List, Paper, Stack, Text, Title } from '@mantine/core'
import { IconFileTypePdf, IconInfoCircle, IconMessageCircle } from '@tabler/icons-react'
import { useActionData } from 'react-router'
import { AppLink } from '#app/components/AppLink.tsx'
import { pageMeta } from '#app/components/RouteErrorBoundary.tsx'
import { StatusBadge } from '#app/components/StatusBadge.tsx'
import type { ActionState } from '#app/components/orders/action-state.tsx'
import { OrderActions } from '#app/components/orders/OrderActions.tsx'
import { OrderDelivery } from '#app/components/orders/OrderDelivery.tsx'
import { OrderLines } from '#app/components/orders/OrderLines.tsx'
import { OrderParties } from '#app/components/orders/OrderParties.tsx'
import { actorOf, OrderTimeline } from '#app/components/orders/OrderTimeline.tsx'
import { RegistrationPanel } from '#app/components/orders/RegistrationPanel.tsx'
import { isOrderIntent } from '#app/components/orders/order-forms.ts'
import { ORDERS_PATH, TAB_LABELS, TAB_OF_SIDE } from '#app/components/orders/order-paths.ts'
import { COMPANY_PATH } from '#app/components/company/company-ui.ts'
import { formatDate } from '#app/lib/format.ts'
import type { OrderDetails } from '#common/orders.ts'
import { loadOrder, orderAction } from './order.server.ts'
import { OrderReviews } from '#app/components/reviews/OrderReviews.tsx'
import type { Reviewable } from '#common/reviews.ts'
import type { Route } from './+types/order'
import { useIntentAction } from '#app/components/IntentForms.tsx'

export const meta: Route.MetaFunction = pageMeta(({ params }) => [
  { title: `Заказ № ${params.nr} — личный кабинет — БАС Маркет` },
])

/** /personal-account/order/{purchase|sale}/{number}: one order as its side sees it, and what it may do now. */
export const loader = ({ request, context, params }: Route.LoaderArgs) =>
  loadOrder(request, context, params.type, params.nr)

export const action = ({ request, context, params }: Route.ActionArgs) =>
  orderAction(request, context, params.type, params.nr)

export { RouteErrorBoundary as ErrorBoundary } from '#app/components/RouteErrorBoundary.tsx'

/** The page's forms: the last answer, the form being sent; a success is announced once. */
function Documents({ order }: { order: Pick<OrderDetails, 'documents' | 'chatRoomGuid' | 'status'> }) {
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="order-documents-title">
      <Stack gap="sm">
        <Title order={2} size="h3" id="order-documents-title">
          Документы
        </Title>
        {order.documents.length > 0 ? (
          <List spacing={6} size="sm" listStyleType="none" p={0}>
            {order.documents.map((doc) => (
              <List.Item key={doc.kind}>
                <Anchor href={doc.href} size="sm">
                  <IconFileTypePdf
                    size={16}
                    aria-hidden="true"
                    style={{ verticalAlign: 'text-bottom', marginRight: 4 }}
                  />
                  {doc.title}
                  {doc.kind !== 'shipping' && (
                    <Text span size="xs" c="dimmed">
                      {' '}
                      (PDF)
                    </Text>
                  )}
                </Anchor>
              </List.Item>
            ))}
          </List>
        ) : (
          <Text size="sm" c="dimmed">
            {order.status === 'cancelled'
              ? 'Заказ отменён до выставления счёта: документов по нему нет.'
              : 'Счёт на оплату появится, когда продавец подтвердит заказ, а товарная накладная — после отгрузки.'}
          </Text>
        )}
        {order.chatRoomGuid && (
          <div>
            <Button
              component={AppLink}
              to={`/chat?roomId=${encodeURIComponent(order.chatRoomGuid)}`}
              variant="light"
              leftSection={<IconMessageCircle size={18} aria-hidden="true" />}
            >
              Переписка по заказу
            </Button>
          </div>
        )}
      </Stack>
    </Paper>
  )
}

function CancelledNotice({ order }: { order: Pick<OrderDetails, 'status' | 'cancelReason' | 'history'> }) {
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
            Отменил: {actorOf(entry)}, {formatDate(entry.at)}
          </Text>
        )}
      </Stack>
    </Alert>
  )
}

function OrderPage({
  order,
  reviewable,
  today,
}: {
  order: OrderDetails
  reviewable: Reviewable | null
  today: string
}) {
  const state: ActionState = useIntentAction(useActionData<typeof action>(), isOrderIntent)
  const tab = TAB_OF_SIDE[order.side]
  const counterpart = order.side === 'purchase' ? order.seller : order.buyer
  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Anchor component={AppLink} to={`${ORDERS_PATH}/${tab}`} size="sm">
          ← {TAB_LABELS[tab]}
        </Anchor>
        <Group gap="sm" align="center" wrap="wrap">
          <Title order={1} size="h2">
            Заказ № {order.number}
          </Title>
          <StatusBadge lifecycle="order" status={order.status} size="lg" />
        </Group>
        <Text size="sm" c="dimmed">
          от {formatDate(order.createdAt)} · {order.side === 'purchase' ? 'продавец' : 'покупатель'} {counterpart.name}
        </Text>
      </Stack>
      <CancelledNotice order={order} />
      <OrderActions order={order} state={state} today={today} />
      {order.side === 'purchase' && <RegistrationPanel order={order} state={state} />}
      <OrderLines order={order} />
      {reviewable && <OrderReviews orderNumber={order.number} reviewable={reviewable} />}
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 6 }}>
          <OrderDelivery order={order} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 6 }}>
          <Stack gap="lg">
            <Documents order={order} />
            <OrderTimeline history={order.history} />
          </Stack>
        </Grid.Col>
      </Grid>
      <OrderParties order={order} />
    </Stack>
  )
}

export default function OrderRoute({ loaderData }: Route.ComponentProps) {
  if (loaderData.kind === 'guest') return null
  if (loaderData.kind === 'noOrganization') {
    return (
      <Stack gap="lg">
        <Title order={1} size="h2">
          Заказ
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
  return <OrderPage order={loaderData.order} reviewable={loaderData.reviewable} today={loaderData.today} />
}
