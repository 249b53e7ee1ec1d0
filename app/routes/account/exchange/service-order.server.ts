import { data, type RouterContextProvider } from 'react-router'
import {
  SERVICE_ORDER_DONE_MESSAGES,
  SERVICE_ORDER_SIDES,
  type ServiceOrderSide,
} from '#common/exchange/service-orders.ts'
import { isServiceOrderIntent, type ServiceOrderIntent } from '#app/components/exchange/service-orders/action-state.tsx'
import type { ChatMessage } from '#common/chat.ts'
import { type ActionResult, actionFailure, formValues, unknownIntent } from '#app/lib/action-result.ts'
import { loadOrFail, notFound } from '#app/lib/http-errors.ts'
import { getAppContext } from '#app/lib/load-context.ts'

/** What the page's forms get back: done (the page then shows the order's new state), or why not. */
export type ServiceOrderActionResult = ActionResult<{ intent: ServiceOrderIntent; message: string }>

/** The last messages of the room shown on the page. */
const LAST_MESSAGES = 3

function sideOf(request: Request, type: string): ServiceOrderSide {
  if (!(SERVICE_ORDER_SIDES as readonly string[]).includes(type)) notFound(request)
  return type as ServiceOrderSide
}

/**
 * The order as its side sees it, with the room's last messages. Another organization's order, a
 * malformed number or an unknown side is the 404 page.
 */
export async function loadServiceOrder(
  request: Request,
  context: Readonly<RouterContextProvider>,
  type: string,
  nr: string,
) {
  const { services, ctx } = getAppContext(context)
  // The layout shows guests a sign-in panel instead of this page.
  if (!ctx.user) return { kind: 'guest' as const }
  const side = sideOf(request, type)
  if (!ctx.organization) return { kind: 'noOrganization' as const }
  const order = await loadOrFail(request, () => services.exchange.serviceOrders.get(ctx, side, nr))
  let messages: ChatMessage[] = []
  if (order.chatRoomId) {
    // The conversation is a convenience here: the page stands without it.
    try {
      messages = (await services.chat.listMessages(ctx, order.chatRoomId)).items.slice(-LAST_MESSAGES)
    } catch {
      messages = []
    }
  }
  return { kind: 'order' as const, order, messages }
}

/**
 * The page's forms, one `intent` each, every one a call of the service with the caller's
 * context. A refusal the user can act on comes back to the form with what was typed.
 */
export async function serviceOrderAction(
  request: Request,
  context: Readonly<RouterContextProvider>,
  type: string,
  nr: string,
) {
  const { services, ctx } = getAppContext(context)
  const side = sideOf(request, type)
  const form = await request.formData()
  const values = formValues(form)
  const intent = values.intent ?? ''
  if (!isServiceOrderIntent(intent)) {
    return unknownIntent(values)
  }
  const orders = services.exchange.serviceOrders
  return loadOrFail(request, async () => {
    try {
      switch (intent) {
        case 'start':
          await orders.start(ctx, side, nr)
          break
        case 'submitResult':
          await orders.submitResult(ctx, side, nr, {
            report: values.report ?? '',
            fileIds: form.getAll('fileId').filter((v): v is string => typeof v === 'string' && v !== ''),
          })
          break
        case 'accept':
          await orders.accept(ctx, side, nr)
          break
        case 'requestRework':
          await orders.requestRework(ctx, side, nr, { comment: values.comment ?? '' })
          break
        case 'cancel':
          await orders.cancel(ctx, side, nr, { reason: values.reason ?? '' })
          break
        case 'review':
          await orders.review(ctx, side, nr, { rating: values.rating ?? '', text: values.text ?? '' })
          break
      }
      const done: ServiceOrderActionResult = { ok: true, intent, message: SERVICE_ORDER_DONE_MESSAGES[intent] }
      return data(done)
    } catch (error) {
      return actionFailure(error, values)
    }
  })
}
