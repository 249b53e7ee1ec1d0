import { VAT_RATES } from './catalog/vat.ts'
import { fromDigits, z } from './zod.ts'

/**
 * The cabinet's import from a file: limits, messages and the mapping form's schema, shared by the
 * page, the REST routes and the service. The limits are the parsers' (server/modules/products/import/file).
 */
export const IMPORT_LIMITS = {
  maxBytes: 20 * 1024 * 1024,
  maxOffers: 10_000,
  /** Extensions the file picker offers; the content decides the format. */
  accept: ['.xml', '.yml', '.csv', '.txt'],
  errorsPageSize: 50,
} as const

export const IMPORT_FILE_FIELD = 'file'

/** `parsing`: the uploaded file waits for or is in its parsing job; `failed`: refused or broken. */
export const IMPORT_VIEW_STATUSES = ['parsing', 'preview', 'importing', 'done', 'failed'] as const
export type ImportViewStatus = (typeof IMPORT_VIEW_STATUSES)[number]

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
  parseFailed: 'Файл не удалось проверить из-за ошибки. Загрузите его ещё раз или обратитесь в поддержку',
  busy: 'Дождитесь окончания текущей загрузки: одновременно идёт одна загрузка каталога на организацию',
  stillParsing: 'Файл ещё проверяется: сопоставление станет доступно после проверки',
} as const

/** The vendor's mapping: file category id → our leaf slug (or null), file characteristic → our code. */
export const ImportMappingInput = z.object({
  categories: z.record(z.string(), z.string().nullable()).default({}),
  params: z.record(z.string(), z.string().nullable()).default({}),
  defaultVatRate: z.enum(VAT_RATES).nullable().optional(),
})
export type ImportMappingInput = z.output<typeof ImportMappingInput>

export const ImportViewQuery = z.object({ errorsPage: fromDigits(z.number().int().min(1).max(10_000).default(1)) })

/** An import as the REST API answers it and the page shows it. */
const Line = z.object({ line: z.number().int(), message: z.string() })

export const ImportViewSchema = z.object({
  id: z.uuid(),
  fileName: z.string(),
  fileSize: z.number().int(),
  status: z.enum(IMPORT_VIEW_STATUSES),
  createdAt: z.date(),
  counts: z.object({
    offers: z.number().int(),
    new: z.number().int(),
    updates: z.number().int(),
    onModeration: z.number().int(),
    withErrors: z.number().int(),
    withoutVat: z.number().int(),
  }),
  categories: z.array(z.object({ id: z.string(), name: z.string(), offers: z.number().int() })),
  params: z.array(z.object({ name: z.string(), unit: z.string().optional(), offers: z.number().int() })),
  mapping: z.object({
    categories: z.record(z.string(), z.string().nullable()),
    params: z.record(z.string(), z.string().nullable()),
    defaultVatRate: z.enum(VAT_RATES).nullable(),
  }),
  errors: z.object({
    items: z.array(Line),
    total: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
  }),
  /** `offers`: rows written so far; `pictures`: products whose pictures were fetched so far. */
  progress: z
    .object({ done: z.number().int(), total: z.number().int(), stage: z.enum(['offers', 'pictures']) })
    .nullable(),
  outcome: z
    .object({
      created: z.number().int(),
      updated: z.number().int(),
      skippedTotal: z.number().int(),
      skipped: z.array(z.object({ line: z.number().int(), sku: z.string(), reason: z.string() })),
      /** Photos fetched from the file's picture addresses and added to drafts that had none. */
      photosAdded: z.number().int(),
      pictureWarningsTotal: z.number().int(),
      /** Pictures not added (unreachable, not a picture…) or added but small; the first 200. */
      pictureWarnings: z.array(z.object({ line: z.number().int(), sku: z.string(), message: z.string() })),
    })
    .nullable(),
  failure: z.string().nullable(),
})

export type ImportView = z.output<typeof ImportViewSchema>
