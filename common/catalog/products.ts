/** Product statuses of the spec's product list tabs; only `published` products are public. */
export const PRODUCT_STATUSES = ['published', 'moderation', 'non-published'] as const
export type ProductStatus = (typeof PRODUCT_STATUSES)[number]

export const PRODUCT_STATUS_LABELS: Record<ProductStatus, string> = {
  published: 'Опубликован',
  moderation: 'На модерации',
  'non-published': 'Черновик',
}

/**
 * A model's statuses: `approved` models carry offers in the catalogue; a `merged` model's offers
 * moved to another. A model a vendor proposes is its product's draft until staff approve it.
 */
export const MODEL_STATUSES = ['approved', 'merged'] as const
export type ModelStatus = (typeof MODEL_STATUSES)[number]

export const AVAILABILITIES = ['in_stock', 'to_order'] as const
export type Availability = (typeof AVAILABILITIES)[number]

export const AVAILABILITY_LABELS: Record<Availability, string> = {
  in_stock: 'В наличии',
  to_order: 'Под заказ',
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
