import { singleLineText } from './text.ts'
import { fromDigits, z } from './zod.ts'
import { LEAD_STATUSES } from './lead-statuses.ts'

export { LEAD_STATUS_LABELS, LEAD_STATUSES, type LeadStatus } from './lead-statuses.ts'

/** Staff lists (leads, outbox, audit): fixed pages with a total, the same in the API and the UI. */
export const STAFF_PAGE_SIZE = 50

export interface Page<T> {
  items: T[]
  page: number
  pageSize: number
  total: number
}

/** An empty filter from a form (`?status=`) means "no filter". */
const emptyToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v)

export const PageQuery = z.object({
  page: fromDigits(z.number('Номер страницы — число').int('Номер страницы — целое число').min(1).max(100_000)).default(
    1,
  ),
})

export const LeadListQuery = PageQuery.extend({
  status: z.preprocess(emptyToUndefined, z.enum(LEAD_STATUSES, { error: 'Неизвестный статус' }).optional()),
})
export const LeadStatusInput = z.object({ status: z.enum(LEAD_STATUSES, { error: 'Выберите статус' }) })

export const AuditListQuery = PageQuery.extend({
  /** An action (`lead.status_change`) or its prefix (`lead`). */
  action: z.preprocess(emptyToUndefined, singleLineText().max(100, 'Не больше 100 символов').optional()),
})

export const OutboxListQuery = PageQuery
