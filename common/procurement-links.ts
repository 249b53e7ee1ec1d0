/**
 * The addresses of requests for commercial offers: the personal account's pages and the files the
 * API serves. Plain strings without the schemas, so a public page's «Запросить КП» button brings
 * none of them into its code.
 */
const BASE = '/personal-account/procurement'
const API = '/api/v1/procurement'

export const procurementLinks = {
  /** The list: the buyer's own requests (`requests`) or the ones asked of the seller (`incoming`). */
  list: (tab?: 'requests' | 'incoming') => (tab ? `${BASE}?tab=${tab}` : BASE),
  request: (number: string) => `${BASE}/${number}`,
  edit: (number: string) => `${BASE}/${number}/edit`,
  /** A new request, with catalogue offers to ask about, or the cart's lines. */
  create: (from?: { products?: string[]; cart?: boolean }) => {
    const query = new URLSearchParams()
    for (const id of from?.products ?? []) query.append('product', id)
    if (from?.cart) query.set('from', 'cart')
    const search = query.toString()
    return search ? `${BASE}/new?${search}` : `${BASE}/new`
  },
  justification: (number: string, format: 'pdf' | 'xlsx') => `${API}/requests/${number}/justification.${format}`,
  /** The offer numbered `place` among a request's answers, as the platform built it or the seller's scan. */
  offer: (number: string, place: string, scan = false) =>
    `${API}/requests/${number}/offers/${place}${scan ? '/scan' : ''}.pdf`,
  specification: (number: string, side: 'buyer' | 'seller') =>
    `${API}/${side === 'buyer' ? 'requests' : 'incoming'}/${number}/specification.pdf`,
  myOffer: (number: string, scan = false) => `${API}/incoming/${number}/${scan ? 'scan' : 'offer'}.pdf`,
}
