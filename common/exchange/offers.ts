import { calendarDate } from '../calendar-date.ts'
import { SPHERE_SLUGS } from '../spheres.ts'
import { REGION_CODES } from '../regions.ts'
import type { ProductImage } from '../catalog/products.ts'
import type { DraftStatus } from '../products.ts'
import { RICH_TEXT_MARKUP } from '../markup-limits.ts'
import { multiLineText, singleLineText, withinMarkupLimits } from '../text.ts'
import { fromDigits, z } from '../zod.ts'
import { PRICE_UNITS, SERVICE_TYPES } from './services.ts'
import type { SanitizedHtml } from '../html.ts'
import { formatCount } from '#common/format.ts'
import { CHARACTERS_UP_TO, PHOTOS_UP_TO, SERVICES } from '#common/counted-words.ts'

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
  /** Sanitized when saved. */
  description: SanitizedHtml
  photos: ProductImage[]
  /** Catalogue products the work is done with. */
  equipmentProductIds: string[]
  licences: Licence[]
}

/** The cabinet's tabs of offers, as the products' ones. */
export { OFFER_TABS, type OfferTab } from './offer-tabs.ts'

export const OFFER_MESSAGES = {
  notFound: 'Услуга не найдена',
  stale: 'Услугу уже изменили: обновите страницу',
  title: 'Укажите название услуги',
  type: 'Выберите вид работ',
  spheres: 'Выберите хотя бы одну сферу',
  regions: 'Укажите регионы, где вы работаете, или отметьте «Вся Россия»',
  price: 'Цена — сумма в рублях больше нуля, или отметьте «По договорённости»',
  notVendor: 'Предлагать услуги может организация с подтверждённой ролью «Поставщик»',
  tooMany: `У организации уже ${formatCount(OFFER_LIMITS.perVendor, SERVICES)}: снимите ненужные`,
  equipment: 'Оборудование — товары вашей организации из каталога',
  licence: 'Укажите название и номер документа',
  description: 'Опишите услугу: что входит в работу, сроки, что получит заказчик',
  photosLimit: `Можно добавить не больше ${formatCount(OFFER_LIMITS.photos, PHOTOS_UP_TO)}`,
  incomplete: 'Заполните обязательные поля, чтобы отправить услугу на модерацию',
  notEditable: 'Услуга на модерации: чтобы изменить её, сначала отзовите её с модерации',
  notPublished: 'Снять с публикации можно только опубликованную услугу',
  notDeletable: 'Удалить можно только черновик, который не опубликован и не на модерации',
  noOrganization: 'Выберите организацию, от имени которой вы предлагаете услуги',
  buyerOnly: 'Услуги предлагают поставщики: подайте заявку на роль «Поставщик» в профиле организации',
  managersOnly:
    'Отправлять на модерацию, снимать с публикации и удалять услуги могут владелец и администраторы организации',
  fixesComment: 'Напишите, что нужно исправить',
} as const

/** The price's «по договорённости» in the editor and on the pages. */
export const PRICE_ON_REQUEST_LABEL = 'По договорённости'

const Licence = z.object({
  title: singleLineText().min(1, OFFER_MESSAGES.licence).max(OFFER_LIMITS.licenceTitle),
  number: singleLineText().min(1, OFFER_MESSAGES.licence).max(OFFER_LIMITS.licenceNumber),
  validUntil: calendarDate().nullable().default(null),
})

/** The offer as the cabinet saves it (a draft may be incomplete; submission checks the rest). */
export const OfferInput = z.object({
  title: singleLineText()
    .max(OFFER_LIMITS.title, `Не больше ${formatCount(OFFER_LIMITS.title, CHARACTERS_UP_TO)}`)
    .default(''),
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
  description: multiLineText()
    .max(OFFER_LIMITS.description)
    .superRefine(withinMarkupLimits(RICH_TEXT_MARKUP))
    .default(''),
  equipmentProductIds: z.array(z.uuid()).max(OFFER_LIMITS.equipment).default([]),
  licences: z.array(Licence).max(OFFER_LIMITS.licences).default([]),
})
export type OfferInput = z.infer<typeof OfferInput>

/** A moderator's reason to send an offer back. */
export const OfferFixesInput = z.object({
  comment: multiLineText().min(1, OFFER_MESSAGES.fixesComment).max(2000, 'Не длиннее 2000 символов'),
})

/** The staff queue's page. */
export const OfferQueueQuery = z.object({
  page: fromDigits(z.number().int().min(1).max(1000)).catch(1).default(1),
})

/** An offer's photo in the cabinet: its id for ordering, captions and deletion. */
export interface OfferPhoto {
  id: string
  src: string
  alt: string
}

/** A catalogue product the vendor may name as equipment. */
export interface EquipmentOption {
  id: string
  title: string
  slug: string | null
}

/** The offer as the cabinet's editor and the API show it. */
export interface OfferDetails extends Omit<OfferContent, 'photos'> {
  id: string
  organizationId: string
  status: DraftStatus
  /** The exchange shows a version of it now. */
  published: boolean
  /** Published, and the working copy has changes not yet approved. */
  hasPendingChanges: boolean
  photos: OfferPhoto[]
  /** The equipment's titles and catalogue addresses, in the order chosen. */
  equipment: EquipmentOption[]
  staffComment: string | null
  /** The seller's address on the exchange once published: exchangeLinks.sellerServices(slug). */
  sellerSlug: string | null
  /** What submission would still refuse, by field; empty when complete. */
  problems: Record<string, string>
  createdAt: Date
  updatedAt: Date
  submittedAt: Date | null
}
