import type { RouterContextProvider } from 'react-router'
import { type ActionResult, actionFailure, formValues, unknownIntent } from '#app/lib/action-result.ts'
import { getAppContext } from '#app/lib/load-context.ts'
import type { CheckoutResult } from '#common/orders.ts'

export type CartActionResult = ActionResult<{ intent: string; placed?: CheckoutResult }>

/**
 * The cart page's action: one `intent` per form (quantity, remove, checkout), each a call of the
 * orders service with the caller's context. A refusal (stock, prices changed, a field) comes back
 * to the form with what was typed; a product gone meanwhile is an answer too, not an error page.
 */
export async function cartAction(request: Request, context: Readonly<RouterContextProvider>) {
  const { services, ctx } = getAppContext(context)
  const values = formValues(await request.formData())
  const { intent = '', productId = '' } = values
  try {
    switch (intent) {
      case 'quantity':
        await services.orders.cart.setQuantity(ctx, productId, { quantity: values.quantity })
        return { ok: true, intent } satisfies CartActionResult
      case 'remove':
        await services.orders.cart.remove(ctx, productId)
        return { ok: true, intent } satisfies CartActionResult
      case 'checkout': {
        const placed = await services.flows.placeOrders(ctx, values)
        return { ok: true, intent, placed } satisfies CartActionResult
      }
      default:
        return unknownIntent(values)
    }
  } catch (error) {
    return actionFailure(error, values, { alsoAnswer: ['not_found', 'forbidden'] })
  }
}
