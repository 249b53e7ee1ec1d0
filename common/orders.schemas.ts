import { calendarDate } from './calendar-date.ts'
import { OptionalPhone } from './auth.ts'
import { multiLineText, singleLineText } from './text.ts'
import { fromDigits, z } from './zod.ts'
import { formatCount } from '#common/format.ts'
import { CHARACTERS_UP_TO } from '#common/counted-words.ts'
import {
  CART_LIMITS,
  CART_MESSAGES,
  DELIVERY_METHODS,
  ORDER_FILTERS,
  ORDER_LIMITS,
  ORDER_MESSAGES,
  ORDER_SIDES,
} from './orders.ts'

/**
 * What the orders' endpoints accept, apart from orders.ts so that pages showing an order's words
 * and limits do not load the schema library with them.
 */

const Quantity = fromDigits(
  z
    .number({ error: CART_MESSAGES.quantity })
    .int(CART_MESSAGES.quantity)
    .min(1, CART_MESSAGES.quantity)
    .max(CART_LIMITS.maxQuantity, CART_MESSAGES.quantity),
)

/** POST /cart/items: adds the product (or more of it). */
export const CartAddInput = z.object({
  productId: z
    .uuid({ error: CART_MESSAGES.productId })
    .describe('Предложение продавца (id товара): корзина держит предложения, не модели'),
  quantity: Quantity.default(1),
})

/** PATCH /cart/items/{productId}: sets the quantity. */
export const CartQuantityInput = z.object({ quantity: Quantity })

const line = (max: number, required: string) =>
  singleLineText({ error: required })
    .min(1, required)
    .max(max, `Не больше ${formatCount(max, CHARACTERS_UP_TO)}`)

const optionalLine = (max: number) => singleLineText().max(max, `Не больше ${formatCount(max, CHARACTERS_UP_TO)}`)

/**
 * What a serial or a tracking number is made of: Latin or Cyrillic letters, digits and `- / . _`.
 * Anything else (emoji, other scripts, spaces inside) is a typing slip, and the delivery note
 * could not print it.
 */
const CODE = /^[\p{Script=Latin}\p{Script=Cyrillic}0-9\-/._]*$/u
export const CODE_MESSAGE = 'Только буквы, цифры и знаки - / . _'

/** POST /checkout: the selected organization's cart becomes one order per seller. */
export const CheckoutInput = z
  .object({
    /** Made once per checkout page: a double click or a retry with it creates nothing new. */
    checkoutKey: z.uuid({ error: ORDER_MESSAGES.checkoutKey }),
    payerOrganizationId: z.uuid({ error: ORDER_MESSAGES.payer }),
    deliveryMethod: z.enum(DELIVERY_METHODS, { error: ORDER_MESSAGES.deliveryMethod }),
    address: optionalLine(ORDER_LIMITS.address).default(''),
    carrier: optionalLine(ORDER_LIMITS.carrier).default(''),
    contactName: line(ORDER_LIMITS.contactName, ORDER_MESSAGES.contactName),
    contactPhone: z
      .string({ error: ORDER_MESSAGES.contactPhone })
      .pipe(OptionalPhone)
      .refine((v) => v !== null, ORDER_MESSAGES.contactPhone)
      .transform((v) => v ?? ''),
    comment: multiLineText()
      .max(ORDER_LIMITS.comment, `Не больше ${formatCount(ORDER_LIMITS.comment, CHARACTERS_UP_TO)}`)
      .default(''),
    /** The total the buyer saw; another one (a price changed meanwhile) is refused with 409. */
    expectedTotalKopecks: fromDigits(z.number().int().min(0)),
  })
  .superRefine((v, ctx) => {
    if (v.deliveryMethod !== 'pickup' && !v.address)
      ctx.addIssue({ code: 'custom', path: ['address'], message: ORDER_MESSAGES.address })
    if (v.deliveryMethod === 'carrier' && !v.carrier)
      ctx.addIssue({ code: 'custom', path: ['carrier'], message: ORDER_MESSAGES.carrier })
  })
export type CheckoutInput = z.input<typeof CheckoutInput>

/** GET /orders: one side's orders. */
export const OrderListQuery = z.object({
  side: z.enum(ORDER_SIDES).default('purchase'),
  filter: z.enum(ORDER_FILTERS).optional(),
  q: singleLineText().max(ORDER_LIMITS.search).optional(),
  page: fromDigits(z.number().int().min(1).max(10_000)).default(1),
})

export const OrderNumber = z.string().regex(/^\d{4}-\d{5,}$/, 'Номер заказа — например 2611-00042')

export const ConfirmOrderInput = z.object({
  /** When the seller will deliver or hand over the goods (YYYY-MM-DD); optional. */
  deliveryDate: calendarDate().nullable().optional(),
  comment: multiLineText().max(ORDER_LIMITS.comment).optional(),
})

export const CancelOrderInput = z.object({
  reason: multiLineText({ error: ORDER_MESSAGES.reason })
    .min(1, ORDER_MESSAGES.reason)
    .max(ORDER_LIMITS.reason, `Не больше ${formatCount(ORDER_LIMITS.reason, CHARACTERS_UP_TO)}`),
})

export const ShipOrderInput = z.object({
  carrier: optionalLine(ORDER_LIMITS.carrier).default(''),
  trackingNumber: optionalLine(ORDER_LIMITS.trackingNumber).regex(CODE, CODE_MESSAGE).default(''),
  /** A transport document (PDF, JPEG or PNG) uploaded first through POST /files. */
  documentFileId: z.uuid().nullable().optional(),
  /** Per order line that needs them: the serial numbers of the units shipped. */
  serials: z
    .array(
      z.object({
        lineId: z.uuid(),
        numbers: z
          .array(line(ORDER_LIMITS.serialNumber, 'Укажите серийный номер').regex(CODE, CODE_MESSAGE))
          .max(CART_LIMITS.maxQuantity),
      }),
    )
    .max(CART_LIMITS.maxLines)
    .default([]),
  comment: multiLineText().max(ORDER_LIMITS.comment).optional(),
})

export const OrderCommentInput = z.object({ comment: multiLineText().max(ORDER_LIMITS.comment).optional() })
