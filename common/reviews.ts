import { formatCount, formatNumber, type PluralForms } from './format.ts'
import { isMultiLineText, normalizeNewlines, TEXT_MESSAGES } from './text-rules.ts'

// Declined here rather than taken from counted-words.ts: the product and seller pages load this
// module, and the shared table would come along with it (the first-load budget of landing pages).
const CHARACTERS_UP_TO: PluralForms = ['символа', 'символов', 'символов']
const DAYS_UP_TO: PluralForms = ['дня', 'дней', 'дней']

/**
 * Reviews from real purchases: a buying organization rates a product it received and the seller
 * of the order. What the REST API, the pages and the forms share; no zod here, so the public
 * product and seller pages that show reviews do not load it (the schemas: reviews.schemas.ts).
 */

export const REVIEW_KINDS = ['product', 'seller'] as const
export type ReviewKind = (typeof REVIEW_KINDS)[number]

export const REVIEW_LIMITS = {
  textMin: 10,
  textMax: 2000,
  answerMax: 2000,
  reasonMax: 500,
  pageSize: 10,
  staffPageSize: 50,
  /** Up to this many reviews go into the product's JSON-LD. */
  jsonLdReviews: 5,
  /** The author may change a review this many days after writing it. */
  editableDays: 30,
} as const

export const REVIEW_MESSAGES = {
  rating: 'Поставьте оценку от 1 до 5',
  text: `Напишите отзыв: от ${REVIEW_LIMITS.textMin} до ${formatCount(REVIEW_LIMITS.textMax, CHARACTERS_UP_TO)}`,
  answer: `Напишите ответ: до ${formatCount(REVIEW_LIMITS.answerMax, CHARACTERS_UP_TO)}`,
  reason: 'Укажите причину',
  productId: 'Укажите товар из заказа',
  orderNumber: 'Укажите номер заказа',
  notFound: 'Отзыв не найден',
  productNotInOrder: 'Этого товара нет в заказе',
  notDelivered: 'Оставить отзыв можно после получения заказа',
  ownSeller: 'Отзыв о себе не принимается: покупатель и продавец — одна организация или у них общий владелец',
  productReviewed: 'Ваша организация уже оставила отзыв об этом товаре',
  sellerReviewed: 'Отзыв о продавце по этому заказу уже оставлен',
  answered: 'На этот отзыв продавец уже ответил',
  notSeller: 'Ответить на отзыв может только продавец',
  editExpired: `Отзыв можно изменить в течение ${formatCount(REVIEW_LIMITS.editableDays, DAYS_UP_TO)} после публикации`,
  notAuthor: 'Изменить отзыв может только организация, которая его оставила',
  empty: 'Отзывов пока нет. Оставить отзыв могут покупатели, получившие товар.',
  emptySeller: 'Отзывов пока нет. Оставить отзыв могут покупатели, получившие заказ.',
} as const

/**
 * What is wrong with a review's text, as `ReviewText` (reviews.schemas.ts) would say it, without
 * zod: the order page checks the text before sending it and must not load zod (27 kB gzip) to
 * do so. A test keeps the two in step.
 */
export function reviewTextProblem(text: string): string | undefined {
  const cleaned = normalizeNewlines(text).trim()
  if (!isMultiLineText(cleaned)) return TEXT_MESSAGES.invalidCharacters
  if (cleaned.length < REVIEW_LIMITS.textMin || cleaned.length > REVIEW_LIMITS.textMax) return REVIEW_MESSAGES.text
  return undefined
}

export const REVIEW_FORMS: PluralForms = ['отзыв', 'отзыва', 'отзывов']

export const STAFF_REVIEW_FILTERS = ['visible', 'hidden'] as const
export type StaffReviewFilter = (typeof STAFF_REVIEW_FILTERS)[number]

export interface ReviewSummary {
  /** One decimal (4.3); 0 when there are no reviews. */
  average: number
  count: number
  /** Visible reviews per rating: index 0 is «1», index 4 is «5». */
  distribution: [number, number, number, number, number]
}

export interface Review {
  id: string
  kind: ReviewKind
  rating: number
  text: string
  /** «Ирина, ООО «Агрохолдинг Заря»»: the author's first name and organization as they signed. */
  author: string
  createdAt: string
  updatedAt: string
  answer: { text: string; at: string } | null
}

export interface ReviewPage {
  summary: ReviewSummary
  items: Review[]
  page: number
  pageSize: number
  total: number
  /** The caller works as the reviewed seller: it may answer the unanswered ones. */
  canAnswer: boolean
}

/** A review as its author sees it on the order page (hidden ones too, with why). */
export interface OwnReview extends Review {
  hidden: boolean
  hiddenReason: string | null
  editableUntil: string
  /** Still within the days its author may change it. */
  editable: boolean
}

export interface Reviewable {
  orderNumber: string
  /** The order reached the buyer (delivered or completed): only then may it review. */
  delivered: boolean
  seller: { id: string; name: string; slug: string; canReview: boolean; review: OwnReview | null }
  products: { productId: string; title: string; slug: string; canReview: boolean; review: OwnReview | null }[]
}

export interface StaffReview extends Review {
  subject: { title: string; href: string }
  organizationId: string
  hiddenAt: string | null
  hiddenReason: string | null
}

/** «4,3 из 5». */
export function formatRating(average: number): string {
  return `${formatNumber(average, 1, 1)} из 5`
}

/** The average of visible ratings to one decimal, as shown and as JSON-LD gives it. */
export function averageOf(distribution: readonly number[]): number {
  const count = distribution.reduce((s, n) => s + n, 0)
  if (!count) return 0
  const sum = distribution.reduce((s, n, i) => s + n * (i + 1), 0)
  return Math.round((sum / count) * 10) / 10
}

/** «Ирина, ООО «Агрохолдинг Заря»» from a full name and an organization's short name. */
export function reviewAuthor(personName: string, organizationName: string): string {
  const first = personName.trim().split(/\s+/)[0] ?? ''
  return first ? `${first}, ${organizationName}` : organizationName
}
