import { randomUUID } from 'node:crypto'
import { data, type RouterContextProvider } from 'react-router'
import {
  isProposalIntent,
  PROPOSAL_DONE_MESSAGES,
  PROPOSAL_MESSAGES,
  type ProposalIntent,
} from '#common/exchange/proposals.ts'
import { rublesToKopecks } from '#common/exchange/proposals.schemas.ts'
import { type ActionResult, actionFailure, formValues, unknownIntent } from '#app/lib/action-result.ts'
import { loadOrFail } from '#app/lib/http-errors.ts'
import { getAppContext } from '#app/lib/load-context.ts'

/**
 * The proposals section of a request's page (/services/requests/{number}): its loader part and
 * its action, which the page calls with the request's number. Forms post to the page they are on
 * with an `intent` of propose, revise, accept or reject.
 */

export type ProposalActionResult = ActionResult<{
  intent: ProposalIntent
  message: string
  /** After accepting: the service order to link to. */
  serviceOrderNumber?: string
}>

/**
 * What the section shows the caller, and a fresh Idempotency-Key for its «Отправить» (a double
 * click or a resent form finds the proposal the first one made). A request the caller may not
 * see is the 404 page.
 */
export async function loadRequestProposals(request: Request, context: Readonly<RouterContextProvider>, number: string) {
  const { services, ctx } = getAppContext(context)
  const proposals = await loadOrFail(request, () => services.exchange.proposals.forRequest(ctx, number))
  return { proposals, submissionKey: randomUUID() }
}

/** The proposal form's fields as the service takes them: rubles to kopecks, files by id. */
function proposalInputOf(form: FormData, values: Record<string, string>) {
  return {
    priceKopecks: rublesToKopecks(values.price ?? '') ?? Number.NaN,
    startsOn: values.startsOn ?? '',
    endsOn: values.endsOn ?? '',
    terms: values.terms ?? '',
    message: values.message ?? '',
    fileIds: form.getAll('fileId').filter((v): v is string => typeof v === 'string' && v !== ''),
  }
}

/** The form names the price `price` (rubles); the service names it `priceKopecks`. */
function withFormFieldNames(response: ReturnType<typeof actionFailure>) {
  const result = response.data
  if (!result.ok && result.fieldErrors.priceKopecks) {
    result.fieldErrors.price = PROPOSAL_MESSAGES.price
    delete result.fieldErrors.priceKopecks
  }
  return response
}

/**
 * The section's forms. `form` is the posted form when the page's action has read it already (to
 * route by `intent`: `isProposalIntent`), since a request's body can be read once.
 */
export async function proposalsAction(
  request: Request,
  context: Readonly<RouterContextProvider>,
  number: string,
  posted?: FormData,
) {
  const { services, ctx } = getAppContext(context)
  const form = posted ?? (await request.formData())
  const values = formValues(form)
  const intent = values.intent ?? ''
  if (!isProposalIntent(intent)) {
    return unknownIntent(values)
  }
  const proposals = services.exchange.proposals
  const proposalId = values.proposalId ?? ''
  return loadOrFail(request, async () => {
    try {
      let serviceOrderNumber: string | undefined
      switch (intent) {
        case 'propose':
          await proposals.submit(ctx, number, proposalInputOf(form, values), values.submissionKey || undefined)
          break
        case 'revise':
          await proposals.revise(ctx, proposalId, proposalInputOf(form, values))
          break
        case 'accept':
          serviceOrderNumber = (await proposals.accept(ctx, proposalId)).serviceOrderNumber
          break
        case 'reject':
          await proposals.reject(ctx, proposalId, { reason: values.reason ?? '' })
          break
      }
      const done: ProposalActionResult = {
        ok: true,
        intent,
        message: PROPOSAL_DONE_MESSAGES[intent],
        ...(serviceOrderNumber && { serviceOrderNumber }),
      }
      return data(done)
    } catch (error) {
      return withFormFieldNames(actionFailure(error, values))
    }
  })
}
