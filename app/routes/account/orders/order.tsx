import { IconFileTypePdf, IconFileTypeXml, IconInfoCircle, IconMessageCircle } from '@tabler/icons-react'
import { useActionData } from 'react-router'
import { AppLink } from '#app/components/AppLink.tsx'
import { pageMeta } from '#app/components/RouteErrorBoundary.tsx'
import { StatusBadge } from '#app/components/StatusBadge.tsx'
import { ButtonContent, buttonClass } from '#app/components/ui/button.tsx'
import { Notice } from '#app/components/ui/fields.tsx'
import ui from '#app/components/ui/ui.module.css'
import facts from '#app/components/orders/order-facts.module.css'
import classes from './order.module.css'
import { type ActionState, failureOf, IntentForm, SubmitButton } from '#app/components/orders/action-state.tsx'
import { FormMessage } from '#app/components/company/FormMessage.tsx'
import { OrderActions } from '#app/components/orders/OrderActions.tsx'
import { OrderDelivery } from '#app/components/orders/OrderDelivery.tsx'
import { OrderCorrections } from '#app/components/orders/OrderCorrections.tsx'
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

/**
 * An order shipped before the platform issued transfer documents has none: its seller issues the
 * УПД here (dated the day of shipping), and is reminded of it every morning until then.
 */
function IssueUpd({ state }: { state: ActionState }) {
  const failure = failureOf(state, 'issueUpd')
  return (
    <IntentForm state={state} intent="issueUpd">
      <div className={`${facts.stackXs} ${facts.start}`}>
        <p className={`${ui.text} ${ui.sm}`}>
          Заказ отгружен без универсального передаточного документа. Выставьте его: он будет датирован днём отгрузки, а
          покупатель получит ссылки на PDF и XML для ЭДО.
        </p>
        <FormMessage failure={failure} />
        <SubmitButton state={state} intent="issueUpd" leftSection={<IconFileTypePdf size={18} aria-hidden="true" />}>
          Выставить УПД
        </SubmitButton>
      </div>
    </IntentForm>
  )
}

function Documents({
  order,
  state,
}: {
  order: Pick<OrderDetails, 'documents' | 'chatRoomGuid' | 'status' | 'side' | 'shipment'>
  state: ActionState
}) {
  const updDue = order.side === 'sale' && order.shipment && !order.documents.some((d) => d.kind === 'upd')
  return (
    <section className={`${ui.panel} ${facts.panel} ${facts.stackSm}`} aria-labelledby="order-documents-title">
      <h2 className={`${ui.title} ${ui.h3}`} id="order-documents-title">
        Документы
      </h2>
      {order.documents.length > 0 ? (
        <ul className={classes.documents}>
          {order.documents.map((doc) => (
            <li key={doc.href}>
              <a href={doc.href} className={`${ui.anchor} ${ui.sm}`}>
                {doc.kind === 'upd-xml' ? (
                  <IconFileTypeXml size={16} aria-hidden="true" className={classes.documentIcon} />
                ) : (
                  <IconFileTypePdf size={16} aria-hidden="true" className={classes.documentIcon} />
                )}
                {doc.title}
                {doc.kind !== 'shipping' && (
                  <span className={`${ui.xs} ${ui.dimmed}`}> ({doc.kind === 'upd-xml' ? 'XML' : 'PDF'})</span>
                )}
              </a>
            </li>
          ))}
        </ul>
      ) : (
        <p className={`${ui.text} ${ui.sm} ${ui.dimmed}`}>
          {order.status === 'cancelled'
            ? 'Заказ отменён до выставления счёта: документов по нему нет.'
            : 'Счёт на оплату появится, когда продавец подтвердит заказ, а товарная накладная — после отгрузки.'}
        </p>
      )}
      {updDue && order.status !== 'cancelled' && <IssueUpd state={state} />}
      {order.chatRoomGuid && (
        <div>
          <AppLink
            to={`/chat?roomId=${encodeURIComponent(order.chatRoomGuid)}`}
            className={buttonClass({ variant: 'light', left: true })}
          >
            <ButtonContent left={<IconMessageCircle size={18} aria-hidden="true" />}>Переписка по заказу</ButtonContent>
          </AppLink>
        </div>
      )}
    </section>
  )
}

function CancelledNotice({ order }: { order: Pick<OrderDetails, 'status' | 'cancelReason' | 'history'> }) {
  if (order.status !== 'cancelled') return null
  const entry = order.history.findLast((h) => h.to === 'cancelled')
  return (
    <Notice tone="gray" title="Заказ отменён" icon={<IconInfoCircle aria-hidden="true" />}>
      <div className={facts.stackTight}>
        {order.cancelReason && <p className={`${ui.text} ${ui.sm} ${facts.preWrap}`}>Причина: {order.cancelReason}</p>}
        {entry && (
          <p className={`${ui.text} ${ui.sm} ${ui.dimmed}`}>
            Отменил: {actorOf(entry)}, {formatDate(entry.at)}
          </p>
        )}
      </div>
    </Notice>
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
    <div className={`${ui.stack} ${ui.gapLg}`}>
      <div className={facts.stackTight}>
        <AppLink to={`${ORDERS_PATH}/${tab}`} className={`${ui.anchor} ${ui.sm}`}>
          ← {TAB_LABELS[tab]}
        </AppLink>
        <div className={facts.row}>
          <h1 className={`${ui.title} ${ui.h2}`}>Заказ № {order.number}</h1>
          <StatusBadge lifecycle="order" status={order.status} size="lg" />
        </div>
        <p className={`${ui.text} ${ui.sm} ${ui.dimmed}`}>
          от {formatDate(order.createdAt)} · {order.side === 'purchase' ? 'продавец' : 'покупатель'} {counterpart.name}
        </p>
      </div>
      <CancelledNotice order={order} />
      <OrderActions order={order} state={state} today={today} />
      {order.side === 'purchase' && <RegistrationPanel order={order} state={state} />}
      <OrderLines order={order} />
      <OrderCorrections order={order} state={state} />
      {reviewable && <OrderReviews orderNumber={order.number} reviewable={reviewable} />}
      <div className={classes.columns}>
        <OrderDelivery order={order} />
        <div className={`${ui.stack} ${ui.gapLg}`}>
          <Documents order={order} state={state} />
          <OrderTimeline history={order.history} />
        </div>
      </div>
      <OrderParties order={order} />
    </div>
  )
}

export default function OrderRoute({ loaderData }: Route.ComponentProps) {
  if (loaderData.kind === 'guest') return null
  if (loaderData.kind === 'noOrganization') {
    return (
      <div className={`${ui.stack} ${ui.gapLg}`}>
        <h1 className={`${ui.title} ${ui.h2}`}>Заказ</h1>
        <Notice tone="blue" icon={<IconInfoCircle aria-hidden="true" />}>
          <div className={`${facts.stackXs} ${facts.start}`}>
            <p className={`${ui.text} ${ui.sm}`}>
              Заказы принадлежат организации. Выберите организацию, от имени которой работаете, или зарегистрируйте её.
            </p>
            <AppLink to={COMPANY_PATH} className={`${ui.anchor} ${ui.sm} ${facts.strongLink}`}>
              Перейти к компании
            </AppLink>
          </div>
        </Notice>
      </div>
    )
  }
  return <OrderPage order={loaderData.order} reviewable={loaderData.reviewable} today={loaderData.today} />
}
