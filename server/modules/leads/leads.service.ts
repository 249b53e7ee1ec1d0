import { eq } from 'drizzle-orm'
import { LeadInput, leadFieldErrors } from '#common/leads.ts'
import type { Ctx } from '../../context.ts'
import { AppError } from '../../errors.ts'
import type { RateLimiter, RateLimitRule } from '../rate-limit/rate-limiter.ts'
import { leads } from './leads.table.ts'

/** Enough for a person filling in a few forms; a script hits the limit quickly. */
export const LEAD_RATE_LIMIT: RateLimitRule = { limit: 5, windowMs: 10 * 60 * 1000 }

export interface LeadsService {
  create(ctx: Ctx, input: unknown): Promise<{ id: string; createdAt: Date }>
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
  }
}
