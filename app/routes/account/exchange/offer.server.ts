import { createOrContinue } from '#app/lib/create-or-continue.ts'
import { randomUUID } from 'node:crypto'
import { data, redirect, type RouterContextProvider } from 'react-router'
import { isAppError } from '#common/errors.ts'
import { type ActionResult, actionFailure } from '#app/lib/action-result.ts'
import { exchangeLinks } from '#common/exchange/links.ts'
import { loadOrFail } from '#app/lib/http-errors.ts'
import { getAppContext } from '#app/lib/load-context.ts'
import { SPHERES } from '#content/spheres/index.ts'

/** What the editor's fetcher gets back: done (with what is still missing), or why not. */
export type OfferResult = ActionResult<
  { intent: string; message: string | null; problems: Record<string, string> },
  { intent: string }
>

export async function loadOfferForm(request: Request, context: Readonly<RouterContextProvider>, id: string) {
  const { ctx, services } = getAppContext(context)
  if (!ctx.user) return { signedIn: false as const }
  const offers = services.exchange.offers
  const spheres = SPHERES.map((s) => ({ value: s.slug, label: s.shortTitle }))
  try {
    const scope = offers.describeScope(ctx)
    const [offer, equipment] = await Promise.all([
      id === 'new' ? null : loadOrFail(request, () => offers.get(ctx, id)),
      offers.equipmentOptions(ctx),
    ])
    // A new offer's first save and its retries create one offer (the Idempotency-Key).
    return { signedIn: true as const, blocked: null, scope, offer, equipment, spheres, creationKey: randomUUID() }
  } catch (error) {
    if (isAppError(error) && error.kind === 'forbidden')
      return {
        signedIn: true as const,
        blocked: error.message,
        scope: null,
        offer: null,
        equipment: [],
        spheres,
        creationKey: '',
      }
    throw error
  }
}

const MESSAGES: Record<string, string | null> = {
  save: 'Черновик сохранён',
  submit: 'Услуга отправлена на модерацию. Мы напишем, когда модератор её проверит.',
  withdraw: 'Услуга отозвана с модерации: её снова можно менять',
  unpublish: 'Услуга снята с публикации и больше не видна на бирже',
}

/**
 * The editor's action: `save`, `submit` (save, then send to moderation), `withdraw`, `unpublish`,
 * `delete`. The form's fields come as one JSON `offer`; a new offer's first save creates it and
 * moves to its own address.
 */
export async function offerFormAction(request: Request, context: Readonly<RouterContextProvider>, id: string) {
  const { ctx, services } = getAppContext(context)
  const offers = services.exchange.offers
  const form = await request.formData()
  const intent = String(form.get('intent') ?? 'save')
  const readInput = () => {
    try {
      return JSON.parse(String(form.get('offer') ?? '{}')) as unknown
    } catch {
      return {}
    }
  }
  try {
    if (id === 'new') {
      const input = readInput()
      const key = String(form.get('creationKey') ?? '')
      const created = await createOrContinue(
        () => offers.findCreated(ctx, key),
        () => offers.create(ctx, input, key),
      )
      // A repeat of the first save (the same key) finds the offer made then and saves what it carries.
      await offers.update(ctx, created.id, input)
      if (intent === 'submit') await offers.submit(ctx, created.id)
      return redirect(exchangeLinks.offer(created.id))
    }
    let problems: Record<string, string> = {}
    switch (intent) {
      case 'delete':
        await offers.remove(ctx, id)
        return redirect(exchangeLinks.cabinet('offers'))
      case 'withdraw':
        await offers.withdraw(ctx, id)
        break
      case 'unpublish':
        await offers.unpublish(ctx, id)
        break
      case 'submit':
        await offers.update(ctx, id, readInput())
        await offers.submit(ctx, id)
        break
      default:
        problems = (await offers.update(ctx, id, readInput())).problems
    }
    return { ok: true, intent, message: MESSAGES[intent] ?? null, problems } satisfies OfferResult
  } catch (error) {
    if (isAppError(error) && error.kind === 'not_found') throw data(error.message, { status: 404 })
    return actionFailure(error, {}, { with: { intent }, alsoAnswer: 'any' })
  }
}
