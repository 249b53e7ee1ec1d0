import { data, type RouterContextProvider } from 'react-router'
import { actionFailure, formValues, unknownIntent } from '#app/lib/action-result.ts'
import { loadOrFail, notFound } from '#app/lib/http-errors.ts'
import { getAppContext } from '#app/lib/load-context.ts'
import { rublesToKopecks } from '#app/lib/price-input.ts'
import {
  isProcurementIntent,
  PROCUREMENT_DONE_MESSAGES,
  type ProcurementActionResult,
  priceField,
  vatField,
} from '#app/components/procurement/procurement-intents.ts'
import { isAppError } from '#common/errors.ts'
import { PROCUREMENT_MESSAGES } from '#common/procurement.ts'

/**
 * A request's page is the buyer's view of its own request or, for a seller it was sent to, the
 * seller's view; anyone else gets the 404 both services answer.
 */
export async function loadProcurementRequest(
  request: Request,
  context: Readonly<RouterContextProvider>,
  number: string,
) {
  const { services, ctx } = getAppContext(context)
  if (!ctx.user) return { kind: 'guest' as const }
  if (!ctx.organization) notFound(request)
  const { procurement } = services
  return loadOrFail(request, async () => {
    try {
      return { kind: 'buyer' as const, request: await procurement.get(ctx, number) }
    } catch (error) {
      if (!isAppError(error) || error.kind !== 'not_found') throw error
    }
    return { kind: 'seller' as const, request: await procurement.getIncoming(ctx, number) }
  })
}

/** The seller's answer as the service takes it: rubles typed per item become kopecks. */
function answerOf(form: FormData, values: Record<string, string>) {
  const itemIds = form.getAll('itemId').filter((v): v is string => typeof v === 'string')
  const fieldErrors: Record<string, string> = {}
  const lines = itemIds.map((itemId) => {
    const price = rublesToKopecks(values[priceField(itemId)] ?? '')
    if (price === null || !Number.isInteger(price) || price <= 0)
      fieldErrors[priceField(itemId)] = PROCUREMENT_MESSAGES.price
    return { itemId, unitPriceKopecks: price ?? 0, vatRate: values[vatField(itemId)] ?? '' }
  })
  return {
    fieldErrors,
    input: {
      lines,
      deliveryTerm: values.deliveryTerm ?? '',
      validUntil: values.validUntil ?? '',
      signatoryName: values.signatoryName ?? '',
      signatoryPosition: values.signatoryPosition ?? '',
      comment: values.comment ?? '',
      scanFileId: values.scanFileId || null,
    },
  }
}

export async function procurementRequestAction(
  request: Request,
  context: Readonly<RouterContextProvider>,
  number: string,
) {
  const { services, ctx } = getAppContext(context)
  const form = await request.formData()
  const values = formValues(form)
  const intent = values.intent ?? ''
  if (!isProcurementIntent(intent)) return unknownIntent(values)
  const { procurement } = services
  return loadOrFail(request, async () => {
    try {
      switch (intent) {
        case 'send':
          await procurement.send(ctx, number)
          break
        case 'close':
          await procurement.close(ctx, number)
          break
        case 'cancel':
          await procurement.cancel(ctx, number, { reason: values.reason ?? '' })
          break
        case 'answer': {
          const { fieldErrors, input } = answerOf(form, values)
          if (Object.keys(fieldErrors).length) {
            const refusal: ProcurementActionResult = {
              ok: false,
              message: PROCUREMENT_MESSAGES.answerItems,
              fieldErrors,
              values,
            }
            return data(refusal, { status: 400 })
          }
          await procurement.answer(ctx, number, input)
          break
        }
        case 'decline':
          await procurement.decline(ctx, number, { reason: values.reason ?? '' })
          break
        case 'toCart':
          await procurement.toCart(ctx, number, values.offer ?? '')
          break
      }
      const done: ProcurementActionResult = { ok: true, intent, message: PROCUREMENT_DONE_MESSAGES[intent] }
      return data(done)
    } catch (error) {
      return actionFailure(error, values)
    }
  })
}
