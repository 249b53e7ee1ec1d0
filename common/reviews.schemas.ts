import { OrderNumber } from './orders.schemas.ts'
import { REVIEW_LIMITS, REVIEW_MESSAGES, STAFF_REVIEW_FILTERS } from './reviews.ts'
import { multiLineText } from './text.ts'
import { fromDigits, z } from './zod.ts'
import { formatCount } from '#common/format.ts'
import { CHARACTERS_UP_TO } from '#common/counted-words.ts'

/** The inputs of the reviews API, checked the same way by the server and the order page's forms. */

const Rating = fromDigits(
  z
    .number({ error: REVIEW_MESSAGES.rating })
    .int(REVIEW_MESSAGES.rating)
    .min(1, REVIEW_MESSAGES.rating)
    .max(5, REVIEW_MESSAGES.rating),
)

export const ReviewText = multiLineText({ error: REVIEW_MESSAGES.text })
  .min(REVIEW_LIMITS.textMin, REVIEW_MESSAGES.text)
  .max(REVIEW_LIMITS.textMax, REVIEW_MESSAGES.text)

const ReviewOrderNumber = z.string({ error: REVIEW_MESSAGES.orderNumber }).trim().pipe(OrderNumber)

/** POST /reviews/products: the buyer rates a product of a delivered order. */
export const ProductReviewInput = z.object({
  orderNumber: ReviewOrderNumber,
  productId: z.uuid({ error: REVIEW_MESSAGES.productId }),
  rating: Rating,
  text: ReviewText,
})

/** POST /reviews/sellers: the buyer rates the seller of a delivered order. */
export const SellerReviewInput = z.object({ orderNumber: ReviewOrderNumber, rating: Rating, text: ReviewText })

/** PATCH /reviews/{kind}/{id}: the author's organization changes its review (within 30 days). */
export const ReviewEditInput = z.object({ rating: Rating, text: ReviewText })

/** POST /reviews/{kind}/{id}/answer: the seller's one answer. */
export const ReviewAnswerInput = z.object({
  text: multiLineText({ error: REVIEW_MESSAGES.answer })
    .min(1, REVIEW_MESSAGES.answer)
    .max(REVIEW_LIMITS.answerMax, REVIEW_MESSAGES.answer),
})

/** POST /staff/reviews/{kind}/{id}/hide: why staff hide it (abuse, personal data, not a review). */
export const ReviewHideInput = z.object({
  reason: multiLineText({ error: REVIEW_MESSAGES.reason })
    .min(1, REVIEW_MESSAGES.reason)
    .max(REVIEW_LIMITS.reasonMax, `Не больше ${formatCount(REVIEW_LIMITS.reasonMax, CHARACTERS_UP_TO)}`),
})

export const ReviewListQuery = z.object({ page: fromDigits(z.number().int().min(1).max(10_000).default(1)) })

export const StaffReviewListQuery = z.object({
  status: z.enum(STAFF_REVIEW_FILTERS).default('visible'),
  page: fromDigits(z.number().int().min(1).max(10_000)).default(1),
})

// ---- views -------------------------------------------------------------------------------------
