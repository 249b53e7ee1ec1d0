import type { VatRate } from './catalog/vat.ts'
import type { RegistrationRequirement } from './catalog/registration.ts'
import type { ProductImage } from './catalog/products.ts'
import { quote, formatCount } from '#common/format.ts'
import { LINES } from '#common/counted-words.ts'
import type { OrderCorrections } from './order-corrections.ts'

/**
 * The cart and orders: what the REST API and the pages share. Money is integer kopecks; prices
 * include VAT at the line's own rate, as the catalogue shows them.
 */

export const CART_LIMITS = {
  /** Lines in one cart: a purchasing department's list, not a warehouse. */
  maxLines: 100,
  /** Units of one product when the seller does not say how many are in stock. */
  maxQuantity: 9999,
} as const

export const ORDER_LIMITS = {
  comment: 2000,
  reason: 1000,
  address: 300,
  contactName: 120,
  carrier: 120,
  trackingNumber: 60,
  serialNumber: 60,
  /**
   * The largest order the cart places: ten billion rubles. Larger sums are negotiated, not put in
   * a cart, and every document's amount in words stays far inside what it can write.
   */
  maxTotalKopecks: 10_000_000_000_00,
  pageSize: 20,
  search: 100,
  /** A shipped order counts as delivered this many days later unless the buyer says otherwise. */
  autoDeliveredAfterDays: 14,
  /** A delivered order is completed this many days later (the time to raise a problem). */
  autoCompletedAfterDays: 14,
  /**
   * Days after shipping when the buyer is reminded to register the drones, until they say it is
   * done: the register (учёт) wants them within 10 working days of the purchase.
   */
  registrationReminderDays: [3, 7, 11],
} as const

export const CART_MESSAGES = {
  productId: 'Укажите товар: нужен его идентификатор (UUID)',
  quantity: `Количество — целое число от 1 до ${CART_LIMITS.maxQuantity}`,
  notFound: 'Товар не найден или снят с продажи',
  notInCart: 'Этого товара нет в корзине',
  ownProduct: 'Это товар вашей организации: купить его у себя нельзя',
  noOrganization: 'Корзина принадлежит организации: выберите её или зарегистрируйте в разделе «Компания»',
  full: `В корзине уже ${formatCount(CART_LIMITS.maxLines, LINES)}: оформите заказ или удалите ненужные`,
  onRequest: 'Цена этого товара — по запросу: запросите её у продавца в чате',
} as const

export function stockLimitMessage(title: string, available: number): string {
  return available > 0
    ? `${quote(title)}: у продавца осталось ${available} шт.`
    : `${quote(title)}: товар закончился у продавца`
}

export const ORDER_MESSAGES = {
  notFound: 'Заказ не найден',
  stale: 'Заказ уже изменился: обновите страницу',
  emptyCart: 'В корзине нет товаров, которые можно заказать',
  payer: 'Выберите организацию-плательщика',
  payerNotBuyer: 'Платить может только организация с подтверждённой ролью «Покупатель»',
  ownProducts: (payer: string) =>
    `Организация не может купить свои товары: уберите из корзины товары ${quote(payer)} или выберите другую организацию-плательщика`,
  totalTooLarge: (seller: string) =>
    `Сумма заказа у продавца ${quote(seller)} больше 10 000 000 000 ₽: уменьшите количество или договоритесь о сделке с продавцом в чате`,
  deliveryMethod: 'Выберите способ получения',
  address: 'Укажите адрес доставки',
  carrier: 'Укажите транспортную компанию',
  contactName: 'Укажите контактное лицо',
  contactPhone: 'Укажите телефон контактного лица',
  pricesChanged: 'Цены или наличие в корзине изменились. Проверьте корзину и оформите заказ ещё раз.',
  reason: 'Укажите причину отмены',
  shipment: 'Укажите трек-номер или приложите транспортный документ',
  serials: 'Укажите серийные номера всех беспилотников, которые нужно поставить на учёт',
  deliveryDate: 'Дата доставки не может быть в прошлом',
  registrationNotDue:
    'Отметить постановку на учёт можно после отгрузки заказа с беспилотниками, которые нужно поставить на учёт',
  checkoutKey: 'Не удалось оформить заказ: обновите страницу и попробуйте ещё раз',
  noBankRequisites:
    'Чтобы подтвердить заказ и выставить счёт, укажите банковские реквизиты организации в разделе «Компания»',
  noSignatories:
    'Чтобы подтвердить заказ и выставить счёт, укажите руководителя организации: «Личный кабинет» → «Компания» → «Подписанты и документы». Его подпись ставится в счёте',
  shippingDocument: 'Приложите транспортный документ заново: файл не найден',
  noDocument: 'Документа ещё нет: счёт появляется после подтверждения заказа, накладная и УПД — после отгрузки',
  updBeforeShipping: 'УПД выставляется при отгрузке: этот заказ ещё не отгружен',
} as const

// ---- statuses ----------------------------------------------------------------------------------

export const ORDER_STATUSES = [
  'created',
  'confirmed',
  'paid',
  'shipped',
  'delivered',
  'completed',
  'cancelled',
] as const
export type OrderStatus = (typeof ORDER_STATUSES)[number]

/** The buyer has the goods: the order's products and seller may be reviewed from now on. */
export const isReceived = (status: OrderStatus) => status === 'delivered' || status === 'completed'

export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  created: 'Новый',
  confirmed: 'Подтверждён',
  paid: 'Оплачен',
  shipped: 'Отгружен',
  delivered: 'Доставлен',
  completed: 'Завершён',
  cancelled: 'Отменён',
}

/** The list's filters: orders still moving, finished ones, cancelled ones. */
export const ORDER_FILTERS = ['active', 'completed', 'cancelled'] as const
export type OrderFilter = (typeof ORDER_FILTERS)[number]
export const ORDER_FILTER_STATUSES: Record<OrderFilter, readonly OrderStatus[]> = {
  active: ['created', 'confirmed', 'paid', 'shipped', 'delivered'],
  completed: ['completed'],
  cancelled: ['cancelled'],
}
export const ORDER_FILTER_LABELS: Record<OrderFilter, string> = {
  active: 'Активные',
  completed: 'Завершённые',
  cancelled: 'Отменённые',
}

/** The two sides of an order, as the pages name them: `/personal-account/order/{type}/{nr}`. */
export const ORDER_SIDES = ['purchase', 'sale'] as const
export type OrderSide = (typeof ORDER_SIDES)[number]
export const ORDER_TABS = ['purchases', 'sales'] as const
export type OrderTab = (typeof ORDER_TABS)[number]
export const ORDER_TAB_SIDE: Record<OrderTab, OrderSide> = { purchases: 'purchase', sales: 'sale' }

/** What a side may do to an order: the buttons of the order page. */
export const ORDER_ACTIONS = ['confirm', 'markPaid', 'ship', 'confirmDelivery', 'complete', 'cancel'] as const
export type OrderAction = (typeof ORDER_ACTIONS)[number]

export const ORDER_ACTION_LABELS: Record<OrderAction, string> = {
  confirm: 'Подтвердить заказ',
  markPaid: 'Оплата получена',
  ship: 'Отгрузить',
  confirmDelivery: 'Подтвердить получение',
  complete: 'Завершить заказ',
  cancel: 'Отменить заказ',
}

// ---- delivery ----------------------------------------------------------------------------------

export const DELIVERY_METHODS = ['pickup', 'seller', 'carrier'] as const
export type DeliveryMethod = (typeof DELIVERY_METHODS)[number]
export const DELIVERY_METHOD_LABELS: Record<DeliveryMethod, string> = {
  pickup: 'Самовывоз со склада продавца',
  seller: 'Доставка продавцом',
  carrier: 'Транспортная компания',
}

export interface Delivery {
  method: DeliveryMethod
  /** The buyer's address for `seller` and `carrier`; the seller's for `pickup` (filled in on checkout). */
  address: string
  /** The transport company the buyer chose, for `carrier`. */
  carrier: string | null
}

// ---- views -------------------------------------------------------------------------------------

export interface PartyRef {
  id: string
  name: string
  slug: string
}

export interface CartItem {
  /** The offer: one seller's terms for a model. */
  productId: string
  /** The offer's slug; '' once it is off sale. */
  slug: string
  /** The offer's model (common/catalog/product-href.ts); null for an offer not given one yet. */
  modelSlug: string | null
  /** The model's page with this offer chosen; '' once it is off sale. */
  href: string
  title: string
  sku: string
  image: ProductImage | null
  quantity: number
  /** The price now; null when it is on request. */
  priceKopecks: number | null
  /** The price when it was put in the cart, when it differs from now's. */
  previousPriceKopecks: number | null
  vatRate: VatRate
  /** The seller's commercial offer whose price the line holds (until its last day), if any. */
  quote: { ref: string; validUntil: string } | null
  amountKopecks: number
  /** How many can be ordered at most (the seller's stock, or the general limit). */
  maxQuantity: number
  /** The seller's minimum order: the fewest units the line can hold. */
  minQuantity: number
  /** Off sale or out of stock now: shown, not ordered. */
  unavailable: boolean
  /** Why it is unavailable, or why the quantity was lowered. */
  note: string | null
  onRequest: boolean
}

export interface CartGroup {
  seller: PartyRef
  items: CartItem[]
  /** Of the items that will be ordered. */
  subtotalKopecks: number
  vatKopecks: number
}

export interface CartView {
  groups: CartGroup[]
  totalKopecks: number
  vatKopecks: number
  /** Lines that will be ordered. */
  orderableCount: number
  /** Lines in the cart, whatever their state: the header's count. */
  count: number
  hasPriceChanges: boolean
}

export interface OrderLine {
  id: string
  productId: string
  slug: string
  title: string
  sku: string
  quantity: number
  priceKopecks: number
  vatRate: VatRate
  amountKopecks: number
  vatKopecks: number
  registration: RegistrationRequirement
  serialNumbers: string[]
}

/** A legal party as the order keeps it: the requisites on the day of the order. */
export interface OrderParty {
  id: string
  name: string
  fullName: string
  slug: string
  inn: string
  kpp: string | null
  address: string
  /** ОГРН or ОГРНИП, for the transfer document; absent in orders placed before it was copied. */
  ogrn?: string
}

export interface OrderHistoryEntry {
  from: OrderStatus | null
  to: OrderStatus
  event: string
  by: 'buyer' | 'seller' | 'system'
  byName: string | null
  comment: string | null
  at: string
}

export interface OrderSummary {
  number: string
  side: OrderSide
  status: OrderStatus
  buyer: PartyRef
  seller: PartyRef
  totalKopecks: number
  lineCount: number
  createdAt: string
  updatedAt: string
}

/**
 * What an order page offers to download: the invoice, the delivery note, the УПД as PDF and XML,
 * the correction documents (УКД) of accepted corrections, the waybill.
 */
export type OrderDocumentKind = 'invoice' | 'delivery-note' | 'upd' | 'upd-xml' | 'ukd' | 'shipping'

export interface OrderDetails extends OrderSummary {
  lines: OrderLine[]
  vatKopecks: number
  buyerParty: OrderParty
  sellerParty: OrderParty
  delivery: Delivery
  contactName: string
  contactPhone: string
  comment: string
  deliveryDate: string | null
  shipment: { carrier: string; trackingNumber: string; documentFileId: string | null } | null
  cancelReason: string | null
  history: OrderHistoryEntry[]
  /** What the caller's side may do now. */
  actions: OrderAction[]
  /** Documents ready to download: the invoice once confirmed, the delivery note and УПД once shipped. */
  documents: { kind: OrderDocumentKind; title: string; href: string }[]
  /** The order's conversation in the chat, once it has one. */
  chatRoomGuid: string | null
  /** Returns and price changes after delivery, with the totals they leave. */
  corrections: OrderCorrections
  /** Lines with drones the buyer must register, and whether the buyer said it is done. */
  registration: { required: boolean; doneAt: string | null }
}

export interface OrderList {
  items: OrderSummary[]
  total: number
  page: number
  pageSize: number
}

export interface CheckoutResult {
  orders: { number: string; seller: PartyRef; totalKopecks: number }[]
  /** Items that could not be ordered (on request, off sale) and stay in the cart. */
  leftInCart: number
}

/** VAT included in an amount at the rate, in kopecks, rounded as accountants do (half up). */
export function vatIncluded(amountKopecks: number, rate: VatRate): number {
  if (rate === 'none') return 0
  const r = Number(rate)
  return Math.round((amountKopecks * r) / (100 + r))
}

export { formatOrderNumber, orderNumberPrefix } from './order-number.ts'
