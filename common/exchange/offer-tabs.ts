/** The vendor's service offers by state: the cabinet's tabs (apart from offers.ts, which loads zod). */
export const OFFER_TABS = ['published', 'moderation', 'non-published'] as const
export type OfferTab = (typeof OFFER_TABS)[number]
