import { data, redirect, type RouterContextProvider } from 'react-router'
import { loadOrFail } from '#app/lib/http-errors.ts'
import { staffContext } from '#app/lib/staff-access.ts'
import { isAppError } from '#common/errors.ts'
import { type ActionResult, actionFailure, refusalOf } from '#app/lib/action-result.ts'
import { ArticleInput, mediaLinks } from '#common/media/articles.ts'
import { articleInputErrors } from '#app/components/media/editor/article-form.ts'
import type { EmbedCardProduct } from '#app/components/media/editor/product-embed.tsx'

/** The staff moves of an article, as the form's buttons send them. */
export const ARTICLE_MOVES = ['publish', 'schedule', 'unschedule', 'archive', 'restore'] as const
export type ArticleMove = (typeof ARTICLE_MOVES)[number]
type Intent = 'save' | ArticleMove

const DONE: Record<Intent, string> = {
  save: 'Статья сохранена',
  publish: 'Статья опубликована',
  schedule: 'Публикация запланирована',
  unschedule: 'Статья снята с расписания и снова стала черновиком',
  archive: 'Статья перенесена в архив',
  restore: 'Статья возвращена в черновики',
}

/**
 * What the editor's fetcher gets back. `version` is the article's version after the action when
 * the form's fields were saved (even if the move after the save was refused): the next save
 * starts from it. The form keeps what was typed whatever the answer.
 */
export type ArticleEditResult = ActionResult<
  { intent: Intent; message: string; version: number },
  {
    intent: Intent
    version: number | null
    /** Someone else saved first: their version, to save over it knowingly. */
    conflictVersion: number | null
  }
>

/** The article and the products its body embeds (for the editor's cards), or an empty form. */
export async function loadArticleEditor(request: Request, context: Readonly<RouterContextProvider>, id?: string) {
  const app = staffContext(context)
  if (!app) return null
  const { services, ctx } = app
  if (!id) return { article: null, products: [] as EmbedCardProduct[] }
  const article = await loadOrFail(request, () => services.media.staffGet(ctx, id))
  return { article, products: await embeddedProducts(request, context, id) }
}

/** The cards of the products embedded now, read the way the preview reads them. */
async function embeddedProducts(request: Request, context: Readonly<RouterContextProvider>, id: string) {
  const { services, ctx } = staffContext(context)!
  const page = await loadOrFail(request, () => services.media.preview(ctx, id))
  const products: EmbedCardProduct[] = []
  for (const block of page.blocks)
    if (block.kind === 'product' && block.product)
      products.push({ id: block.productId, name: block.product.name, priceKopecks: block.product.priceKopecks })
  return products
}

/**
 * The editor's action: `save`, or a move (`publish`, `schedule` with `at`, `unschedule`,
 * `archive`, `restore`). A move sent with the form's fields saves them first, so what is
 * published is what is on the screen. A new article's first save creates it and moves to its page.
 */
export async function articleEditAction(request: Request, context: Readonly<RouterContextProvider>, id?: string) {
  const app = staffContext(context)
  if (!app) throw data('Войдите, чтобы продолжить', { status: 401 })
  const { services, ctx } = app
  const form = await request.formData()
  const intent = String(form.get('intent') ?? 'save') as Intent
  if (intent !== 'save' && !ARTICLE_MOVES.includes(intent)) throw data('Неизвестное действие', { status: 400 })
  const raw = form.get('article')
  const input = typeof raw === 'string' ? (JSON.parse(raw) as unknown) : null

  let saved = false
  const fail = (
    status: number,
    message: string,
    fields: Record<string, string> = {},
    conflictVersion: number | null = null,
  ) =>
    data<ArticleEditResult>(
      { ok: false, intent, message, fieldErrors: fields, values: {}, version: null, conflictVersion },
      { status },
    )

  if (input !== null) {
    const errors = await articleInputErrors(input)
    if (errors) return fail(400, 'Исправьте поля, отмеченные красным', errors)
  }
  let articleId = id
  try {
    if (input !== null) {
      const parsed = ArticleInput.parse(input)
      articleId = articleId
        ? (await services.media.update(ctx, articleId, parsed)).id
        : (await services.media.create(ctx, parsed)).id
      saved = true
    }
    if (!articleId) return fail(400, 'Сначала сохраните статью')
    switch (intent) {
      case 'publish':
        await services.media.publish(ctx, articleId)
        break
      case 'schedule':
        await services.media.schedule(ctx, articleId, { at: String(form.get('at') ?? '') })
        break
      case 'unschedule':
        await services.media.unschedule(ctx, articleId)
        break
      case 'archive':
        await services.media.archive(ctx, articleId)
        break
      case 'restore':
        await services.media.restore(ctx, articleId)
        break
    }
    if (!id) return redirect(mediaLinks.staffEdit(articleId))
    const { version } = await services.media.staffGet(ctx, articleId)
    return { ok: true, intent, message: DONE[intent], version } satisfies ArticleEditResult
  } catch (error) {
    // Only the form's own refusals are answered here; the page's access is the error pages'.
    refusalOf(error, {})
    // A new article saved before its move was refused: its own page shows the refusal's reason again.
    if (!id && articleId) return redirect(mediaLinks.staffEdit(articleId))
    const current = id ? await services.media.staffGet(ctx, id) : null
    const stale =
      !saved &&
      isAppError(error) &&
      error.kind === 'conflict' &&
      current !== null &&
      input !== null &&
      current.version !== (input as { version: number }).version
    return actionFailure(
      error,
      {},
      {
        with: {
          intent,
          version: saved && current ? current.version : null,
          conflictVersion: stale ? current.version : null,
        },
      },
    )
  }
}
