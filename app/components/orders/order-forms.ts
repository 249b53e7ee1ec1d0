import { formatCount, quote } from '#common/format.ts'
import { ORDER_ACTIONS, ORDER_MESSAGES, type OrderAction } from '#common/orders.ts'
import { COMPANY_PATH, DOCUMENT_SETTINGS_ANCHOR } from '#app/components/company/company-ui.ts'

/**
 * The order page's forms as they are posted (plain fields, with or without JavaScript) and what
 * the orders service takes from them. Each form names its `intent`: one of the order's actions,
 * or `markRegistered` from the drone registration panel.
 */

/** The forms of the corrections part: a return, a price change, and the decisions on one. */
export const CORRECTION_INTENTS = [
  'requestReturn',
  'proposePrice',
  'acceptCorrection',
  'refuseCorrection',
  'withdrawCorrection',
] as const
export type CorrectionIntent = (typeof CORRECTION_INTENTS)[number]

export type OrderIntent = OrderAction | 'markRegistered' | 'issueUpd' | CorrectionIntent

export function isOrderIntent(value: string): value is OrderIntent {
  return (
    value === 'markRegistered' ||
    value === 'issueUpd' ||
    (ORDER_ACTIONS as readonly string[]).includes(value) ||
    (CORRECTION_INTENTS as readonly string[]).includes(value)
  )
}

/** Each correction form's name for assistive technology and the decision it posts. */
export const CORRECTION_INTENT_LABELS: Record<CorrectionIntent, string> = {
  requestReturn: 'Запросить возврат',
  proposePrice: 'Предложить новую цену',
  acceptCorrection: 'Принять корректировку',
  refuseCorrection: 'Отклонить корректировку',
  withdrawCorrection: 'Отозвать корректировку',
}

export const CORRECTION_DECISION_OF = {
  acceptCorrection: 'accept',
  refuseCorrection: 'refuse',
  withdrawCorrection: 'withdraw',
} as const

const RETURN_PREFIX = 'return:'
const PRICE_PREFIX = 'price:'
/** The return form's field of a line: how many units go back. */
export const returnField = (lineId: string) => `${RETURN_PREFIX}${lineId}`
/** The price form's field of a line: its new price of one unit with VAT, in rubles. */
export const priceField = (lineId: string) => `${PRICE_PREFIX}${lineId}`

/** «12 345,67» → 1234567 kopecks; anything else goes on as typed, for the service to refuse it plainly. */
function kopecksOf(rubles: string): number | string {
  const plain = rubles.replace(/[\s\u00a0]/g, '').replace(',', '.')
  return /^\d{1,12}(\.\d{1,2})?$/.test(plain) ? Math.round(Number(plain) * 100) : rubles
}

/** The return or price form's fields as `services.flows.correctOrder.propose` takes them; empty fields are lines left alone. */
export function correctionInputOf(kind: 'return' | 'price', values: Record<string, string>) {
  const prefix = kind === 'return' ? RETURN_PREFIX : PRICE_PREFIX
  const lines = Object.entries(values)
    .filter(
      ([name, value]) => name.startsWith(prefix) && value.trim() !== '' && !(kind === 'return' && value.trim() === '0'),
    )
    .map(([name, value]) => {
      const lineId = name.slice(prefix.length)
      return kind === 'return' ? { lineId, quantity: value.trim() } : { lineId, priceKopecks: kopecksOf(value) }
    })
  return { kind, reason: values.reason ?? '', lines }
}

/** What the page says once an action went through. */
export const ORDER_DONE_MESSAGES: Record<OrderIntent, string> = {
  confirm: 'Заказ подтверждён. Покупатель получит уведомление и счёт на оплату.',
  markPaid: 'Оплата отмечена: заказ можно отгружать',
  ship: 'Заказ отгружен. Покупатель получит уведомление с данными отправки.',
  confirmDelivery: 'Получение подтверждено. Спасибо!',
  complete: 'Заказ завершён',
  cancel: 'Заказ отменён',
  markRegistered: 'Отмечено: беспилотники поставлены на учёт',
  issueUpd: 'УПД выставлен: покупатель получит его с уведомлением',
  requestReturn: 'Запрос на возврат отправлен продавцу',
  proposePrice: 'Предложение отправлено другой стороне',
  acceptCorrection: 'Корректировка принята: корректировочный документ (УКД) выставлен',
  refuseCorrection: 'Корректировка отклонена',
  withdrawCorrection: 'Корректировка отозвана',
}

const SERIALS_PREFIX = 'serials:'

/** The serial numbers' field of an order line: one textarea per line, one number per row. */
export const serialsField = (lineId: string) => `${SERIALS_PREFIX}${lineId}`

/** The numbers typed in a serials field: one per row (commas and semicolons also separate). */
export function splitSerials(text: string | undefined): string[] {
  return (text ?? '')
    .split(/[\r\n,;]+/)
    .map((s) => s.trim())
    .filter(Boolean)
}

const DIFFERENT_NUMBERS = ['разный номер', 'разных номера', 'разных номеров'] as const

/**
 * What is wrong with the serial numbers typed for a line of `quantity` units, or undefined: a
 * number typed twice is named («Номер «A1» указан дважды…»), not counted as if it were two.
 */
export function serialsProblem(typed: string | undefined, quantity: number): string | undefined {
  const all = splitSerials(typed)
  const seen = new Set<string>()
  const twice = all.find((serial) => seen.has(serial) || !seen.add(serial))
  const needed = `нужно ${formatCount(quantity, DIFFERENT_NUMBERS)}`
  if (twice !== undefined) return `Номер ${quote(twice)} указан дважды: ${needed}`
  if (all.length !== quantity) return `${needed[0]!.toUpperCase()}${needed.slice(1)}, указано ${all.length}`
  return undefined
}

/** The ship form's fields as `services.flows.moveOrder.ship` takes them. */
export function shipInputOf(values: Record<string, string>) {
  const serials = Object.entries(values)
    .filter(([name]) => name.startsWith(SERIALS_PREFIX))
    .map(([name, text]) => ({ lineId: name.slice(SERIALS_PREFIX.length), numbers: splitSerials(text) }))
    .filter((s) => s.numbers.length > 0)
  return {
    carrier: values.carrier ?? '',
    trackingNumber: values.trackingNumber ?? '',
    ...(values.documentFileId && { documentFileId: values.documentFileId }),
    serials,
    ...(values.comment && { comment: values.comment }),
  }
}

/** The confirm form's fields: an empty date is no date. */
export function confirmInputOf(values: Record<string, string>) {
  return {
    deliveryDate: values.deliveryDate || null,
    ...(values.comment && { comment: values.comment }),
  }
}

/**
 * Where the company page fixes what a refused confirmation lacks (the bank requisites or the
 * signatories of the invoice), or undefined for any other refusal.
 */
export function companySectionFor(refusal: string): string | undefined {
  if (refusal === ORDER_MESSAGES.noBankRequisites) return COMPANY_PATH
  if (refusal === ORDER_MESSAGES.noSignatories) return `${COMPANY_PATH}#${DOCUMENT_SETTINGS_ANCHOR}`
  return undefined
}
