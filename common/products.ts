import { pluralize } from './format.ts'
import { quote } from '#common/format.ts'

/**
 * A vendor's products in the seller cabinet. Each product has a working copy (the draft) that
 * the vendor edits and staff moderate; the catalogue shows the version staff approved last, so
 * editing a published product leaves it on sale, unchanged, until the new version is approved.
 */

/**
 * Where the working copy stands: being edited, waiting for staff, sent back with a comment, or
 * approved (equal to what the catalogue shows). Moves: products.machine.ts on the server.
 */
export const DRAFT_STATUSES = ['draft', 'moderation', 'needFixes', 'approved'] as const
export type DraftStatus = (typeof DRAFT_STATUSES)[number]

export const DRAFT_STATUS_LABELS: Record<DraftStatus, string> = {
  draft: 'Черновик',
  moderation: 'На модерации',
  needFixes: 'Требует доработки',
  approved: 'Одобрен',
}

/** The spec's three tabs of /personal-account/products. */
export const PRODUCT_TABS = ['published', 'moderation', 'non-published'] as const
export type ProductTab = (typeof PRODUCT_TABS)[number]

export const PRODUCT_TAB_LABELS: Record<ProductTab, string> = {
  published: 'Опубликованные',
  moderation: 'На модерации',
  'non-published': 'Черновики',
}

export const CABINET_SORTS = ['updated', 'title', 'price_asc', 'price_desc'] as const
export type CabinetSort = (typeof CABINET_SORTS)[number]

export const CABINET_SORT_LABELS: Record<CabinetSort, string> = {
  updated: 'Сначала изменённые',
  title: 'По названию',
  price_asc: 'Сначала дешевле',
  price_desc: 'Сначала дороже',
}

/** Bulk actions on the selected products of a tab. */
export const BULK_ACTIONS = ['submit', 'unpublish', 'delete'] as const
export type BulkAction = (typeof BULK_ACTIONS)[number]

export const PRODUCT_LIMITS = {
  sku: 64,
  title: 200,
  brand: 100,
  model: 100,
  /** Rubles: a price above a billion is a typo. */
  maxPriceRubles: 1_000_000_000,
  maxLeadTimeDays: 365,
  maxStock: 1_000_000,
  photos: 15,
  documents: 10,
  pageSize: 20,
  /** Products one bulk action takes at once. */
  bulk: 100,
  staffComment: 2000,
} as const

export const PRODUCT_MESSAGES = {
  notFound: 'Товар не найден',
  buyerOnly:
    'Товары размещают организации с ролью «Поставщик». Запросите эту роль на странице компании — после проверки вы сможете добавлять товары.',
  noOrganization: 'Выберите организацию, от имени которой вы работаете',
  unconfirmedVendor:
    'Роль «Поставщик» вашей организации ещё не подтверждена. Черновики можно готовить уже сейчас, а отправить на модерацию — после подтверждения роли.',
  managersOnly: 'Отправлять на модерацию, снимать с публикации и удалять товары могут владелец и администраторы',
  notEditable: 'Товар на модерации: чтобы изменить его, сначала отзовите его с модерации',
  notOnModeration: 'Привязать к модели можно только товар, который находится на модерации',
  notPublished: 'Снять с публикации можно только опубликованный товар',
  notDeletable: 'Удалить можно только черновик, который не опубликован и не на модерации',
  incomplete: 'Заполните обязательные поля, чтобы отправить товар на модерацию',
  skuTaken: (sku: string) => `Товар с артикулом ${quote(sku)} уже есть в вашем каталоге`,
  commentRequired: 'Напишите, что нужно исправить',
  stale: 'Статус товара только что изменился. Обновите страницу.',
} as const

/** «3 товара» */
export const productsCount = (n: number) => `${n} ${pluralize(n, ['товар', 'товара', 'товаров'])}`
