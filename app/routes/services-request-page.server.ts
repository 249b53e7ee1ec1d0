import { data, type RouterContextProvider } from 'react-router'
import { isProposalIntent } from '#common/exchange/proposals.ts'
import { REQUEST_DONE_MESSAGES, type RequestAction } from '#common/exchange/requests.ts'
import { exchangeLinks } from '#common/exchange/links.ts'
import { SERVICE_TYPE_LABELS } from '#common/exchange/services.ts'
import { regionName } from '#common/regions.ts'
import { PLATFORM } from '#content/company.ts'
import { type ActionResult, actionFailure, formValues, unknownIntent } from '#app/lib/action-result.ts'
import { loadOrFail } from '#app/lib/http-errors.ts'
import { getAppContext } from '#app/lib/load-context.ts'
import { buildSeo } from '#app/lib/seo.ts'
import { loadRequestProposals, proposalsAction } from './exchange-proposals.server.ts'

/** What the page's forms get back: done (the page then shows the request's new state), or why not. */
export type RequestPageActionResult = ActionResult<{ intent: RequestPageIntent; message: string }>

/** The customer's moves, and `extend`: a later proposals deadline for an open request. */
export type RequestPageIntent = RequestAction | 'extend'

const isIntent = (value: string): value is RequestPageIntent => ['publish', 'close', 'cancel', 'extend'].includes(value)

/**
 * The request as the caller may see it, with the proposals part the caller may see; what
 * findVisibleRequest refuses (a draft, an invited request of others, a malformed number) is the
 * 404 page. Anything not public is not indexed.
 */
export async function loadRequestPage(request: Request, context: Readonly<RouterContextProvider>, number: string) {
  const { services, ctx, publicConfig } = getAppContext(context)
  const details = await loadOrFail(request, () => services.exchange.requests.get(ctx, number))
  const proposals = await loadRequestProposals(request, context, number)
  const indexable = details.visibility === 'public' && details.status !== 'draft' && details.status !== 'cancelled'
  const where = details.region ? `, ${regionName(details.region)}` : ''
  return {
    request: details,
    proposals,
    noindex: !indexable,
    seo: buildSeo(publicConfig.publicUrl, {
      title: `${details.title || 'Заявка'} — заявка № ${details.number} — биржа услуг | ${PLATFORM.brand}`,
      description: `${SERVICE_TYPE_LABELS[details.type]}${where}. ${details.description || details.title}`.slice(
        0,
        200,
      ),
      path: exchangeLinks.request(details.number),
    }),
  }
}

/**
 * The page's forms, one `intent` each, as calls of the services with the caller's context: the
 * customer's moves of the request here, the proposals section's (propose, revise, accept,
 * reject) in its own action.
 */
export async function requestPageAction(request: Request, context: Readonly<RouterContextProvider>, number: string) {
  const { services, ctx } = getAppContext(context)
  const form = await request.formData()
  const values = formValues(form)
  const intent = values.intent ?? ''
  if (isProposalIntent(intent)) return proposalsAction(request, context, number, form)
  if (!isIntent(intent)) {
    return unknownIntent(values)
  }
  const requests = services.exchange.requests
  return loadOrFail(request, async () => {
    try {
      if (intent === 'publish') await requests.publish(ctx, number)
      else if (intent === 'close') await requests.close(ctx, number)
      else if (intent === 'extend')
        await requests.update(ctx, number, { proposalsDeadline: values.proposalsDeadline ?? '' })
      else await requests.cancel(ctx, number, { reason: values.reason ?? '' })
      const done: RequestPageActionResult = { ok: true, intent, message: REQUEST_DONE_MESSAGES[intent] }
      return data(done)
    } catch (error) {
      return actionFailure(error, values)
    }
  })
}
