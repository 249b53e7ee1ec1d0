import { ATTRIBUTES, RANGE_ATTRIBUTE_CODES } from '#common/catalog/attributes.ts'
import { SORTS } from '#common/catalog/listing.ts'
import { AVAILABILITIES, PRODUCT_STATUSES } from '#common/catalog/products.ts'
import { VAT_RATES } from '#common/catalog/vat.ts'
import { z } from '#common/zod.ts'

/** Shapes of the catalogue and sellers API (common/catalog/types.ts) for the OpenAPI document. */

const ImageSchema = z.object({ src: z.string(), alt: z.string() })
const RefSchema = z.object({ slug: z.string(), title: z.string() })
export const VendorRefSchema = z.object({ id: z.uuid(), slug: z.string(), name: z.string() })
const SpecValueSchema = z.union([z.number(), z.string(), z.boolean(), z.array(z.string())])
const SpecEntrySchema = z.object({
  code: z.enum(ATTRIBUTES.map((a) => a.code)),
  title: z.string(),
  value: SpecValueSchema,
  display: z.string().describe('Значение по-русски с единицей измерения'),
})

export const ProductCardSchema = z.object({
  id: z.uuid().describe('Предложение: условия одного продавца для модели'),
  slug: z.string().describe('Слаг предложения; его прежний адрес /product/{slug} ведёт на `href`'),
  modelSlug: z.string().nullable().describe('Слаг модели: её страница — /product/{modelSlug}'),
  href: z.string().describe('Страница модели с этим предложением: /product/{modelSlug}?offer={slug}'),
  title: z.string(),
  brand: z.string(),
  model: z.string(),
  category: RefSchema,
  vendor: VendorRefSchema,
  priceKopecks: z.number().int().nullable().describe('Копейки; null — цена по запросу'),
  vatRate: z.enum(VAT_RATES),
  availability: z.enum(AVAILABILITIES),
  leadTimeDays: z.number().int().nullable(),
  image: ImageSchema.nullable(),
  keySpecs: z.array(SpecEntrySchema),
  titleHighlighted: z.string().optional().describe('Только при поиске: HTML-экранированный текст с <mark>'),
  snippetHighlighted: z.string().optional(),
  offers: z
    .object({
      count: z.number().int(),
      lowPriceKopecks: z.number().int().nullable(),
      sellerCount: z.number().int(),
    })
    .optional()
    .describe('В каталоге: у модели больше одного предложения, прошедшего фильтры; карточка — лучшее из них'),
})

export const OfferTermsSchema = z.object({
  warrantyMonths: z
    .number()
    .int()
    .nullable()
    .describe('Гарантия продавца, месяцев; null — не указана, 0 — без гарантии'),
  deliveryRegions: z.array(z.string()).describe('Коды регионов доставки; пусто — по всей России'),
  minOrderQuantity: z.number().int().describe('Минимальный заказ, штук'),
})

export const SellerCardSchema = z.object({
  id: z.uuid(),
  slug: z.string(),
  name: z.string(),
  description: z.string(),
  region: z.string().nullable(),
  logo: z.string().nullable(),
  productCount: z.number().int(),
  website: z.string().nullable(),
})

export const SellerDetailsSchema = SellerCardSchema.extend({
  fullName: z.string(),
  legalAddress: z.string(),
  inn: z.string().describe('ИНН'),
  kpp: z.string().nullable().describe('КПП; у индивидуального предпринимателя нет'),
  ogrn: z.string().describe('ОГРН или ОГРНИП'),
  createdAt: z.string(),
  vendorSince: z.string().describe('Когда платформа подтвердила роль «Поставщик»'),
})

export const ProductDetailsSchema = ProductCardSchema.extend({
  status: z.enum(PRODUCT_STATUSES),
  description: z.string(),
  images: z.array(ImageSchema),
  documents: z
    .array(z.object({ fileId: z.uuid(), name: z.string() }))
    .describe('PDF: /products/{id}/documents/{fileId}'),
  specs: z.array(SpecEntrySchema),
  areas: z.array(RefSchema),
  registration: z.enum(['none', 'account', 'state']),
  breadcrumbs: z.array(RefSchema),
  vendorCard: SellerCardSchema,
  modelId: z.uuid().nullable().describe('Модель, предложением которой является товар'),
  terms: OfferTermsSchema,
  createdAt: z.string(),
  updatedAt: z.string(),
})

const FacetSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('terms'),
    key: z.string(),
    title: z.string(),
    options: z.array(
      z.object({ value: z.string(), label: z.string(), count: z.number().int(), selected: z.boolean() }),
    ),
  }),
  z.object({
    kind: z.literal('range'),
    key: z.string(),
    title: z.string(),
    unit: z.string(),
    min: z.number().nullable(),
    max: z.number().nullable(),
    selectedMin: z.number().optional(),
    selectedMax: z.number().optional(),
  }),
  z.object({
    kind: z.literal('flag'),
    key: z.string(),
    title: z.string(),
    count: z.number().int(),
    selected: z.boolean(),
  }),
])

const RangeSchema = z.object({ min: z.number().optional(), max: z.number().optional() })

export const ListingSchema = z.object({
  items: z.array(ProductCardSchema),
  total: z.number().int().describe('Карточек: в каталоге по одной на модель, на странице продавца — на предложение'),
  offerTotal: z.number().int().describe('Предложений, прошедших фильтры'),
  page: z.number().int(),
  pageSize: z.number().int(),
  pageCount: z.number().int(),
  sort: z.enum(SORTS),
  facets: z.array(FacetSchema).describe('Сферы применения первыми; счётчики учитывают все фильтры, кроме своего'),
  query: z.object({
    q: z.string().optional(),
    areas: z.array(z.string()),
    brands: z.array(z.string()),
    vendors: z.array(z.string()),
    types: z.array(z.string()),
    availability: z.array(z.string()),
    compatible: z.array(z.string()),
    madeInRussia: z.boolean(),
    rtk: z.boolean(),
    price: RangeSchema,
    ranges: z.record(z.string(), RangeSchema),
    sort: z.enum(SORTS),
    page: z.number().int(),
    pageSize: z.number().int(),
  }),
  correctedQuery: z.string().optional().describe('Исправленный запрос, по которому показаны результаты'),
})

export const SuggestionSchema = z.object({
  kind: z.enum(['product', 'brand', 'category']),
  labelHighlighted: z.string(),
  href: z.string(),
  offer: z
    .object({
      vendorName: z.string(),
      priceKopecks: z.number().int().nullable().describe('Копейки; null — цена по запросу'),
    })
    .optional()
    .describe('Продавец и цена: только у товаров, чьё название повторяется в подсказках'),
})

export const CategorySummarySchema = z.object({
  slug: z.string(),
  title: z.string(),
  heading: z.string(),
  productCount: z.number().int(),
  image: ImageSchema.nullable(),
})

const many = z.union([z.string(), z.array(z.string())])
const rangeParams = Object.fromEntries(
  ['price', ...RANGE_ATTRIBUTE_CODES].flatMap((code) => [
    [`${code}_min`, z.string().optional()],
    [`${code}_max`, z.string().optional()],
  ]),
)

/** The listing's URL parameters (common/catalog/listing.ts); documented here, parsed there. */
export const ListingParams = z.object({
  q: z.string().optional().describe('Поиск с учётом морфологии и опечаток'),
  areas_of_application: many.optional().describe('Слаги сфер применения (повторяемый)'),
  type: many.optional(),
  brand: many.optional(),
  vendor: many.optional().describe('Слаги продавцов'),
  availability: many.optional(),
  made_in_russia: z.string().optional().describe('1 — только произведённые в России'),
  rtk: z.string().optional(),
  ...rangeParams,
  compatible: many
    .optional()
    .describe(
      'Слаги моделей беспилотников (повторяемый): только нагрузка, аксессуары и запчасти, которые подходят к одной из них',
    ),
  sort: z.enum(SORTS).optional(),
  page: z.string().optional(),
  limit: z.string().optional().describe('Размер страницы, до 60'),
})

export const OfferCardSchema = ProductCardSchema.extend({ terms: OfferTermsSchema })

const CompatibleModelSchema = z.object({
  slug: z.string(),
  href: z.string(),
  title: z.string(),
  brand: z.string(),
  availability: z.enum(AVAILABILITIES).describe('В наличии, если в наличии хотя бы одно предложение'),
  category: RefSchema,
  image: ImageSchema.nullable(),
  offerCount: z.number().int(),
  lowPriceKopecks: z.number().int().nullable(),
})

export const ModelDetailsSchema = z.object({
  id: z.uuid(),
  slug: z.string(),
  href: z.string().describe('Страница модели: /product/{slug}'),
  title: z.string(),
  brand: z.string(),
  name: z.string().describe('Название модели, как его пишет производитель'),
  partNumber: z.string().describe('Артикул производителя (P/N); пусто — не указан'),
  gtin: z.string().describe('GTIN; пусто — не указан'),
  category: RefSchema,
  image: ImageSchema.nullable(),
  offerCount: z.number().int().describe('Предложений в продаже'),
  lowPriceKopecks: z.number().int().nullable().describe('Самая низкая цена; null — у всех по запросу'),
  highPriceKopecks: z.number().int().nullable(),
  defaultOfferId: z
    .uuid()
    .describe('Предложение, которое страница показывает первым: лучшая цена из тех, что в наличии'),
  offers: z
    .array(OfferCardSchema)
    .describe('Предложения продавцов: в наличии первыми, затем дешевле, цена по запросу последней; до 100'),
  fits: z
    .array(CompatibleModelSchema)
    .describe('Для нагрузки, аксессуара, запчасти: модели беспилотников, к которым подходит'),
  accessories: z.array(CompatibleModelSchema).describe('Для беспилотника: совместимые нагрузка, аксессуары и запчасти'),
})

export const ModelSummarySchema = z.object({
  id: z.uuid(),
  slug: z.string(),
  title: z.string(),
  brand: z.string(),
  name: z.string().describe('Название модели, как его пишет производитель'),
  partNumber: z.string().describe('Артикул производителя; пусто — не указан'),
  gtin: z.string().describe('GTIN (EAN-13 и др.); пусто — не указан'),
  categorySlug: z.string(),
  image: ImageSchema.nullable(),
  offerCount: z.number().int().describe('Предложений в продаже'),
})
