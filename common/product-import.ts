import { VAT_RATES } from './catalog/vat.ts'
import { z } from './zod.ts'

/**
 * The cabinet's import from a file: limits, messages and the mapping form's schema, shared by the
 * page, the REST routes and the service. The limits are the parsers' (server/modules/catalog/import).
 */
export const IMPORT_LIMITS = {
  maxBytes: 20 * 1024 * 1024,
  maxOffers: 10_000,
  /** Extensions the file picker offers; the content decides the format. */
  accept: ['.xml', '.yml', '.csv', '.txt'],
  errorsPageSize: 50,
} as const

export const IMPORT_FILE_FIELD = 'file'

export const PRODUCT_IMPORT_MESSAGES = {
  notFound: 'Загрузка не найдена',
  missingFile: 'Выберите файл каталога (YML или CSV)',
  tooLarge: 'Файл больше 20 МБ: разделите каталог на несколько файлов',
  unreadable: 'Файл не удалось получить: загрузите его ещё раз',
  alreadyStarted: 'Импорт этого файла уже запущен: изменить сопоставление нельзя',
  notLeaf: 'Выберите подкатегорию каталога',
  unknownAttribute: 'Такой характеристики в каталоге нет',
  limits: 'YML (XML) или CSV, до 20 МБ и 10 000 товаров в одном файле',
  failed: 'Импорт прервался из-за ошибки. Загрузите файл ещё раз или обратитесь в поддержку',
} as const

/** The vendor's mapping: file category id → our leaf slug (or null), file characteristic → our code. */
export const ImportMappingInput = z.object({
  categories: z.record(z.string(), z.string().nullable()).default({}),
  params: z.record(z.string(), z.string().nullable()).default({}),
  defaultVatRate: z.enum(VAT_RATES).nullable().optional(),
})
export type ImportMappingInput = z.output<typeof ImportMappingInput>

export const ImportViewQuery = z.object({ errorsPage: z.coerce.number().int().min(1).max(10_000).default(1) })

export const IMPORT_VIEW_STATUSES = ['preview', 'importing', 'done', 'failed'] as const
export type ImportViewStatus = (typeof IMPORT_VIEW_STATUSES)[number]
