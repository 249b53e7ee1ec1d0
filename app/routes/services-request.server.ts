import { createOrContinue } from '#app/lib/create-or-continue.ts'
import { randomUUID } from 'node:crypto'
import { redirect, type RouterContextProvider } from 'react-router'
import { AppError, isAppError } from '#common/errors.ts'
import { exchangeLinks } from '#common/exchange/links.ts'
import { REQUEST_MESSAGES, type RequestDetails } from '#common/exchange/requests.ts'
import { RequestNumber } from '#common/exchange/requests.schemas.ts'
import { loadOrFail, notFound } from '#app/lib/http-errors.ts'
import { getAppContext } from '#app/lib/load-context.ts'
import { actionFailure } from '#app/lib/action-result.ts'
import type { RequestFormResult } from '#app/components/exchange/requests/RequestForm.tsx'

/** A guest's and a non-buyer's refusal in the form's own words (the service's are the API's). */
function withPlainWords(error: unknown): unknown {
  if (!isAppError(error)) return error
  if (error.kind === 'unauthorized') return new AppError('unauthorized', 'Войдите, чтобы разместить заявку')
  if (error.kind === 'forbidden') return new AppError('forbidden', REQUEST_MESSAGES.notBuyer)
  return error
}

/**
 * The form of a new request, or of the organization's draft (`?draft=Z-…`). Guests get the sign-in
 * panel, an organization without a confirmed buyer role the explanation; a draft that is not the
 * organization's (or no longer a draft) is the 404 page, an open one its page.
 */
export async function loadRequestForm(request: Request, context: Readonly<RouterContextProvider>) {
  const { services, ctx } = getAppContext(context)
  if (!ctx.user) return { kind: 'guest' as const }
  const requests = services.exchange.requests
  let vendors: { id: string; name: string; slug: string }[]
  try {
    vendors = (await requests.formOptions(ctx)).vendors
  } catch (error) {
    if (isAppError(error) && error.kind === 'forbidden') return { kind: 'notBuyer' as const, message: error.message }
    throw error
  }
  const draftNumber = new URL(request.url).searchParams.get('draft')
  let draft: RequestDetails | null = null
  if (draftNumber !== null) {
    if (!RequestNumber.safeParse(draftNumber).success) notFound(request)
    draft = await loadOrFail(request, () => requests.get(ctx, draftNumber))
    if (draft.viewer !== 'customer') notFound(request)
    if (draft.status !== 'draft') throw redirect(exchangeLinks.request(draft.number))
  }
  return {
    kind: 'form' as const,
    organizationId: ctx.organization!.id,
    draft,
    vendors,
    // A new request's first save and its retries make one draft (the Idempotency-Key).
    creationKey: randomUUID(),
  }
}

/**
 * `save` keeps the draft (a new one moves to its `?draft=` address), `publish` saves and publishes
 * it and goes to the request's page. The form's fields come as one JSON `request`.
 */
export async function requestFormAction(request: Request, context: Readonly<RouterContextProvider>) {
  const { services, ctx } = getAppContext(context)
  const requests = services.exchange.requests
  const form = await request.formData()
  const intent = String(form.get('intent') ?? 'save') === 'publish' ? 'publish' : 'save'
  let input: unknown
  try {
    input = JSON.parse(String(form.get('request') ?? '{}'))
  } catch {
    input = {}
  }
  const draftNumber = String(form.get('draft') ?? '')
  try {
    let number = draftNumber
    if (!number) {
      // A form published before it was ever saved is checked first: a refusal leaves no draft.
      if (intent === 'publish') requests.assertPublishable(input)
      const key = String(form.get('creationKey') ?? '')
      const created = await createOrContinue(
        () => requests.findCreated(ctx, key),
        () => requests.create(ctx, input, key),
      )
      number = created.number
    }
    // A repeat of the first save (the same key) finds the draft made then and saves what it carries.
    await requests.update(ctx, number, input)
    if (intent === 'publish') {
      await requests.publish(ctx, number)
      return redirect(exchangeLinks.request(number))
    }
    if (!draftNumber) return redirect(exchangeLinks.newRequest(number))
    return { ok: true, intent, message: 'Черновик сохранён' } satisfies RequestFormResult
  } catch (error) {
    if (isAppError(error) && error.kind === 'not_found') notFound(request)
    return actionFailure(withPlainWords(error), {}, { with: { intent }, alsoAnswer: ['unauthorized', 'forbidden'] })
  }
}
