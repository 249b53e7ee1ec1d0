import { calendarDate } from './calendar-date.ts'
import { formatCount } from './format.ts'
import { singleLineText } from './text.ts'
import { fromDigits, z } from './zod.ts'

/**
 * The organization's documents registry («Документы» in the personal account): every invoice,
 * transfer document (УПД), act and correction document (УКД) it issued as a seller or received as a buyer, with filters, the
 * period's totals and a month's archive for the accountant.
 */

export const REGISTRY_KINDS = ['invoice', 'upd', 'act', 'ukd'] as const
export type RegistryKind = (typeof REGISTRY_KINDS)[number]

export const REGISTRY_KIND_LABELS: Record<RegistryKind, string> = {
  invoice: 'Счёт на оплату',
  upd: 'УПД',
  act: 'Акт выполненных работ',
  ukd: 'УКД (корректировка)',
}

export const REGISTRY_STATES = ['issued', 'paid', 'cancelled', 'corrected'] as const
export type RegistryState = (typeof REGISTRY_STATES)[number]

/**
 * How a document stands, in the registry's words: an invoice is issued, then paid or void; a УПД
 * a correction document changed is «Скорректирован».
 */
export function registryStateLabel(kind: RegistryKind, state: RegistryState): string {
  if (state === 'corrected') return 'Скорректирован'
  if (kind !== 'invoice') return 'Выставлен'
  return { issued: 'Ожидает оплаты', paid: 'Оплачен', cancelled: 'Аннулирован' }[state]
}

export const REGISTRY_STATE_LABELS: Record<RegistryState, string> = {
  issued: 'Выставлен, ожидает оплаты',
  paid: 'Оплачен',
  cancelled: 'Аннулирован',
  corrected: 'Скорректирован',
}

/** The organization's side of the document: it sold (issued it) or bought (received it). */
export const REGISTRY_DIRECTIONS = ['all', 'sale', 'purchase'] as const
export type RegistryDirection = (typeof REGISTRY_DIRECTIONS)[number]

export const REGISTRY_DIRECTION_LABELS: Record<RegistryDirection, string> = {
  all: 'Все',
  sale: 'Выданные (продажи)',
  purchase: 'Полученные (покупки)',
}

export const REGISTRY_PAGE_SIZE = 50
export const DOCUMENT_FORMS = ['документ', 'документа', 'документов'] as const
/** A month's archive holds at most this many documents: a bigger month is split by direction. */
export const REGISTRY_ARCHIVE_MAX = 2000

export const REGISTRY_MESSAGES = {
  noOrganization: 'Документы принадлежат организации: выберите организацию, от имени которой работаете',
  period: 'Начало периода должно быть не позже его конца',
  month: 'Месяц — в формате ГГГГ-ММ',
  tooMany: (count: number) =>
    `В этом месяце ${formatCount(count, DOCUMENT_FORMS)} — больше, чем помещается в один архив (${REGISTRY_ARCHIVE_MAX}). Скачайте выданные и полученные по отдельности.`,
}

const emptyToUndefined = (value: unknown) => (value === '' || value === null ? undefined : value)

export const RegistryQuery = z
  .object({
    from: z.preprocess(emptyToUndefined, calendarDate().optional()),
    to: z.preprocess(emptyToUndefined, calendarDate().optional()),
    kind: z.preprocess(emptyToUndefined, z.enum(REGISTRY_KINDS, { error: 'Неизвестный вид документа' }).optional()),
    state: z.preprocess(emptyToUndefined, z.enum(REGISTRY_STATES, { error: 'Неизвестный статус' }).optional()),
    direction: z.preprocess(
      emptyToUndefined,
      z.enum(REGISTRY_DIRECTIONS, { error: 'Неизвестное направление' }).default('all'),
    ),
    /** The counterparty's name or ИНН, any part of it. */
    counterparty: z.preprocess(emptyToUndefined, singleLineText().max(100).optional()),
    page: fromDigits(z.number().int().min(1).max(10_000)).default(1),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { path: ['to'], message: REGISTRY_MESSAGES.period })

export type RegistryFilters = z.output<typeof RegistryQuery>

export const RegistryArchiveQuery = z.object({
  month: z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, REGISTRY_MESSAGES.month),
  direction: z.preprocess(emptyToUndefined, z.enum(REGISTRY_DIRECTIONS).default('all')),
})

export interface RegistryItem {
  id: string
  kind: RegistryKind
  number: string
  /** YYYY-MM-DD. */
  date: string
  direction: 'sale' | 'purchase'
  counterparty: { name: string; inn: string }
  /** The goods order or service order the document belongs to. */
  orderNumber: string
  totalKopecks: number
  vatKopecks: number
  state: RegistryState
  /** Where each of its files downloads from: the PDF, and the XML of a УПД. */
  files: { format: 'pdf' | 'xml'; href: string }[]
}

export interface RegistryTotals {
  count: number
  totalKopecks: number
  vatKopecks: number
}

export interface RegistryPage {
  items: RegistryItem[]
  page: number
  pageSize: number
  total: number
  /** The whole filtered period's sums, apart for what the organization issued and received. */
  totals: { sale: RegistryTotals; purchase: RegistryTotals }
}
