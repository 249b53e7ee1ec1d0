import { REVIEW_KINDS, STAFF_REVIEW_FILTERS } from '#common/reviews.ts'
import { z } from '#common/zod.ts'

/** The response shapes of the reviews routes, for OpenAPI and the serializer. */

export const ReviewSchema = z.object({
  id: z.uuid(),
  kind: z.enum(REVIEW_KINDS),
  rating: z.number().int().min(1).max(5),
  text: z.string(),
  author: z.string().describe('Имя автора и организация: «Ирина, ООО «Агрохолдинг Заря»»'),
  createdAt: z.string(),
  updatedAt: z.string(),
  answer: z.object({ text: z.string(), at: z.string() }).nullable().describe('Ответ продавца'),
})

export const ReviewPageSchema = z.object({
  summary: z.object({
    average: z.number().describe('Средняя оценка с одним знаком после запятой; 0 — отзывов нет'),
    count: z.number().int(),
    distribution: z.array(z.number().int()).length(5).describe('Число отзывов с оценкой 1, 2, 3, 4, 5'),
  }),
  items: z.array(ReviewSchema),
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
  canAnswer: z.boolean().describe('Спрашивающий работает от имени продавца и может ответить'),
})

export const OwnReviewSchema = ReviewSchema.extend({
  hidden: z.boolean(),
  hiddenReason: z.string().nullable(),
  editableUntil: z.string(),
  editable: z.boolean(),
})

export const ReviewableSchema = z.object({
  orderNumber: z.string(),
  delivered: z.boolean(),
  seller: z.object({
    id: z.uuid(),
    name: z.string(),
    slug: z.string(),
    canReview: z.boolean(),
    review: OwnReviewSchema.nullable(),
  }),
  products: z.array(
    z.object({
      productId: z.uuid(),
      title: z.string(),
      slug: z.string(),
      canReview: z.boolean(),
      review: OwnReviewSchema.nullable(),
    }),
  ),
})

export const StaffReviewSchema = ReviewSchema.extend({
  subject: z.object({ title: z.string(), href: z.string() }),
  organizationId: z.uuid(),
  hiddenAt: z.string().nullable(),
  hiddenReason: z.string().nullable(),
})

const UrlKind = z.enum(['products', 'sellers']).describe('products — отзыв о товаре, sellers — о продавце')
export const KindParams = z.object({ kind: UrlKind, id: z.string() })
export const StaffReviewQuery = z.object({
  status: z.enum(STAFF_REVIEW_FILTERS).optional(),
  page: z.string().optional(),
})
