import { ARTICLE_STATUS_LABELS, type ArticleStatus } from '#common/media/articles.ts'
import type { Ctx } from '../../context.ts'
import { findTransition, type Lifecycle, moveStatus, recordMove, type Transition } from '../../lifecycle/index.ts'
import { articleEvents, articles } from './articles.table.ts'
import { quote } from '#common/format.ts'

/**
 * An article's lifecycle: staff write drafts, publish them at once or schedule them; the system
 * publishes a scheduled article at its time (a job), staff may also publish it early or take it
 * back to draft; a published article goes to the archive and comes back from it as a draft.
 * `update` is a save that keeps the status: it is in the table so that an archived article is
 * refused like any other wrong move and every save leaves a history row.
 */
export type ArticleEvent = 'create' | 'update' | 'schedule' | 'publish' | 'unschedule' | 'archive' | 'restore'
export type ArticleActor = 'staff' | 'system'
export type ArticleTransition = Transition<ArticleStatus, ArticleEvent, ArticleActor>

export const ARTICLE_TRANSITIONS: readonly ArticleTransition[] = [
  { from: null, event: 'create', to: 'draft', who: 'staff' },
  { from: 'draft', event: 'update', to: 'draft', who: 'staff' },
  { from: 'scheduled', event: 'update', to: 'scheduled', who: 'staff' },
  { from: 'published', event: 'update', to: 'published', who: 'staff' },
  { from: 'draft', event: 'schedule', to: 'scheduled', who: 'staff' },
  { from: 'draft', event: 'publish', to: 'published', who: 'staff' },
  { from: 'scheduled', event: 'publish', to: 'published', who: 'staff' },
  { from: 'scheduled', event: 'publish', to: 'published', who: 'system' },
  { from: 'scheduled', event: 'unschedule', to: 'draft', who: 'staff' },
  { from: 'published', event: 'archive', to: 'archived', who: 'staff' },
  { from: 'archived', event: 'restore', to: 'draft', who: 'staff' },
]

export const ARTICLE_MESSAGES = {
  notFound: 'Статья не найдена',
  stale: 'Статус статьи только что изменился. Обновите страницу.',
  versionConflict: 'Статью изменил другой редактор, пока вы её правили. Обновите страницу, чтобы увидеть его правки.',
  slugTaken: 'Такой адрес уже занят другой статьёй',
  scheduleInPast: 'Укажите время публикации в будущем',
  imageNotFound: 'Изображение не найдено: загрузите его ещё раз',
  needTitle: 'Укажите заголовок',
  needLead: 'Напишите лид — короткое вступление',
  needCover: 'Добавьте обложку',
  needCoverAlt: 'Опишите обложку для тех, кто её не видит',
  needBody: 'Напишите текст статьи',
  bodyTooLong: 'Текст статьи слишком длинный',
  tooManyEmbeds: 'Слишком много товаров в статье',
  searchTooShort: 'Введите хотя бы 2 символа',
} as const

export const articleLifecycle: Lifecycle<ArticleStatus, ArticleEvent, ArticleActor> = {
  transitions: ARTICLE_TRANSITIONS,
  refusals: {
    create: 'Такая статья уже создана',
    update: 'Статью в архиве нельзя изменить: сначала верните её в черновики',
    schedule: 'Запланировать можно только черновик',
    publish: 'Опубликовать можно черновик или запланированную статью',
    unschedule: 'Отменить публикацию можно только у запланированной статьи',
    archive: 'Убрать в архив можно только опубликованную статью',
    restore: 'Вернуть в черновики можно только статью из архива',
  },
  labels: ARTICLE_STATUS_LABELS,
  subject: { table: articles, id: articles.id, status: articles.status },
  history: { table: articleEvents, subjectId: articleEvents.articleId, event: articleEvents.event },
  stale: ARTICLE_MESSAGES.stale,
}

/** What each event is called in the editor's history. */
export const ARTICLE_EVENT_LABELS: Record<ArticleEvent, string> = {
  create: 'Создана',
  update: 'Сохранена',
  schedule: 'Запланирована',
  publish: 'Опубликована',
  unschedule: 'Публикация отменена',
  archive: 'Убрана в архив',
  restore: 'Возвращена в черновики',
}

const MOSCOW_TIME = new Intl.DateTimeFormat('ru-RU', {
  timeZone: 'Europe/Moscow',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
})

/** A publication time as the history's note says it: «на 28.11.2026, 10:00 (МСК)». */
export const scheduleNote = (at: Date) => `на ${MOSCOW_TIME.format(at)} (МСК)`

/** The moves the staff editor offers as buttons. */
export const STAFF_ACTIONS = ['publish', 'schedule', 'unschedule', 'archive', 'restore'] as const
export type StaffAction = (typeof STAFF_ACTIONS)[number]

/** The buttons for an article in this status: the staff moves the table allows from it. */
export function allowedActions(status: ArticleStatus): StaffAction[] {
  return STAFF_ACTIONS.filter((event) =>
    ARTICLE_TRANSITIONS.some((t) => t.from === status && t.event === event && t.who === 'staff'),
  )
}

export function articleTransition(
  from: ArticleStatus | null,
  event: ArticleEvent,
  who: ArticleActor,
  title?: string,
): ArticleTransition {
  return findTransition(articleLifecycle, from, event, who, title ? `Статья ${quote(title)}` : undefined)
}

/** Moves an article along an allowed transition, writing `set` beside the status and the history row. */
export function moveArticle(
  ctx: Ctx,
  articleId: string,
  step: ArticleTransition,
  options: { comment?: string | null; set?: Record<string, unknown> } = {},
): Promise<void> {
  return moveStatus(ctx, articleLifecycle, articleId, step, options)
}

/** The history row of a save or a creation, written beside the caller's own update or insert. */
export function recordArticleEvent(
  ctx: Ctx,
  articleId: string,
  step: ArticleTransition,
  comment: string | null = null,
): Promise<void> {
  return recordMove(ctx, articleLifecycle, articleId, step, comment)
}
