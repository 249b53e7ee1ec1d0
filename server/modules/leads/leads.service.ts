import { desc, eq } from 'drizzle-orm'
import { LeadInput, leadFieldErrors } from '#common/leads.ts'
import { LeadListQuery, type LeadStatus, LeadStatusInput, type Page, STAFF_PAGE_SIZE } from '#common/staff.ts'
import { isUuid } from '#common/validators.ts'
import { type Ctx, requireStaff, withDb } from '../../context.ts'
import { countRows, pageQuery } from '../../db/pages.ts'
import { AppError } from '../../errors.ts'
import { parse } from '../../parse.ts'
import { recordAudit } from '../audit/index.ts'
import type { RateLimiter, RateLimitRule } from '../rate-limit/index.ts'
import { leads } from './leads.table.ts'

/** Enough for a person filling in a few forms; a script hits the limit quickly. */
export const LEAD_RATE_LIMIT: RateLimitRule = { limit: 5, windowMs: 10 * 60 * 1000 }

export type LeadRow = typeof leads.$inferSelect

export interface LeadsService {
  create(ctx: Ctx, input: unknown): Promise<{ id: string; createdAt: Date }>
  /** Staff: newest first, 50 a page, optionally of one status. */
  list(ctx: Ctx, query: unknown): Promise<Page<LeadRow>>
  /** Staff: moves a lead between new, in_progress and done; each change is audited. */
  setStatus(ctx: Ctx, id: string, input: unknown): Promise<{ id: string; status: LeadStatus }>
}

export function createLeadsService(deps: {
  limiter: RateLimiter
  isLeadFormPath: (path: string) => boolean
}): LeadsService {
  return {
    async create(ctx, input) {
      const parsed = LeadInput.safeParse(input)
      if (!parsed.success)
        throw new AppError('invalid', 'Проверьте правильность заполнения формы.', leadFieldErrors(parsed.error))
      const lead = parsed.data
      if (!deps.isLeadFormPath(lead.sourcePath)) {
        throw new AppError('invalid', 'На этой странице нет формы заявки.', { sourcePath: 'Неизвестная страница' })
      }

      // A repeated submission (double click, retry) returns the lead stored the first time,
      // and does not count against the limit.
      const existing = await ctx.db
        .select({ id: leads.id, createdAt: leads.createdAt })
        .from(leads)
        .where(eq(leads.submissionId, lead.submissionId))
      if (existing[0]) return existing[0]

      await deps.limiter.hit(`leads:${ctx.ip}`, LEAD_RATE_LIMIT)
      const [row] = await ctx.db
        .insert(leads)
        .values({
          submissionId: lead.submissionId,
          sourcePath: lead.sourcePath,
          name: lead.name,
          organization: lead.organization,
          phone: lead.phone,
          email: lead.email,
          message: lead.message,
          consentAt: new Date(),
        })
        .onConflictDoNothing({ target: leads.submissionId })
        .returning({ id: leads.id, createdAt: leads.createdAt })
      if (row) return row
      const [raced] = await ctx.db
        .select({ id: leads.id, createdAt: leads.createdAt })
        .from(leads)
        .where(eq(leads.submissionId, lead.submissionId))
      return raced!
    },

    async list(ctx, query) {
      requireStaff(ctx)
      const { page, status } = parse(LeadListQuery, query)
      const where = status ? eq(leads.status, status) : undefined
      // Two queries whatever the page size: the page and the total.
      const { rows, ...counted } = await pageQuery(
        ctx.db.select().from(leads).where(where).orderBy(desc(leads.createdAt), desc(leads.id)).$dynamic(),
        { page, pageSize: STAFF_PAGE_SIZE },
        countRows(ctx.db, leads, where),
      )
      return { items: rows, ...counted }
    },

    async setStatus(ctx, id, input) {
      requireStaff(ctx)
      const { status } = parse(LeadStatusInput, input)
      const notFound = new AppError('not_found', 'Заявка не найдена')
      if (!isUuid(id)) throw notFound
      return ctx.db.transaction(async (tx) => {
        const [current] = await tx.select({ status: leads.status }).from(leads).where(eq(leads.id, id)).for('update')
        if (!current) throw notFound
        if (current.status === status) return { id, status }
        await tx.update(leads).set({ status }).where(eq(leads.id, id))
        await recordAudit(withDb(ctx, tx), {
          action: 'lead.status_change',
          targetType: 'lead',
          targetId: id,
          details: { from: current.status, to: status },
        })
        return { id, status }
      })
    },
  }
}
