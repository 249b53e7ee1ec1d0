import { data, type RouterContextProvider } from 'react-router'
import { type FormResult, formFailure, formValues } from '#app/lib/form-result.ts'
import { getAppContext } from '#app/lib/load-context.ts'
import { isAppError, STATUS_BY_KIND } from '#common/errors.ts'
import type { CheckoutResult } from '#common/orders.ts'

export type CartActionResult = FormResult<{ intent: string; placed?: CheckoutResult }>

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
        return data(
          { ok: false, message: 'Неизвестное действие', fieldErrors: {}, values } satisfies CartActionResult,
          {
            status: 400,
          },
        )
    }
  } catch (error) {
    if (isAppError(error) && ['not_found', 'forbidden'].includes(error.kind)) {
      const result: CartActionResult = { ok: false, message: error.message, fieldErrors: error.fields ?? {}, values }
      return data(result, { status: STATUS_BY_KIND[error.kind] })
    }
    return formFailure(error, values)
  }
}
