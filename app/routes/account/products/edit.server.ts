import { createOrContinue } from '#app/lib/create-or-continue.ts'
import { randomUUID } from 'node:crypto'
import { redirect, type RouterContextProvider } from 'react-router'
import { isAppError } from '#common/errors.ts'
import { type ActionResult, actionFailure, formValues } from '#app/lib/action-result.ts'
import { loadOrFail } from '#app/lib/http-errors.ts'
import { getAppContext } from '#app/lib/load-context.ts'
import { editProductPath, PRODUCTS_PATH } from '#app/components/products/product-paths.ts'
import { draftInputFromForm, formFieldOf } from './draft-form.ts'

/** What the form's fetcher gets back: saved (with what is still missing), or why not. */
export type EditResult = ActionResult<
  { intent: string; message: string | null; savedAt: string; problems: Record<string, string> },
  { intent: string }
>

/** The service's field name as the form's (`priceKopecks` → `price`, `specs.x` → `spec.x`). */
const formNameOf = (field: string) => formFieldOf(field).replace(/^specs\./, 'spec.')

function toFormErrors(fields: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(fields).map(([k, v]) => [formNameOf(k), v]))
}

export async function loadProductForm(request: Request, context: Readonly<RouterContextProvider>, id: string) {
  const { ctx, services } = getAppContext(context)
  if (!ctx.user) return { signedIn: false as const }
  try {
    const scope = services.products.describeScope(ctx)
    const product = id === 'new' ? null : await loadOrFail(request, () => services.products.get(ctx, id))
    const origin = product ? await services.products.origins.get(ctx, product.id) : null
    // A new product's first save and its retries create one draft (the Idempotency-Key).
    return { signedIn: true as const, blocked: null, scope, product, origin, creationKey: randomUUID() }
  } catch (error) {
    if (isAppError(error) && error.kind === 'forbidden')
      return {
        signedIn: true as const,
        blocked: error.message,
        scope: null,
        product: null,
        origin: null,
        creationKey: '',
      }
    throw error
  }
}

const MESSAGES: Record<string, string | null> = {
  save: null,
  submit: 'Товар отправлен на модерацию. Мы напишем, когда модератор его проверит.',
  withdraw: 'Товар отозван с модерации: его снова можно менять',
  unpublish: 'Товар снят с публикации и больше не виден в каталоге',
  'attach-model': 'Товар привязан к модели каталога: описание, характеристики и фото — из её карточки',
  'detach-model': 'Товар отвязан от модели: опишите свою модель, модератор проверит её вместе с товаром',
}

/**
 * The form's action: `save` (as the vendor types, or the button), `submit` (save, then send to
 * moderation), `withdraw`, `unpublish`, `delete`. A new product's first save creates it and moves
 * to its own address.
 */
export async function productFormAction(request: Request, context: Readonly<RouterContextProvider>, id: string) {
  const { ctx, services } = getAppContext(context)
  const products = services.products
  const form = await request.formData()
  const intent = String(form.get('intent') ?? 'save')
  const values = formValues(form)
  try {
    if (id === 'new') {
      const input = draftInputFromForm(form)
      const key = String(form.get('creationKey') ?? '')
      const created = await createOrContinue(
        () => products.findCreated(ctx, key),
        () => products.create(ctx, input, key),
      )
      // A repeat of the first save (the same key) finds the draft made then and must still save
      // what it carries, which is newer.
      await products.update(ctx, created.id, input)
      if (intent === 'submit') await products.submit(ctx, created.id)
      if (intent === 'attach-model')
        await products.attachModel(ctx, created.id, { modelId: String(form.get('modelId') ?? '') })
      return redirect(editProductPath(created.id))
    }
    let problems: Record<string, string> = {}
    switch (intent) {
      case 'delete':
        await products.remove(ctx, id)
        return redirect(`${PRODUCTS_PATH}?tab=non-published`)
      case 'withdraw':
        await products.withdraw(ctx, id)
        break
      case 'unpublish':
        await products.unpublish(ctx, id)
        break
      case 'submit':
        await products.update(ctx, id, draftInputFromForm(form))
        await products.submit(ctx, id)
        break
      case 'attach-model':
        // The offer's fields as typed first; the model's then replace the rest.
        await products.update(ctx, id, draftInputFromForm(form))
        await products.attachModel(ctx, id, { modelId: String(form.get('modelId') ?? '') })
        break
      case 'detach-model':
        await products.attachModel(ctx, id, { modelId: null })
        break
      case 'origin':
        // The block of the country and declaration saves on its own, never with the draft.
        await products.origins.set(ctx, id, {
          countryCode: String(form.get('countryCode') ?? ''),
          customsDeclaration: String(form.get('customsDeclaration') ?? ''),
        })
        break
      default:
        problems = toFormErrors((await products.update(ctx, id, draftInputFromForm(form))).problems)
    }
    const result: EditResult = {
      ok: true,
      intent,
      message: MESSAGES[intent] ?? null,
      savedAt: new Date().toISOString(),
      problems,
    }
    return result
  } catch (error) {
    if (isAppError(error) && error.kind === 'unauthorized') throw error
    return actionFailure(error, values, { with: { intent }, alsoAnswer: 'any', fieldOf: formNameOf })
  }
}
