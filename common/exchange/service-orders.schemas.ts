import { multiLineText } from '../text.ts'
import { fromDigits, z } from '../zod.ts'
import { SERVICE_ORDER_LIMITS, SERVICE_ORDER_MESSAGES } from './service-orders.ts'
import { formatCount } from '#common/format.ts'
import { CHARACTERS_UP_TO, FILES_UP_TO } from '#common/counted-words.ts'

/** The inputs of the service order moves, checked the same way by the API and the page's forms. */

export const ServiceOrderNumber = z.string().regex(/^S-\d{4}-\d{5,}$/, 'Номер заказа — например S-2611-00042')

const tooLong = (max: number) => `Не больше ${formatCount(max, CHARACTERS_UP_TO)}`

/** The result: a report, files uploaded through /files (their ids), or both; at least one. */
export const SubmitServiceResultInput = z.object({
  report: multiLineText().max(SERVICE_ORDER_LIMITS.report, tooLong(SERVICE_ORDER_LIMITS.report)).optional().default(''),
  fileIds: z
    .array(z.uuid('Файл не найден'))
    .max(SERVICE_ORDER_LIMITS.files, `Не больше ${formatCount(SERVICE_ORDER_LIMITS.files, FILES_UP_TO)}`)
    .optional()
    .default([]),
})

const Reason = multiLineText({ error: SERVICE_ORDER_MESSAGES.reason })
  .min(1, SERVICE_ORDER_MESSAGES.reason)
  .max(SERVICE_ORDER_LIMITS.reason, tooLong(SERVICE_ORDER_LIMITS.reason))

export const CancelServiceOrderInput = z.object({ reason: Reason })

export const REWORK_COMMENT_MESSAGE = 'Напишите, что нужно доработать'

export const ReworkServiceOrderInput = z.object({
  comment: multiLineText({ error: REWORK_COMMENT_MESSAGE })
    .min(1, REWORK_COMMENT_MESSAGE)
    .max(SERVICE_ORDER_LIMITS.reason, tooLong(SERVICE_ORDER_LIMITS.reason)),
})

export const SERVICE_REVIEW_TEXT_MESSAGE = `Напишите отзыв: до ${formatCount(SERVICE_ORDER_LIMITS.review, CHARACTERS_UP_TO)}`

export const ServiceReviewInput = z.object({
  rating: fromDigits(
    z
      .number({ error: SERVICE_ORDER_MESSAGES.rating })
      .int(SERVICE_ORDER_MESSAGES.rating)
      .min(1, SERVICE_ORDER_MESSAGES.rating)
      .max(5, SERVICE_ORDER_MESSAGES.rating),
  ),
  text: multiLineText({ error: SERVICE_REVIEW_TEXT_MESSAGE })
    .min(1, SERVICE_REVIEW_TEXT_MESSAGE)
    .max(SERVICE_ORDER_LIMITS.review, SERVICE_REVIEW_TEXT_MESSAGE),
})
