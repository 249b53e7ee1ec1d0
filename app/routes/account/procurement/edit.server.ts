import { randomUUID } from 'node:crypto'
import { redirect, type RouterContextProvider } from 'react-router'
import { actionFailure, type ActionResult, formValues } from '#app/lib/action-result.ts'
import { loadOrFail } from '#app/lib/http-errors.ts'
import { getAppContext } from '#app/lib/load-context.ts'
import { isAppError } from '#common/errors.ts'
import { addDays, moscowToday } from '#common/moscow-days.ts'
import type { RequestFormFields } from '#app/components/procurement/RequestForm.tsx'
import { procurementLinks } from '#common/procurement-links.ts'

/** What the form's submit gets back when refused: the message and the fields' errors. */
export type RequestFormResult = ActionResult<{ intent: string }, { intent: string }>

/**
 * The form of a new request (`number` null) or of a draft. A new one starts from the products in
 * the address (`?product=…`, from a product page or the comparison) or the cart (`?from=cart`).
 */
export async function loadRequestForm(
  request: Request,
  context: Readonly<RouterContextProvider>,
  number: string | null,
) {
  const { services, ctx } = getAppContext(context)
  if (!ctx.user) return { kind: 'guest' as const }
  const { procurement } = services
  try {
    if (number) {
      const draft = await loadOrFail(request, () => procurement.get(ctx, number))
      if (draft.status !== 'draft') throw redirect(procurementLinks.request(number))
      const choices = await procurement.recipientChoices(
        ctx,
        draft.items.flatMap((i) => (i.productId ? [i.productId] : [])),
      )
      const values: RequestFormFields = {
        ...draft,
        items: draft.items.map((i) => ({ ...i, productId: i.productId ?? null })),
        recipients: draft.recipients.map((r) => r.organization.id),
      }
      return { kind: 'form' as const, number, values, choices, creationKey: '', organizationId: ctx.organization!.id }
    }
    const search = new URL(request.url).searchParams
    const asked =
      search.get('from') === 'cart'
        ? (await services.orders.cart.view(ctx)).groups.flatMap((g) =>
            g.items.filter((i) => i.href).map((i) => ({ productId: i.productId, quantity: i.quantity })),
          )
        : search.getAll('product').map((productId) => ({ productId, quantity: 1 }))
    const items = await procurement.itemsOf(ctx, asked)
    const choices = await procurement.recipientChoices(
      ctx,
      items.map((i) => i.productId),
    )
    const values: RequestFormFields = {
      title: items.length === 1 ? items[0]!.name : '',
      purpose: '44fz',
      region: '',
      deliveryAddress: '',
      deliveryTerm: '',
      paymentTerms: '',
      deadline: addDays(moscowToday(), 7),
      contactName: ctx.user.name,
      contactPhone: '',
      comment: '',
      specificationFileId: null,
      items: items.length ? items : [{ productId: null, name: '', characteristics: '', unit: 'piece', quantity: 1 }],
      recipients: choices.sellers.filter((s) => s.sameModel).map((s) => s.id),
    }
    // The first save and its retries make one draft.
    return {
      kind: 'form' as const,
      number: null,
      values,
      choices,
      creationKey: randomUUID(),
      organizationId: ctx.organization!.id,
    }
  } catch (error) {
    if (isAppError(error) && error.kind === 'forbidden') return { kind: 'blocked' as const, message: error.message }
    throw error
  }
}

/**
 * Saves the form (the request as JSON in `request`): a new draft or the draft's changes; with
 * `intent=send` sends it after saving. Either way the request's page opens next.
 */
export async function requestFormAction(
  request: Request,
  context: Readonly<RouterContextProvider>,
  number: string | null,
) {
  const { services, ctx } = getAppContext(context)
  const { procurement } = services
  const form = await request.formData()
  const values = formValues(form)
  const intent = values.intent === 'send' ? 'send' : 'save'
  let input: unknown = {}
  try {
    input = JSON.parse(values.request ?? '{}')
  } catch {
    input = {}
  }
  return loadOrFail(request, async () => {
    try {
      let saved: string
      if (number) saved = (await procurement.update(ctx, number, input)).number
      else {
        // The form's key names the draft its first save made: later saves (a retry, «Отправить»
        // after a refusal) change that draft instead of making another.
        const key = values.creationKey ?? ''
        const earlier = key ? await procurement.findCreated(ctx, key) : null
        saved = earlier
          ? (await procurement.update(ctx, earlier.number, input)).number
          : (await procurement.create(ctx, input, key)).number
      }
      if (intent === 'send') await procurement.send(ctx, saved)
      return redirect(procurementLinks.request(saved))
    } catch (error) {
      return actionFailure(error, values, { with: { intent } })
    }
  })
}
