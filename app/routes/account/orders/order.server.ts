import { data, type RouterContextProvider } from 'react-router'
import { isReceived, ORDER_SIDES, type OrderSide } from '#common/orders.ts'
import { type ActionResult, actionFailure, formValues, unknownIntent } from '#app/lib/action-result.ts'
import { loadOrFail, notFound } from '#app/lib/http-errors.ts'
import { getAppContext } from '#app/lib/load-context.ts'
import {
  CORRECTION_DECISION_OF,
  confirmInputOf,
  correctionInputOf,
  isOrderIntent,
  ORDER_DONE_MESSAGES,
  type OrderIntent,
  shipInputOf,
} from '#app/components/orders/order-forms.ts'

/** What the page's forms get back: done (the page then shows the order's new state), or why not. */
export type OrderActionResult = ActionResult<{ intent: OrderIntent; message: string }>

function sideOf(request: Request, type: string): OrderSide {
  if (!(ORDER_SIDES as readonly string[]).includes(type)) notFound(request)
  return type as OrderSide
}

/**
 * The order as its side sees it. Another organization's order, a malformed number or an unknown
 * side is the 404 page: the service does not tell a stranger's order from a missing one.
 */
export async function loadOrder(request: Request, context: Readonly<RouterContextProvider>, type: string, nr: string) {
  const { services, ctx } = getAppContext(context)
  // The layout shows guests a sign-in panel instead of this page.
  if (!ctx.user) return { kind: 'guest' as const }
  const side = sideOf(request, type)
  if (!ctx.organization) return { kind: 'noOrganization' as const }
  const order = await loadOrFail(request, () => services.orders.get(ctx, side, nr))
  // What the buyer may still review of a received order (products and the seller); before the
  // goods arrive there is nothing to ask the reviews for.
  const reviewable =
    side === 'purchase' && isReceived(order.status) ? await services.reviews.reviewableFor(ctx, nr) : null
  // The earliest delivery date the seller may promise; the service checks the same (UTC) day.
  return { kind: 'order' as const, order, reviewable, today: new Date().toISOString().slice(0, 10) }
}

/** Which side may ask for which move; the service checks it again, this only keeps the answer plain. */
const INTENT_SIDE: Record<OrderIntent, OrderSide | 'both'> = {
  confirm: 'sale',
  markPaid: 'sale',
  ship: 'sale',
  confirmDelivery: 'purchase',
  complete: 'purchase',
  markRegistered: 'purchase',
  issueUpd: 'sale',
  cancel: 'both',
  requestReturn: 'purchase',
  proposePrice: 'both',
  acceptCorrection: 'both',
  refuseCorrection: 'both',
  withdrawCorrection: 'both',
}

/**
 * The page's forms, one `intent` each, every one a call of an order flow (or the orders service) with the caller's
 * context. A refusal the user can act on (a missing reason, serial numbers, a move the order has
 * already passed) comes back to the form with what was typed; a stranger's order is a 404.
 */
export async function orderAction(
  request: Request,
  context: Readonly<RouterContextProvider>,
  type: string,
  nr: string,
) {
  const { services, ctx } = getAppContext(context)
  const side = sideOf(request, type)
  const values = formValues(await request.formData())
  const intent = values.intent ?? ''
  if (!isOrderIntent(intent) || (INTENT_SIDE[intent] !== 'both' && INTENT_SIDE[intent] !== side)) {
    return unknownIntent(values)
  }
  const { orders } = services
  const { moveOrder, correctOrder } = services.flows
  return loadOrFail(request, async () => {
    try {
      switch (intent) {
        case 'confirm':
          await moveOrder.confirm(ctx, nr, confirmInputOf(values))
          break
        case 'markPaid':
          await moveOrder.markPaid(ctx, nr, {})
          break
        case 'ship':
          await moveOrder.ship(ctx, nr, shipInputOf(values))
          break
        case 'confirmDelivery':
          await moveOrder.confirmDelivery(ctx, nr, {})
          break
        case 'complete':
          await moveOrder.complete(ctx, nr, {})
          break
        case 'cancel':
          await moveOrder.cancel(ctx, side, nr, { reason: values.reason ?? '' })
          break
        case 'markRegistered':
          await orders.markRegistered(ctx, nr)
          break
        case 'issueUpd':
          await moveOrder.issueUpd(ctx, nr)
          break
        case 'requestReturn':
          await correctOrder.propose(ctx, side, nr, correctionInputOf('return', values))
          break
        case 'proposePrice':
          await correctOrder.propose(ctx, side, nr, correctionInputOf('price', values))
          break
        case 'acceptCorrection':
        case 'refuseCorrection':
        case 'withdrawCorrection':
          await correctOrder.decide(ctx, side, nr, values.correction ?? '', CORRECTION_DECISION_OF[intent], {
            comment: values.comment ?? '',
          })
          break
      }
      const done: OrderActionResult = { ok: true, intent, message: ORDER_DONE_MESSAGES[intent] }
      return data(done)
    } catch (error) {
      return actionFailure(error, values)
    }
  })
}
