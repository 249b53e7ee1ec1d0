import { VAT_RATES, type VatRate } from './catalog/vat.ts'
import { calendarDate } from './calendar-date.ts'
import { CHARACTERS_UP_TO, LINES_UP_TO, SUPPLIERS_UP_TO } from './counted-words.ts'
import { formatCount } from './format.ts'
import { UNITS, type UnitKey } from './okei.ts'
import { multiLineText, singleLineText } from './text.ts'
import { fromDigits, z } from './zod.ts'

/**
 * Requests for commercial offers (запрос КП) and the justification of the initial maximum
 * contract price (НМЦК) built from the answers: what the API and the pages share. A buyer asks
 * several sellers for prices of the same items; each seller answers with its own offer or
 * declines; the buyer's page computes, per item, the mean, the standard deviation and the
 * coefficient of variation by the Ministry of Economic Development's recommendations (order
 * No. 567 of 02.10.2013). Money is integer kopecks, prices include VAT.
 */

export const PROCUREMENT_PURPOSES = ['44fz', '223fz', 'commercial'] as const
export type ProcurementPurpose = (typeof PROCUREMENT_PURPOSES)[number]

export const PROCUREMENT_PURPOSE_LABELS: Record<ProcurementPurpose, string> = {
  '44fz': 'Закупка по 44-ФЗ',
  '223fz': 'Закупка по 223-ФЗ',
  commercial: 'Коммерческая закупка',
}

/** draft → sent → closed (by the deadline or the buyer) | cancelled with a reason. */
export const PROCUREMENT_STATUSES = ['draft', 'sent', 'closed', 'cancelled'] as const
export type ProcurementStatus = (typeof PROCUREMENT_STATUSES)[number]

export const PROCUREMENT_STATUS_LABELS: Record<ProcurementStatus, string> = {
  draft: 'Черновик',
  sent: 'Отправлен, ждёт ответов',
  closed: 'Сбор ответов завершён',
  cancelled: 'Отменён',
}

/** Each invited seller's answer: awaiting → answered | declined. */
export const RECIPIENT_STATUSES = ['awaiting', 'answered', 'declined'] as const
export type RecipientStatus = (typeof RECIPIENT_STATUSES)[number]

export const RECIPIENT_STATUS_LABELS: Record<RecipientStatus, string> = {
  awaiting: 'Ждём ответа',
  answered: 'КП получено',
  declined: 'Отказался',
}

/** The units a request's item is counted in (ОКЕИ). */
export const PROCUREMENT_UNITS = ['piece', 'set', 'service', 'hour', 'hectare', 'kilometre', 'kilogram'] as const
export type ProcurementUnit = (typeof PROCUREMENT_UNITS)[number] & UnitKey
export const procurementUnit = (key: ProcurementUnit) => UNITS[key]

export const PROCUREMENT_LIMITS = {
  title: 200,
  items: 50,
  itemName: 300,
  characteristics: 2000,
  text: 1000,
  recipients: 30,
  /** 44-ФЗ and 223-ФЗ purchases justify their price with at least this many offers. */
  minimumOffers: 3,
  quantity: 1_000_000,
  /** The most a unit may cost: a billion rubles. */
  maxPriceKopecks: 1_000_000_000_00,
  /** A price older than this many months at the moment of calculation is flagged. */
  freshMonths: 6,
  /** The coefficient of variation above which the sample is not homogeneous, in per cent. */
  homogeneousV: 33,
  pageSize: 20,
} as const

export const PROCUREMENT_MESSAGES = {
  notFound: 'Запрос КП не найден',
  noOrganization: 'Запросы КП принадлежат организации: выберите организацию, от имени которой работаете',
  notBuyer: 'Запрашивать КП может организация с подтверждённой ролью «Покупатель»',
  notVendor: 'Отвечать на запросы КП может организация с подтверждённой ролью «Поставщик»',
  title: 'Укажите предмет закупки',
  items: 'Добавьте хотя бы одну позицию',
  tooManyItems: `Не больше ${formatCount(PROCUREMENT_LIMITS.items, LINES_UP_TO)} в одном запросе`,
  itemName: 'Укажите наименование позиции',
  quantity: `Количество — целое число от 1 до ${PROCUREMENT_LIMITS.quantity.toLocaleString('ru-RU')}`,
  unit: 'Выберите единицу измерения',
  product: 'Товар не найден или снят с продажи',
  purpose: 'Выберите основание закупки',
  deadline: 'Укажите срок ответа не раньше завтрашнего дня',
  contactName: 'Укажите контактное лицо',
  recipients: 'Выберите хотя бы одного поставщика',
  tooManyRecipients: `Не больше ${formatCount(PROCUREMENT_LIMITS.recipients, SUPPLIERS_UP_TO)} в одном запросе`,
  recipient: 'Поставщик не найден или не подтверждён',
  ownRecipient: 'Нельзя запросить КП у своей организации',
  fewRecipients: (purpose: ProcurementPurpose) =>
    `Для обоснования цены по ${purpose === '44fz' ? '44-ФЗ' : '223-ФЗ'} нужно не меньше трёх коммерческих предложений: добавьте поставщиков, иначе ответов может не хватить`,
  notDraft: 'Изменить можно только черновик',
  notSent: 'Запрос уже не принимает ответы',
  cancelReason: 'Укажите причину отмены',
  alreadyCancelled: 'Запрос уже отменён',
  price: 'Цена — сумма в рублях с копейками, больше нуля',
  vatRate: 'Выберите ставку НДС',
  answerItems: 'Укажите цену каждой позиции запроса',
  validUntil: 'Укажите срок действия предложения не раньше сегодняшнего дня',
  deliveryTerm: 'Укажите срок поставки',
  signatory: 'Укажите подписанта: ФИО и должность',
  declineReason: 'Укажите причину отказа',
  answered: 'Вы уже ответили на этот запрос',
  file: 'Приложите PDF-файл, загруженный от имени вашей организации',
  toCartPurpose:
    'В корзину по ценам КП можно перенести только коммерческую закупку: по 44-ФЗ и 223-ФЗ контракт заключается по итогам процедуры',
  offerExpired: 'Срок действия этого коммерческого предложения истёк: запросите у поставщика новое',
  nothingToCart:
    'В предложении нет позиций из каталога этого поставщика: оформите покупку по счёту, договорившись в чате',
  noAnswers: 'Обоснование цены появится, когда придёт хотя бы одно коммерческое предложение',
} as const

const text = (max: number) => singleLineText().max(max, `Не больше ${formatCount(max, CHARACTERS_UP_TO)}`)
const required = (max: number, message: string) =>
  singleLineText({ error: message })
    .min(1, message)
    .max(max, `Не больше ${formatCount(max, CHARACTERS_UP_TO)}`)
const longText = (max: number) => multiLineText().max(max, `Не больше ${formatCount(max, CHARACTERS_UP_TO)}`)

export const ProcurementItemInput = z.object({
  /** A catalogue offer it is asked for, or none for a free-text item. */
  productId: z.uuid({ error: PROCUREMENT_MESSAGES.product }).nullish(),
  name: required(PROCUREMENT_LIMITS.itemName, PROCUREMENT_MESSAGES.itemName),
  characteristics: longText(PROCUREMENT_LIMITS.characteristics).default(''),
  unit: z.enum(PROCUREMENT_UNITS, { error: PROCUREMENT_MESSAGES.unit }).default('piece'),
  quantity: fromDigits(
    z
      .number({ error: PROCUREMENT_MESSAGES.quantity })
      .int(PROCUREMENT_MESSAGES.quantity)
      .min(1, PROCUREMENT_MESSAGES.quantity)
      .max(PROCUREMENT_LIMITS.quantity, PROCUREMENT_MESSAGES.quantity),
  ),
})

/** POST /procurement/requests and PUT …/{number} (a draft): the request and its items. */
export const ProcurementRequestInput = z.object({
  title: required(PROCUREMENT_LIMITS.title, PROCUREMENT_MESSAGES.title),
  purpose: z.enum(PROCUREMENT_PURPOSES, { error: PROCUREMENT_MESSAGES.purpose }),
  region: text(200).default(''),
  deliveryAddress: text(300).default(''),
  deliveryTerm: text(200).default(''),
  paymentTerms: text(300).default(''),
  /** The last day answers are taken, a Moscow day. */
  deadline: calendarDate(PROCUREMENT_MESSAGES.deadline),
  contactName: required(120, PROCUREMENT_MESSAGES.contactName),
  contactPhone: text(40).default(''),
  comment: longText(PROCUREMENT_LIMITS.text).default(''),
  /** A technical specification (PDF) uploaded through /files. */
  specificationFileId: z.uuid().nullish(),
  items: z
    .array(ProcurementItemInput, { error: PROCUREMENT_MESSAGES.items })
    .min(1, PROCUREMENT_MESSAGES.items)
    .max(PROCUREMENT_LIMITS.items, PROCUREMENT_MESSAGES.tooManyItems),
  /** The sellers asked (their organization ids). */
  recipients: z
    .array(z.uuid({ error: PROCUREMENT_MESSAGES.recipient }))
    .max(PROCUREMENT_LIMITS.recipients, PROCUREMENT_MESSAGES.tooManyRecipients)
    .default([]),
})
export type ProcurementRequestData = z.output<typeof ProcurementRequestInput>

/** The personal account's two lists: the buyer's own requests and the ones a seller was asked. */
export const PROCUREMENT_TABS = ['requests', 'incoming'] as const
export type ProcurementTab = (typeof PROCUREMENT_TABS)[number]

export const PROCUREMENT_TAB_LABELS: Record<ProcurementTab, string> = {
  requests: 'Мои запросы',
  incoming: 'Запросы КП',
}

/** Each list's status filter: the request's status for the buyer, the seller's own answer for a seller. */
export const PROCUREMENT_FILTERS = {
  requests: PROCUREMENT_STATUSES,
  incoming: RECIPIENT_STATUSES,
} as const

export const PROCUREMENT_FILTER_LABELS = {
  requests: {
    draft: 'Черновики',
    sent: 'Ждут ответов',
    closed: 'Завершённые',
    cancelled: 'Отменённые',
  } satisfies Record<ProcurementStatus, string>,
  incoming: {
    awaiting: 'Ждут нашего ответа',
    answered: 'Мы ответили',
    declined: 'Мы отказались',
  } satisfies Record<RecipientStatus, string>,
} as const

export const PROCUREMENT_SEARCH_MAX = 100

/** GET /procurement/requests and /procurement/incoming: a page of the list, a status, a search. */
export const ProcurementListQuery = z.object({
  page: fromDigits(z.number().int().min(1).max(10_000)).default(1),
  /** A status of PROCUREMENT_FILTERS of the list; anything else lists all. */
  filter: z.string().max(20).optional(),
  /** A part of the number or the subject. */
  q: z.string().max(PROCUREMENT_SEARCH_MAX).optional(),
})

/** A page of a list with what the filters count: all, the filter's and search's total, each status. */
export interface ProcurementPage<T, S extends string> {
  items: T[]
  page: number
  pageSize: number
  total: number
  all: number
  filterCounts: Record<S, number>
}

export const ProcurementCancelInput = z.object({
  reason: multiLineText({ error: PROCUREMENT_MESSAGES.cancelReason })
    .min(3, PROCUREMENT_MESSAGES.cancelReason)
    .max(PROCUREMENT_LIMITS.text, `Не больше ${formatCount(PROCUREMENT_LIMITS.text, CHARACTERS_UP_TO)}`),
})

const Price = fromDigits(
  z
    .number({ error: PROCUREMENT_MESSAGES.price })
    .int(PROCUREMENT_MESSAGES.price)
    .min(1, PROCUREMENT_MESSAGES.price)
    .max(PROCUREMENT_LIMITS.maxPriceKopecks, PROCUREMENT_MESSAGES.price),
)

/** POST /procurement/incoming/{number}/answer: the seller's offer, a price per item. */
export const ProcurementAnswerInput = z.object({
  lines: z
    .array(
      z.object({
        itemId: z.uuid({ error: PROCUREMENT_MESSAGES.answerItems }),
        /** One unit with VAT, in kopecks. */
        unitPriceKopecks: Price,
        vatRate: z.enum(VAT_RATES, { error: PROCUREMENT_MESSAGES.vatRate }),
      }),
    )
    .min(1, PROCUREMENT_MESSAGES.answerItems)
    .max(PROCUREMENT_LIMITS.items, PROCUREMENT_MESSAGES.answerItems),
  deliveryTerm: required(200, PROCUREMENT_MESSAGES.deliveryTerm),
  validUntil: calendarDate(PROCUREMENT_MESSAGES.validUntil),
  signatoryName: required(120, PROCUREMENT_MESSAGES.signatory),
  signatoryPosition: required(120, PROCUREMENT_MESSAGES.signatory),
  comment: longText(PROCUREMENT_LIMITS.text).default(''),
  /** The seller's own signed scan (PDF) uploaded through /files, instead of the built offer. */
  scanFileId: z.uuid().nullish(),
})
export type ProcurementAnswerData = z.output<typeof ProcurementAnswerInput>

export const ProcurementDeclineInput = z.object({
  reason: multiLineText({ error: PROCUREMENT_MESSAGES.declineReason })
    .min(3, PROCUREMENT_MESSAGES.declineReason)
    .max(PROCUREMENT_LIMITS.text, `Не больше ${formatCount(PROCUREMENT_LIMITS.text, CHARACTERS_UP_TO)}`),
})

export interface ProcurementItem {
  id: string
  position: number
  productId: string | null
  /** The catalogue page of the offer it was asked from, when it is still on sale. */
  productHref: string | null
  name: string
  characteristics: string
  unit: ProcurementUnit
  quantity: number
}

/** One supplier's price of an item, as the justification uses it. */
export interface SupplierPrice {
  /** «Поставщик 1»: the supplier's place among those that answered, in the order they answered. */
  supplier: number
  unitPriceKopecks: number
  vatRate: VatRate
  /** The day the offer was made (YYYY-MM-DD). */
  offeredOn: string
  /** Older than six months at the moment of calculation. */
  stale: boolean
}

export interface JustifiedItem {
  itemId: string
  position: number
  name: string
  unit: ProcurementUnit
  quantity: number
  prices: SupplierPrice[]
  /** Kopecks, unrounded means are rounded to the kopeck for display; null without prices. */
  meanKopecks: number | null
  /** The sample standard deviation (n − 1), kopecks; null with fewer than two prices. */
  deviationKopecks: number | null
  /** The coefficient of variation, per cent; null with fewer than two prices. */
  variationPercent: number | null
  /** V ≤ 33 %; null with fewer than two prices. */
  homogeneous: boolean | null
  /** Quantity × mean, rounded to the kopeck; null without prices. */
  nmckKopecks: number | null
}

export interface Justification {
  /** The moment it was calculated (ISO). */
  calculatedAt: string
  items: JustifiedItem[]
  /** The sum of the items' НМЦК; null when an item has no price. */
  totalKopecks: number | null
  /** The suppliers whose offers it uses, by their number: the appendix with the real names. */
  suppliers: { supplier: number; name: string; inn: string; offerNumber: string; offeredOn: string }[]
  /** Items whose sample is not homogeneous (V above 33 %): more offers are needed for them. */
  heterogeneous: number
  /** Fewer answers than the method wants (three) for a 44-ФЗ or 223-ФЗ purchase. */
  tooFewOffers: boolean
  /** Some price is older than six months. */
  stalePrices: boolean
}

export interface ProcurementSummary {
  number: string
  title: string
  purpose: ProcurementPurpose
  status: ProcurementStatus
  deadline: string
  itemCount: number
  /** The buyer's list: how many were asked and how many answered. */
  recipients: { total: number; answered: number; declined: number }
  createdAt: string
}

/** An asked seller as the buyer sees it, with its answer once given. */
export interface ProcurementRecipient {
  organization: { id: string; name: string; slug: string }
  status: RecipientStatus
  declineReason: string | null
  answeredAt: string | null
  offer: ProcurementOffer | null
  chatRoomGuid: string | null
}

/** A seller's answer: its terms and a price per item. */
export interface ProcurementOffer {
  offerNumber: string
  deliveryTerm: string
  validUntil: string
  signatoryName: string
  signatoryPosition: string
  comment: string
  /** The seller's own signed scan, when it gave one. */
  scanFileId: string | null
  lines: { itemId: string; unitPriceKopecks: number; vatRate: VatRate }[]
  totalKopecks: number
}

export interface ProcurementTerms {
  number: string
  title: string
  purpose: ProcurementPurpose
  status: ProcurementStatus
  region: string
  deliveryAddress: string
  deliveryTerm: string
  paymentTerms: string
  deadline: string
  contactName: string
  contactPhone: string
  comment: string
  specificationFileId: string | null
  cancelReason: string | null
  items: ProcurementItem[]
  buyer: { id: string; name: string; slug: string }
  sentAt: string | null
  createdAt: string
}

/** The buyer's page of its request. */
export interface ProcurementDetails extends ProcurementTerms {
  recipients: ProcurementRecipient[]
  /** What the buyer may do now. */
  actions: ('send' | 'close' | 'cancel' | 'edit')[]
  /** Warnings that do not stop sending (fewer than three sellers for 44-ФЗ/223-ФЗ). */
  warnings: string[]
  /** Once an answer is in. */
  justification: Justification | null
}

/** A request as an invited seller sees it: the terms, and its own answer only. */
export interface IncomingProcurement extends ProcurementTerms {
  myStatus: RecipientStatus
  myDeclineReason: string | null
  myOffer: ProcurementOffer | null
  chatRoomGuid: string | null
  /** Whether it may answer or decline now. */
  canAnswer: boolean
}

export interface IncomingSummary {
  number: string
  title: string
  buyer: { name: string }
  status: ProcurementStatus
  myStatus: RecipientStatus
  deadline: string
  itemCount: number
  createdAt: string
}

/** A seller the buyer may ask: a confirmed vendor with products on sale. */
export interface RecipientChoice {
  id: string
  name: string
  slug: string
  /** Its products on sale in all. */
  products: number
  /** Its products on sale in the categories of the request's catalogue items. */
  matching: number
  /** It sells a model the request asks for. */
  sameModel: boolean
  /** The categories it sells in (slugs): the form narrows the list by one. */
  categories: string[]
}

/** The sellers a request's form offers: suggested first (the same model, then the most matching products). */
export interface RecipientChoices {
  sellers: RecipientChoice[]
  /** The categories of the request's catalogue items. */
  categories: string[]
}
