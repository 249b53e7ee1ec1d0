import type { ServiceOrderSide } from './service-orders.ts'

/**
 * The addresses of the exchange, in one place: the pages link to each other and the e-mails
 * link to the pages. The spec fixes /services, /services/request, /services/seller/{slug},
 * /personal-account/service-exchange/{tab?} and /personal-account/service-order/{type}/{nr}; a
 * request's own page and the offer editor are ours.
 */
export const EXCHANGE_TABS = ['offers', 'requests'] as const
export type ExchangeTab = (typeof EXCHANGE_TABS)[number]

/** The tabs of /personal-account/service-exchange/{tab?}. */
export const CABINET_EXCHANGE_TABS = ['requests', 'proposals', 'offers', 'orders'] as const
export type CabinetExchangeTab = (typeof CABINET_EXCHANGE_TABS)[number]

export const CABINET_EXCHANGE_TAB_LABELS: Record<CabinetExchangeTab, string> = {
  requests: 'Мои заявки',
  proposals: 'Мои предложения',
  offers: 'Мои услуги',
  orders: 'Заказы услуг',
}

export const exchangeLinks = {
  /** The public exchange; requests are its second tab. */
  exchange: (tab: ExchangeTab = 'offers') => (tab === 'offers' ? '/services' : '/services?tab=requests'),
  /** A request's page: its terms for everyone allowed to see it, the proposals for the customer. */
  request: (number: string) => `/services/requests/${number}`,
  /** The form of a new request, or of a draft (`?draft=Z-2611-00001`). */
  newRequest: (draftNumber?: string) => (draftNumber ? `/services/request?draft=${draftNumber}` : '/services/request'),
  sellerServices: (slug: string) => `/services/seller/${slug}`,
  cabinet: (tab: CabinetExchangeTab = 'requests') => `/personal-account/service-exchange/${tab}`,
  /** The offer editor; `new` for a new offer. */
  offer: (id: string | 'new') => `/personal-account/service-exchange/offer/${id}`,
  serviceOrder: (side: ServiceOrderSide, number: string) => `/personal-account/service-order/${side}/${number}`,
} as const
