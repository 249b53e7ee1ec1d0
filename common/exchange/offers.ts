import { SPHERE_SLUGS } from '../spheres.ts'
import { REGION_CODES } from '../regions.ts'
import type { ProductImage } from '../catalog/products.ts'
import { multiLineText, singleLineText } from '../text.ts'
import { z } from '../zod.ts'
import { PRICE_UNITS, SERVICE_TYPES } from './services.ts'

/**
 * A vendor's service offer («Аэрофотосъёмка полей, от 350 ₽ за гектар»). Like a product it has a
 * working copy the vendor edits and staff moderate (statuses of common/products.ts DRAFT_STATUSES),
 * and the exchange shows the version staff approved last.
 */

export const OFFER_LIMITS = {
  title: 150,
  /** Sanitized HTML, as the product description. */
  description: 20_000,
  photos: 10,
  equipment: 20,
  licences: 20,
  licenceTitle: 200,
  licenceNumber: 100,
  regions: 100,
  spheres: 12,
  /** Offers one vendor may have: a price list, not a catalogue. */
  perVendor: 200,
  maxPriceKopecks: 100_000_000_000,
} as const

/** A licence or permit the vendor holds (лицензия, сертификат эксплуатанта, допуск СРО). */
export interface Licence {
  title: string
  number: string
  /** ISO date, or null for an open-ended one. */
  validUntil: string | null
}

export interface OfferContent {
  title: string
  type: (typeof SERVICE_TYPES)[number]
  spheres: (typeof SPHERE_SLUGS)[number][]
  /** Region codes (common/regions.ts); empty with `nationwide`. */
  regions: (typeof REGION_CODES)[number][]
  nationwide: boolean
  /** Null: «по договорённости». */
  priceFromKopecks: number | null
  priceUnit: (typeof PRICE_UNITS)[number]
  description: string
  photos: ProductImage[]
  /** Catalogue products the work is done with. */
  equipmentProductIds: string[]
  licences: Licence[]
}

/** The cabinet's tabs of offers, as the products' ones. */
export const OFFER_TABS = ['published', 'moderation', 'non-published'] as const
export type OfferTab = (typeof OFFER_TABS)[number]

export const OFFER_MESSAGES = {
  notFound: 'Услуга не найдена',
  stale: 'Услугу уже изменили: обновите страницу',
  title: 'Укажите название услуги',
  type: 'Выберите вид работ',
  spheres: 'Выберите хотя бы одну сферу',
  regions: 'Укажите регионы, где вы работаете, или отметьте «Вся Россия»',
  price: 'Цена — сумма в рублях больше нуля, или отметьте «По договорённости»',
  notVendor: 'Предлагать услуги может организация с подтверждённой ролью «Поставщик»',
  tooMany: `У организации уже ${OFFER_LIMITS.perVendor} услуг: снимите ненужные`,
  equipment: 'Оборудование — товары вашей организации из каталога',
  licence: 'Укажите название и номер документа',
} as const

const Licence = z.object({
  title: singleLineText().min(1, OFFER_MESSAGES.licence).max(OFFER_LIMITS.licenceTitle),
  number: singleLineText().min(1, OFFER_MESSAGES.licence).max(OFFER_LIMITS.licenceNumber),
  validUntil: z.iso.date().nullable().default(null),
})

/** The offer as the cabinet saves it (a draft may be incomplete; submission checks the rest). */
export const OfferInput = z.object({
  title: singleLineText().max(OFFER_LIMITS.title, `Не больше ${OFFER_LIMITS.title} символов`).default(''),
  type: z.enum(SERVICE_TYPES, { error: OFFER_MESSAGES.type }),
  spheres: z
    .array(z.enum(SPHERE_SLUGS, { error: OFFER_MESSAGES.spheres }))
    .max(OFFER_LIMITS.spheres)
    .default([]),
  regions: z
    .array(z.enum(REGION_CODES, { error: OFFER_MESSAGES.regions }))
    .max(OFFER_LIMITS.regions)
    .default([]),
  nationwide: z.boolean().default(false),
  priceFromKopecks: z
    .number({ error: OFFER_MESSAGES.price })
    .int(OFFER_MESSAGES.price)
    .positive(OFFER_MESSAGES.price)
    .max(OFFER_LIMITS.maxPriceKopecks, OFFER_MESSAGES.price)
    .nullable()
    .default(null),
  priceUnit: z.enum(PRICE_UNITS).default('project'),
  description: multiLineText().max(OFFER_LIMITS.description).default(''),
  equipmentProductIds: z.array(z.uuid()).max(OFFER_LIMITS.equipment).default([]),
  licences: z.array(Licence).max(OFFER_LIMITS.licences).default([]),
})
export type OfferInput = z.infer<typeof OfferInput>
