import { z } from 'zod'

/**
 * The exchange with 1С by the CommerceML 2 protocol of «Обмен с сайтом»: what the cabinet's
 * pages and the server share (limits, statuses, messages, the settings' schemas).
 */

export const EXCHANGE_SESSION_TYPES = ['catalog', 'sale'] as const
export type ExchangeSessionType = (typeof EXCHANGE_SESSION_TYPES)[number]

export const EXCHANGE_SESSION_STATUSES = ['open', 'success', 'failure'] as const
export type ExchangeSessionStatus = (typeof EXCHANGE_SESSION_STATUSES)[number]

export const EXCHANGE_SESSION_STATUS_LABELS: Record<ExchangeSessionStatus, string> = {
  open: 'Идёт',
  success: 'Успешно',
  failure: 'Ошибка',
}

export interface ExchangeCounts {
  created: number
  updated: number
  unchanged: number
  errors: number
  ordersSent: number
  ordersChanged: number
}

export const EXCHANGE_LIMITS = {
  /** One part of a file, as `init` tells 1С: larger files come in several. */
  partBytes: 8 * 1024 * 1024,
  /** All the files of one session. */
  sessionBytes: 1024 * 1024 * 1024,
  /** Files one session may send. */
  sessionFiles: 200,
  /** A session not heard of for this long is over: its cookie no longer works. */
  sessionIdleMs: 2 * 60 * 60_000,
  /** Error texts a session keeps; the count says how many there were. */
  errorsKept: 500,
  /** The exchange log's page. */
  logPageSize: 20,
  loginMaxLength: 60,
} as const

/** The path 1С is given; the host is the site's. */
export const EXCHANGE_PATH = '/exchange/1c'

export const EXCHANGE_MESSAGES = {
  badCredentials: 'Неверный логин или пароль обмена. Проверьте настройки обмена с сайтом в 1С',
  turnedOff: 'Обмен с 1С выключен в личном кабинете площадки',
  notVendor: 'Обмен доступен только подтверждённому поставщику',
  noSession: 'Сеанс обмена не найден или истёк: 1С начнёт обмен заново (checkauth)',
  unknownType: (type: string) => `Неизвестный тип обмена «${type}»: ожидается catalog или sale`,
  unknownMode: (mode: string) => `Неизвестный режим обмена «${mode}»`,
  badFileName: 'Недопустимое имя файла: ожидается имя без каталогов, например import.xml',
  emptyPart: 'Получена пустая часть файла',
  partTooLarge: (mb: number) => `Часть файла больше ${mb} МБ: уменьшите ограничение размера файла в настройках обмена`,
  sessionTooLarge: 'Файлы сеанса обмена больше 1 ГБ: выгрузите каталог частями',
  tooManyFiles: 'В сеансе обмена слишком много файлов',
  partAfterImport: (name: string) =>
    `Часть файла «${name}» пришла после команды загрузки (import): начните обмен заново, передав все части до неё`,
  fileNotReceived: (name: string) => `Файл «${name}» не получен: 1С должна сначала передать его (mode=file)`,
  brokenZip: (detail: string) => `Архив повреждён или передан не полностью (${detail})`,
  unknownFile: (name: string) =>
    `Файл «${name}» не распознан: ожидаются import.xml, offers.xml, prices.xml, rests.xml или архив zip`,
  wrongPriceType: (name: string, known: string[]) =>
    `Тип цен «${name}», выбранный в личном кабинете, не найден в файле. В файле есть: ${known.join(', ') || 'ни одного'}`,
  choosePriceType: (known: string[]) =>
    `В файле несколько типов цен (${known.join(', ')}): выберите в личном кабинете, какой из них — цены площадки`,
  importFailed: 'Загрузка файла не удалась: попробуйте обмен ещё раз, при повторе обратитесь в поддержку',
  busy: 'Идёт другой сеанс загрузки каталога этой организации: дождитесь его окончания',
  notFound: 'Обмен с 1С не настроен',
  loginTaken: 'Этот логин уже занят: выберите другой',
  loginInvalid: 'Логин — от 3 до 60 латинских букв, цифр, точек, дефисов и подчёркиваний',
  categoryNotLeaf: 'Выберите конечную категорию каталога',
  sessionNotFound: 'Сеанс обмена не найден',
} as const

export const ExchangeLogin = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9._-]{3,60}$/, EXCHANGE_MESSAGES.loginInvalid)

/** Turning the exchange on (or giving it a new password): the login may be chosen. */
export const ExchangeEnableInput = z.object({ login: ExchangeLogin.optional() }).strict()

export const ExchangeSettingsInput = z
  .object({
    priceType: z.string().trim().max(200).nullable().optional(),
    takeOffMissing: z.boolean().optional(),
  })
  .strict()

/** The mapping screen's answer: 1С's group id → our leaf category, or null (not yet). */
export const ExchangeGroupsInput = z
  .object({ groups: z.record(z.string().max(200), z.string().max(100).nullable()) })
  .strict()

export const ExchangeLogQuery = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
})
