import { formatCount } from './format.ts'
import { CHARACTERS_UP_TO } from './counted-words.ts'
import { multiLineText } from './text.ts'
import { fromDigits, z } from './zod.ts'

/**
 * Corrections of a received order: the buyer asks to return part of the goods, or either side
 * proposes new prices for some lines; the other side accepts or refuses. An accepted correction
 * is a correction document (УКД) against the order's УПД, and the order's totals follow it.
 */

export const CORRECTION_KINDS = ['return', 'price'] as const
export type CorrectionKind = (typeof CORRECTION_KINDS)[number]

export const CORRECTION_KIND_LABELS: Record<CorrectionKind, string> = {
  return: 'Возврат товара',
  price: 'Изменение цены',
}

/** requested → accepted (a УКД is issued) | refused by the other side | withdrawn by its author. */
export const CORRECTION_STATUSES = ['requested', 'accepted', 'refused', 'withdrawn'] as const
export type CorrectionStatus = (typeof CORRECTION_STATUSES)[number]

export const CORRECTION_STATUS_LABELS: Record<CorrectionStatus, string> = {
  requested: 'Ожидает решения',
  accepted: 'Принята',
  refused: 'Отклонена',
  withdrawn: 'Отозвана',
}

export const CORRECTION_DECISIONS = ['accept', 'refuse', 'withdraw'] as const
export type CorrectionDecision = (typeof CORRECTION_DECISIONS)[number]

export const CORRECTION_LIMITS = {
  reason: 1000,
  /** Corrections of one order: more is a dispute for the chat, not a stream of documents. */
  perOrder: 20,
} as const

export const CORRECTION_MESSAGES = {
  notFound: 'Корректировка не найдена',
  notReceived: 'Вернуть товар или изменить цену можно после того, как покупатель получил заказ',
  noUpd: 'По заказу нет УПД: корректировочный документ выставляется к УПД. Попросите продавца выставить его',
  returnByBuyer: 'Возврат запрашивает покупатель',
  open: 'По заказу уже есть корректировка, ожидающая решения: дождитесь его или отзовите её',
  tooMany: `По заказу уже ${formatCount(CORRECTION_LIMITS.perOrder, ['корректировка', 'корректировки', 'корректировок'])}: обсудите остальное в переписке`,
  reason: 'Укажите причину',
  refusalReason: 'Укажите причину отказа',
  lines: 'Выберите хотя бы одну позицию',
  unknownLine: 'В заказе нет такой позиции',
  lineTwice: 'Позиция указана дважды',
  quantity: 'Количество к возврату — целое число от 1',
  tooManyUnits: (title: string, left: number) =>
    left > 0 ? `«${title}»: вернуть можно не больше ${left} шт.` : `«${title}»: эта позиция уже возвращена целиком`,
  price: 'Цена — сумма в рублях с копейками, не меньше нуля',
  samePrice: (title: string) => `«${title}»: новая цена совпадает с текущей`,
  notYours: 'Решение по корректировке принимает другая сторона заказа',
  notAuthor: 'Отозвать корректировку может только та сторона, которая её предложила',
  decided: 'По корректировке уже принято решение: обновите страницу',
} as const

const reason = (required: string) =>
  multiLineText({ error: required })
    .min(3, required)
    .max(CORRECTION_LIMITS.reason, `Не больше ${formatCount(CORRECTION_LIMITS.reason, CHARACTERS_UP_TO)}`)

const LineId = z.uuid({ error: CORRECTION_MESSAGES.unknownLine })

/** POST /orders/{side}/{number}/corrections: a return (the buyer) or a price change (either side). */
export const CorrectionRequestInput = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('return'),
    reason: reason(CORRECTION_MESSAGES.reason),
    lines: z
      .array(
        z.object({
          lineId: LineId,
          quantity: fromDigits(
            z
              .number({ error: CORRECTION_MESSAGES.quantity })
              .int(CORRECTION_MESSAGES.quantity)
              .min(1, CORRECTION_MESSAGES.quantity)
              .max(1_000_000, CORRECTION_MESSAGES.quantity),
          ),
        }),
      )
      .min(1, CORRECTION_MESSAGES.lines)
      .max(200, CORRECTION_MESSAGES.lines),
  }),
  z.object({
    kind: z.literal('price'),
    reason: reason(CORRECTION_MESSAGES.reason),
    lines: z
      .array(
        z.object({
          lineId: LineId,
          /** The new price of one unit with VAT, in kopecks. */
          priceKopecks: fromDigits(
            z
              .number({ error: CORRECTION_MESSAGES.price })
              .int(CORRECTION_MESSAGES.price)
              .min(0, CORRECTION_MESSAGES.price)
              .max(10_000_000_000_00, CORRECTION_MESSAGES.price),
          ),
        }),
      )
      .min(1, CORRECTION_MESSAGES.lines)
      .max(200, CORRECTION_MESSAGES.lines),
  }),
])
export type CorrectionRequest = z.output<typeof CorrectionRequestInput>

/** POST …/corrections/{n}/{accept|refuse|withdraw}: a refusal says why. */
export const CorrectionDecisionInput = z.object({
  comment: multiLineText()
    .max(CORRECTION_LIMITS.reason, `Не больше ${formatCount(CORRECTION_LIMITS.reason, CHARACTERS_UP_TO)}`)
    .default(''),
})

/** One line's figures at a moment: units, the price of one with VAT, the sum and its VAT. */
export interface CorrectionFigures {
  quantity: number
  priceKopecks: number
  amountKopecks: number
  vatKopecks: number
}

/** What a correction changes on a line: as it stood, and as it is to stand. */
export interface CorrectionLine {
  lineId: string
  position: number
  title: string
  before: CorrectionFigures
  after: CorrectionFigures
}

export interface OrderCorrection {
  /** The order's own count: «Корректировка № 2». */
  number: number
  kind: CorrectionKind
  status: CorrectionStatus
  /** The side that proposed it; the other decides. */
  proposedBy: 'buyer' | 'seller'
  reason: string
  /** The decision's comment (a refusal's reason). */
  decisionComment: string | null
  lines: CorrectionLine[]
  /** After − before, with VAT: negative for a return or a discount. */
  differenceKopecks: number
  createdAt: string
  decidedAt: string | null
  /** The correction document an accepted correction issued. */
  ukd: { number: string; date: string; href: string } | null
  /** What the caller's side may do with it now. */
  actions: CorrectionDecision[]
}

/** The order page's corrections part. */
export interface OrderCorrections {
  items: OrderCorrection[]
  /** The order's sums after every accepted correction; equal to the order's when none is. */
  totals: { totalKopecks: number; vatKopecks: number }
  /** Each line as it stands now: what a new return or price change starts from. */
  current: { lineId: string; quantity: number; priceKopecks: number }[]
  /** Whether the caller's side may propose one now, and of which kinds. */
  canPropose: CorrectionKind[]
}
