import { CORRECTION_DECISIONS, CORRECTION_KINDS, CORRECTION_STATUSES } from '#common/order-corrections.ts'
import { REGISTRATION_REQUIREMENTS } from '#common/catalog/registration.ts'
import { VAT_RATES } from '#common/catalog/vat.ts'
import { DELIVERY_METHODS, ORDER_ACTIONS, ORDER_SIDES, ORDER_STATUSES } from '#common/orders.ts'
import { z } from '#common/zod.ts'

/** The response shapes of the cart and orders routes, for OpenAPI and the serializer. */

const Kopecks = z.number().int().describe('Копейки')
const Party = z.object({ id: z.uuid(), name: z.string(), slug: z.string() })
const Image = z.object({ src: z.string(), alt: z.string() })

export const CartItemSchema = z.object({
  productId: z.uuid().describe('Предложение: условия одного продавца для модели'),
  slug: z.string().describe('Слаг предложения; пусто, если снято с продажи'),
  modelSlug: z.string().nullable().describe('Слаг модели: её страница — /product/{modelSlug}'),
  href: z.string().describe('Страница модели с этим предложением; пусто, если снято с продажи'),
  title: z.string(),
  sku: z.string(),
  image: Image.nullable(),
  quantity: z.number().int(),
  priceKopecks: Kopecks.nullable().describe('Цена сейчас; null — по запросу'),
  previousPriceKopecks: Kopecks.nullable().describe('Цена при добавлении, если она изменилась'),
  vatRate: z.enum(VAT_RATES),
  quote: z
    .object({ ref: z.string(), validUntil: z.string() })
    .nullable()
    .describe('КП поставщика, по цене которого позиция в корзине (до последнего дня его действия)'),
  amountKopecks: Kopecks,
  maxQuantity: z.number().int(),
  minQuantity: z.number().int().describe('Минимальный заказ продавца, штук'),
  unavailable: z.boolean(),
  note: z.string().nullable(),
  onRequest: z.boolean(),
})

export const CartViewSchema = z.object({
  groups: z.array(
    z.object({
      seller: z.object({ id: z.string(), name: z.string(), slug: z.string() }),
      items: z.array(CartItemSchema),
      subtotalKopecks: Kopecks,
      vatKopecks: Kopecks,
    }),
  ),
  totalKopecks: Kopecks,
  vatKopecks: Kopecks,
  orderableCount: z.number().int(),
  count: z.number().int(),
  hasPriceChanges: z.boolean(),
})

export const CartAddedSchema = z.object({ count: z.number().int(), quantity: z.number().int() })

export const CheckoutResultSchema = z.object({
  orders: z.array(z.object({ number: z.string(), seller: Party, totalKopecks: Kopecks })),
  leftInCart: z.number().int(),
})

export const OrderSummarySchema = z.object({
  number: z.string(),
  side: z.enum(ORDER_SIDES),
  status: z.enum(ORDER_STATUSES),
  buyer: Party,
  seller: Party,
  totalKopecks: Kopecks,
  lineCount: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
})

const OrderParty = z.object({
  id: z.uuid(),
  name: z.string(),
  fullName: z.string(),
  slug: z.string(),
  inn: z.string(),
  kpp: z.string().nullable(),
  address: z.string(),
})

const CorrectionFiguresSchema = z.object({
  quantity: z.number().int(),
  priceKopecks: z.number().int().describe('Цена единицы с НДС, копейки'),
  amountKopecks: z.number().int(),
  vatKopecks: z.number().int(),
})

/** Returns and price changes of a received order and the totals they leave. */
const OrderCorrectionsSchema = z.object({
  items: z.array(
    z.object({
      number: z.number().int(),
      kind: z.enum(CORRECTION_KINDS),
      status: z.enum(CORRECTION_STATUSES),
      proposedBy: z.enum(['buyer', 'seller']),
      reason: z.string(),
      decisionComment: z.string().nullable(),
      lines: z.array(
        z.object({
          lineId: z.uuid(),
          position: z.number().int(),
          title: z.string(),
          before: CorrectionFiguresSchema,
          after: CorrectionFiguresSchema,
        }),
      ),
      differenceKopecks: z.number().int().describe('После минус до, с НДС: отрицательная при возврате или скидке'),
      createdAt: z.string(),
      decidedAt: z.string().nullable(),
      ukd: z.object({ number: z.string(), date: z.string(), href: z.string() }).nullable(),
      actions: z.array(z.enum(CORRECTION_DECISIONS)),
    }),
  ),
  totals: z.object({ totalKopecks: z.number().int(), vatKopecks: z.number().int() }),
  current: z.array(z.object({ lineId: z.uuid(), quantity: z.number().int(), priceKopecks: z.number().int() })),
  canPropose: z.array(z.enum(CORRECTION_KINDS)),
})

export const OrderDetailsSchema = OrderSummarySchema.extend({
  lines: z.array(
    z.object({
      id: z.uuid(),
      productId: z.uuid(),
      slug: z.string(),
      title: z.string(),
      sku: z.string(),
      quantity: z.number().int(),
      priceKopecks: Kopecks,
      vatRate: z.enum(VAT_RATES),
      amountKopecks: Kopecks,
      vatKopecks: Kopecks,
      registration: z.enum(REGISTRATION_REQUIREMENTS),
      serialNumbers: z.array(z.string()),
    }),
  ),
  vatKopecks: Kopecks,
  buyerParty: OrderParty,
  sellerParty: OrderParty,
  delivery: z.object({ method: z.enum(DELIVERY_METHODS), address: z.string(), carrier: z.string().nullable() }),
  contactName: z.string(),
  contactPhone: z.string(),
  comment: z.string(),
  deliveryDate: z.string().nullable(),
  shipment: z
    .object({ carrier: z.string(), trackingNumber: z.string(), documentFileId: z.uuid().nullable() })
    .nullable(),
  cancelReason: z.string().nullable(),
  history: z.array(
    z.object({
      from: z.enum(ORDER_STATUSES).nullable(),
      to: z.enum(ORDER_STATUSES),
      event: z.string(),
      by: z.enum(['buyer', 'seller', 'system']),
      byName: z.string().nullable(),
      comment: z.string().nullable(),
      at: z.string(),
    }),
  ),
  actions: z.array(z.enum(ORDER_ACTIONS)),
  documents: z.array(
    z.object({
      kind: z.enum(['invoice', 'delivery-note', 'upd', 'upd-xml', 'ukd', 'shipping']),
      title: z.string(),
      href: z.string(),
    }),
  ),
  chatRoomGuid: z.uuid().nullable(),
  corrections: OrderCorrectionsSchema,
  registration: z.object({ required: z.boolean(), doneAt: z.string().nullable() }),
})

export const OrderParams = z.object({ side: z.enum(ORDER_SIDES), number: z.string() })
export const CorrectionParams = z.object({
  side: z.enum(ORDER_SIDES),
  number: z.string(),
  correction: z.string().describe('Номер корректировки в заказе'),
})
export const CorrectionDecisionParams = CorrectionParams.extend({ decision: z.enum(CORRECTION_DECISIONS) })
export const DocumentParams = z.object({ side: z.enum(ORDER_SIDES), number: z.string(), file: z.string() })
export const NumberParams = z.object({ number: z.string() })
export const ProductParams = z.object({ productId: z.string() })
