import type { ArticleImage, ArticleInput, ArticleRubric, StaffArticle } from '#common/media/articles.ts'
import { slugify } from '#common/slug.ts'

/** What the editor's form holds: the input without its version, and the cover as shown. */
export interface ArticleFormState extends Omit<ArticleInput, 'version' | 'slug' | 'rubric'> {
  slug: string
  /** Empty until chosen for a new article. */
  rubric: ArticleRubric | ''
  /** The picture shown for the cover: the stored one, or the one just uploaded. */
  coverPreview: ArticleImage | null
}

export function initialArticleState(article: StaffArticle | null): ArticleFormState {
  return {
    title: article?.title ?? '',
    slug: article?.slug ?? '',
    lead: article?.lead ?? '',
    rubric: article?.rubric ?? '',
    tags: article?.tags ?? [],
    bodyHtml: article?.bodyHtml ?? '',
    coverFileId: article?.coverFileId ?? null,
    coverAlt: article?.coverAlt ?? '',
    coverPreview: article?.cover ?? null,
    seoTitle: article?.seoTitle ?? '',
    seoDescription: article?.seoDescription ?? '',
    authorName: article?.authorName ?? '',
  }
}

/** The input the service takes; an empty slug is left to the server to make from the title. */
export function toArticleInput(state: ArticleFormState, version: number) {
  const { coverPreview: _preview, slug, ...rest } = state
  return { ...rest, slug: slug.trim() || undefined, version }
}

/** What the form would save, for telling whether anything changed since the last save. */
export const snapshotOf = (state: ArticleFormState) => JSON.stringify(toArticleInput(state, 0))

/** The address suggested by the title: «Как зарегистрировать дрон» → kak-zaregistrirovat-dron. */
export const suggestSlug = (title: string) => slugify(title)

/** Moscow keeps UTC+3 all year: the platform's time for every date staff pick. */
const MOSCOW_OFFSET_MS = 3 * 60 * 60 * 1000

/** A moment as Moscow's wall-clock time in the date picker's format, `YYYY-MM-DD HH:mm:ss`. */
export function toMoscowWallTime(moment: Date): string {
  return new Date(moment.getTime() + MOSCOW_OFFSET_MS).toISOString().slice(0, 19).replace('T', ' ')
}

/** The picker's `YYYY-MM-DD HH:mm:ss`, read as Moscow time, as a moment. */
export function fromMoscowWallTime(value: string): Date {
  return new Date(`${value.replace(' ', 'T')}+03:00`)
}

/**
 * The shared schema's refusals by field, the first of each; null when the input is valid. The
 * schema (and zod with it) loads on the first save, not with the page.
 */
export async function articleInputErrors(input: unknown): Promise<Record<string, string> | null> {
  const { ArticleInput } = await import('#common/media/articles.ts')
  const parsed = ArticleInput.safeParse(input)
  if (parsed.success) return null
  const errors: Record<string, string> = {}
  for (const issue of parsed.error.issues) errors[String(issue.path[0] ?? 'form')] ??= issue.message
  return errors
}
