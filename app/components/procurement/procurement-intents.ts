import type { IntentActionState, IntentResult } from '#app/components/IntentForms.tsx'

/** The moves of a request's page: the buyer's, then the invited seller's. */
export const PROCUREMENT_INTENTS = ['send', 'close', 'cancel', 'answer', 'decline', 'toCart'] as const
export type ProcurementIntent = (typeof PROCUREMENT_INTENTS)[number]

export const isProcurementIntent = (value: string): value is ProcurementIntent =>
  (PROCUREMENT_INTENTS as readonly string[]).includes(value)

export type ProcurementActionResult = IntentResult<ProcurementIntent>
export type ProcurementActionState = IntentActionState<ProcurementIntent>

export const PROCUREMENT_DONE_MESSAGES: Record<ProcurementIntent, string> = {
  send: 'Запрос отправлен поставщикам: каждому пришло письмо, а в чате открыт разговор по запросу',
  close: 'Сбор ответов завершён: обоснование цены строится по полученным предложениям',
  cancel: 'Запрос отменён, поставщики, которые ещё не ответили, получили уведомление',
  answer: 'Коммерческое предложение отправлено покупателю',
  decline: 'Вы отказались от запроса, покупатель увидит причину',
  toCart: 'Позиции предложения в корзине по ценам из КП',
}

/** The answer form's field of an item's price and VAT rate. */
export const priceField = (itemId: string) => `price:${itemId}`
export const vatField = (itemId: string) => `vat:${itemId}`
