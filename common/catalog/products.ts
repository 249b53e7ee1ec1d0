/** Product statuses of the spec's product list tabs; only `published` products are public. */
export const PRODUCT_STATUSES = ['published', 'moderation', 'non-published'] as const
export type ProductStatus = (typeof PRODUCT_STATUSES)[number]

export const PRODUCT_STATUS_LABELS: Record<ProductStatus, string> = {
  published: 'Опубликован',
  moderation: 'На модерации',
  'non-published': 'Черновик',
}

export const AVAILABILITIES = ['in_stock', 'to_order'] as const
export type Availability = (typeof AVAILABILITIES)[number]

export const AVAILABILITY_LABELS: Record<Availability, string> = {
  in_stock: 'В наличии',
  to_order: 'Под заказ',
}

/**
 * The VAT rate a price includes: 22 % is the general rate since 1 January 2026 (Federal Law
 * 425-ФЗ), 10 % the reduced one, 5 % and 7 % those of the simplified tax system; `none` for a
 * seller that does not charge VAT. The product carries its own; the cart and orders copy it.
 */
export const VAT_RATES = ['22', '10', '7', '5', 'none'] as const
export type VatRate = (typeof VAT_RATES)[number]

/** The rate as a choice in a form. */
export const VAT_RATE_LABELS: Record<VatRate, string> = {
  '22': 'НДС 22%',
  '10': 'НДС 10%',
  '7': 'НДС 7% (УСН)',
  '5': 'НДС 5% (УСН)',
  none: 'Без НДС',
}

/** The line under a price: «Цена с НДС 22%», «Без НДС». */
export function vatNoteOf(rate: VatRate): string {
  return rate === 'none' ? 'Без НДС' : `Цена с НДС ${rate}%`
}

/** Shown instead of a price when the seller quotes on request (price is null). */
export const PRICE_ON_REQUEST = 'Цена по запросу'

/** A picture of a product: a path below /marketplace-frontend-assets/ and its alt text. */
export interface ProductImage {
  src: string
  alt: string
}

/** Product pictures are 4:3; cards and the gallery render them at these sizes (CSS px). */
export const PRODUCT_IMAGE_RATIO = { width: 4, height: 3 } as const
