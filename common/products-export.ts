import { z } from './zod.ts'

/**
 * The seller cabinet's exports: a CSV file of the organization's products and the public YML feed
 * of a confirmed vendor. Shared by the REST routes, the services and the cabinet's list page.
 */

/** `all`: every product as its vendor last saved it; `published`: the versions on sale. */
export const EXPORT_SCOPES = ['all', 'published'] as const
export type ExportScope = (typeof EXPORT_SCOPES)[number]

export const EXPORT_SCOPE_LABELS: Record<ExportScope, string> = {
  all: 'Все товары (текущие версии)',
  published: 'Только опубликованные',
}

export const ProductsExportQuery = z.object({
  scope: z.enum(EXPORT_SCOPES, 'Выберите: all или published').default('all'),
})

export const PRODUCTS_EXPORT_PATH = '/cabinet/products/export.csv'

/** The CSV download's address under the API's base URL. */
export function productsExportUrl(apiBaseUrl: string, scope: ExportScope): string {
  return `${apiBaseUrl.replace(/\/$/, '')}${PRODUCTS_EXPORT_PATH}?scope=${scope}`
}

/** A confirmed vendor's public YML feed, absolute: it is given to other sites' robots. */
export function vendorFeedUrl(publicUrl: string, apiBaseUrl: string, slug: string): string {
  const api = /^https?:\/\//i.test(apiBaseUrl) ? apiBaseUrl : `${publicUrl.replace(/\/$/, '')}${apiBaseUrl}`
  return `${api.replace(/\/$/, '')}/sellers/${encodeURIComponent(slug)}/feed.yml`
}

export const EXPORT_MESSAGES = {
  feedExplanation:
    'Укажите эту ссылку в автозагрузке Яндекс Маркета или Авито: они будут забирать опубликованные товары сами, фид обновляется при каждом изменении.',
  feedUnconfirmed:
    'YML-фид появится, когда платформа подтвердит роль поставщика: до этого товары не публикуются в каталоге, и выгружать нечего.',
  csvExplanation: 'Файл открывается в Excel и загружается обратно через импорт без изменений.',
} as const
