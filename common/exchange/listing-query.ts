import { singleLineText } from '../text.ts'
import { calendarDate } from '../calendar-date.ts'
import { REGION_CODES } from '../regions.ts'
import { SPHERE_SLUGS } from '../spheres.ts'
import { fromDigits, z } from '../zod.ts'
import { EXCHANGE_MAX_PAGE, EXCHANGE_QUERY_KEYS, EXCHANGE_SEARCH_MAX, EXCHANGE_SORTS } from './listing.ts'
import { EXCHANGE_TABS } from './links.ts'
import { SERVICE_TYPES } from './services.ts'
import { formatCount } from '#common/format.ts'
import { CHARACTERS_UP_TO } from '#common/counted-words.ts'

/**
 * The exchange's list state read from a URL (see listing.ts): strictly by the REST API, leniently
 * by the page's loader. A module of its own because it brings zod, which the page's browser code
 * does without.
 */

/** 1 000 000 000 ₽: the largest budget a request may state (REQUEST_LIMITS.maxBudgetKopecks). */
const MAX_RUBLES = 1_000_000_000

const isoDate = calendarDate()

const rubles = fromDigits(
  z
    .number({ error: 'Введите сумму в рублях' })
    .int('Сумма в целых рублях')
    .min(0, 'Сумма не может быть отрицательной')
    .max(MAX_RUBLES, 'Слишком большая сумма'),
)

export const ExchangeQuery = z
  .object({
    tab: z.enum(EXCHANGE_TABS).default('offers'),
    type: z.enum(SERVICE_TYPES, { error: 'Неизвестный вид работ' }).optional(),
    sphere: z.enum(SPHERE_SLUGS, { error: 'Неизвестная сфера' }).optional(),
    region: z.enum(REGION_CODES, { error: 'Неизвестный регион' }).optional(),
    budgetFrom: rubles.optional(),
    budgetTo: rubles.optional(),
    /** With a budget range: also show «по договорённости» (no price / no budget stated). */
    negotiable: z.literal('1', { error: 'Значение 1 или пусто' }).optional(),
    /** Requests: the work starts on or after; offers: published on or after. */
    from: isoDate.optional(),
    /** Requests: the work starts on or before; offers: published on or before. */
    to: isoDate.optional(),
    // Control characters (a NUL) are refused here rather than reaching the database's search.
    q: singleLineText()
      .max(EXCHANGE_SEARCH_MAX, `Не длиннее ${formatCount(EXCHANGE_SEARCH_MAX, CHARACTERS_UP_TO)}`)
      .optional(),
    sort: z.enum(EXCHANGE_SORTS, { error: 'Неизвестная сортировка' }).default('new'),
    page: fromDigits(
      z
        .number({ error: 'Номер страницы — число' })
        .int('Номер страницы — целое число')
        .min(1, 'Страницы начинаются с 1')
        .max(EXCHANGE_MAX_PAGE, `Не дальше страницы ${EXCHANGE_MAX_PAGE}`),
    ).default(1),
  })
  .refine((v) => v.budgetFrom === undefined || v.budgetTo === undefined || v.budgetFrom <= v.budgetTo, {
    path: ['budgetTo'],
    message: 'Верхняя граница меньше нижней',
  })
  .refine((v) => !v.from || !v.to || v.from <= v.to, { path: ['to'], message: 'Конец периода раньше начала' })

export type ExchangeQuery = z.output<typeof ExchangeQuery>

/** The known parameters of a URL, empty ones left out (a GET form sends every field). */
export function exchangeParamsOf(search: URLSearchParams): Record<string, string> {
  const raw: Record<string, string> = {}
  for (const key of EXCHANGE_QUERY_KEYS) {
    const value = search.get(key)?.trim()
    if (value) raw[key] = value
  }
  return raw
}

/**
 * The page's reading of the URL: each broken value is dropped (and reported) so a hand-edited
 * address still shows the exchange rather than an error.
 */
export function parseExchangeQuery(search: URLSearchParams): { query: ExchangeQuery; dropped: string[] } {
  const raw = exchangeParamsOf(search)
  const dropped: string[] = []
  for (;;) {
    const result = ExchangeQuery.safeParse(raw)
    if (result.success) return { query: result.data, dropped }
    const bad = new Set(result.error.issues.map((i) => String(i.path[0])))
    for (const key of bad) {
      if (!(key in raw)) return { query: ExchangeQuery.parse({}), dropped: [...EXCHANGE_QUERY_KEYS] }
      delete raw[key]
      dropped.push(key)
    }
  }
}
