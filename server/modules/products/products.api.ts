import { AVAILABILITIES } from '#common/catalog/products.ts'
import { VAT_RATES } from '#common/catalog/vat.ts'
import { DRAFT_STATUSES } from '#common/products.ts'
import { z } from '#common/zod.ts'
import { VendorRefSchema } from '../catalog/index.ts'

/** Response shapes of the cabinet's products API and of product moderation, for OpenAPI. */

export const ProductIdParams = z.object({ id: z.string().describe('id товара') })

const ImageSchema = z.object({ src: z.string(), alt: z.string() })
const DocumentSchema = z.object({ fileId: z.uuid(), name: z.string() })
export const PhotoSchema = z.object({
  id: z.string().describe('Идентификатор фотографии для изменения порядка, подписи и удаления'),
  src: z.string().describe('Путь под /marketplace-frontend-assets/'),
  alt: z.string(),
})
const SpecsSchema = z.record(z.string(), z.union([z.number(), z.string(), z.boolean(), z.array(z.string())]))

export const CabinetProductSchema = z.object({
  id: z.uuid(),
  status: z.enum(DRAFT_STATUSES),
  published: z.boolean().describe('Виден в каталоге'),
  hasPendingChanges: z.boolean().describe('Опубликован, и есть неодобренные изменения'),
  sku: z.string(),
  title: z.string(),
  brand: z.string(),
  model: z.string(),
  categorySlug: z.string().nullable(),
  priceKopecks: z.number().int().nullable(),
  priceOnRequest: z.boolean(),
  vatRate: z.enum(VAT_RATES),
  image: ImageSchema.nullable(),
  staffComment: z.string().nullable().describe('Комментарий модератора, когда товар возвращён на доработку'),
  slug: z.string().nullable().describe('Адрес в каталоге: /product/{slug}'),
  updatedAt: z.date(),
})

export const CabinetListSchema = z.object({
  items: z.array(CabinetProductSchema),
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
  tab: z.enum(['published', 'moderation', 'non-published']),
  counts: z.object({ published: z.number().int(), moderation: z.number().int(), 'non-published': z.number().int() }),
  canSubmit: z.boolean(),
  vendorConfirmed: z.boolean(),
  manager: z.boolean(),
})

const VersionSchema = z.object({
  slug: z.string(),
  status: z.string(),
  sku: z.string(),
  title: z.string(),
  brand: z.string(),
  model: z.string(),
  categorySlug: z.string(),
  priceKopecks: z.number().int().nullable(),
  vatRate: z.enum(VAT_RATES),
  availability: z.enum(AVAILABILITIES),
  leadTimeDays: z.number().int().nullable(),
  stockQuantity: z.number().int().nullable(),
  descriptionHtml: z.string(),
  areas: z.array(z.string()),
  specs: SpecsSchema,
  images: z.array(ImageSchema),
  documents: z.array(DocumentSchema),
  publishedAt: z.date().nullable(),
  updatedAt: z.date(),
})

export const ProductDetailsSchema = CabinetProductSchema.extend({
  availability: z.enum(AVAILABILITIES),
  leadTimeDays: z.number().int().nullable(),
  stockQuantity: z.number().int().nullable(),
  warrantyMonths: z.number().int().nullable().describe('Гарантия, месяцев; null — не указана, 0 — без гарантии'),
  deliveryRegions: z.array(z.string()).describe('Коды регионов доставки; пусто — по всей России'),
  minOrderQuantity: z.number().int().describe('Минимальный заказ, штук'),
  modelId: z.uuid().nullable().describe('Модель каталога, к которой привязано предложение'),
  partNumber: z.string().describe('Артикул производителя (для новой модели)'),
  gtin: z.string().describe('GTIN (для новой модели)'),
  fits: z
    .array(z.object({ id: z.uuid(), title: z.string() }))
    .describe('Для нагрузки, аксессуара, запчасти: модели беспилотников, к которым подходит'),
  description: z.string().describe('HTML после очистки'),
  areas: z.array(z.string()),
  specs: SpecsSchema,
  images: z.array(ImageSchema),
  photos: z.array(PhotoSchema).describe('Фотографии по порядку, первая — главная'),
  documents: z.array(DocumentSchema),
  createdAt: z.date(),
  submittedAt: z.date().nullable(),
  problems: z.record(z.string(), z.string()).describe('Чего не хватает для отправки на модерацию'),
  history: z.array(
    z.object({
      event: z.string(),
      fromStatus: z.enum(DRAFT_STATUSES).nullable(),
      toStatus: z.enum(DRAFT_STATUSES),
      byUserId: z.uuid().nullable(),
      comment: z.string().nullable(),
      createdAt: z.date(),
    }),
  ),
  live: VersionSchema.nullable().describe('Версия, которую сейчас показывает каталог'),
})

export const ReviewSchema = ProductDetailsSchema.extend({
  history: z.array(
    ProductDetailsSchema.shape.history.element.extend({
      by: z.string().nullable().describe('Имя того, кто сделал шаг; null — платформа'),
    }),
  ),
  vendor: VendorRefSchema.nullable(),
})

export const BulkResultSchema = z.object({
  done: z.array(z.uuid()),
  failed: z.array(z.object({ id: z.string(), title: z.string(), message: z.string() })),
})

export const QueueSchema = z.object({
  items: z.array(
    z.object({
      id: z.uuid(),
      title: z.string(),
      sku: z.string(),
      brand: z.string(),
      model: z.string(),
      categorySlug: z.string().nullable(),
      priceKopecks: z.number().int().nullable(),
      image: ImageSchema.nullable(),
      vendor: VendorRefSchema.nullable(),
      isUpdate: z.boolean(),
      submittedAt: z.date().nullable(),
    }),
  ),
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
})

const FilterCount = z.number().int().describe('Товаров в очереди')

export const QueueFiltersSchema = z.object({
  vendors: z.array(VendorRefSchema.extend({ count: FilterCount })),
  categories: z.array(z.object({ slug: z.string(), title: z.string(), count: FilterCount })),
})
