import { and, eq, ne, or, sql } from 'drizzle-orm'
import { endOfMoscowDay, moscowToday } from '#common/moscow-days.ts'
import { type Ctx, systemCtx, withDb } from '../../../context.ts'
import type { JobsService } from '../../../jobs/jobs.service.ts'
import type { Events } from '../../notifications/index.ts'
import { publishedServiceOffers } from '../offers/offers.table.ts'
import { serviceRequests } from './requests.table.ts'

/** Tells the vendors of a request just published: one job per request, keyed by it. */
export const ANNOUNCE_JOB = 'exchange.announce_request'
/**
 * Closes the open requests whose proposals deadline has passed. Recurring: one run per Moscow
 * day, keyed by the date, each run queueing the next day's (decision 021's small scheduler);
 * publishing queues the run of its deadline's day, which starts the chain.
 */
export const EXPIRE_JOB = 'exchange.expire_requests'

export interface RequestJobs {
  /** Queues the new-request e-mails, in the publishing transaction (ctx.db). */
  announce(ctx: Ctx, requestId: string): Promise<void>
  /** Makes sure a run closes requests whose deadline is this date, right after the day ends. */
  scheduleExpiry(ctx: Ctx, deadline: string): Promise<void>
  /** After the queueing transaction committed: a worker looks at once. */
  wake(): void
}

export function createRequestJobs(deps: {
  jobs: Pick<JobsService, 'register' | 'enqueue' | 'wake'>
  events: Events
  /** The requests service's sweep (built after these jobs, hence a function). */
  expire: (ctx: Ctx) => Promise<number>
}): RequestJobs {
  const scheduleExpiry = async (ctx: Ctx, deadline: string) => {
    await deps.jobs.enqueue(ctx.db, EXPIRE_JOB, { date: deadline }, { key: deadline, runAt: endOfMoscowDay(deadline) })
  }

  deps.jobs.register(EXPIRE_JOB, async (run) => {
    const ctx = systemCtx(run.db, { requestId: `job:${run.job.id}` })
    const closed = await deps.expire(ctx)
    await scheduleExpiry(ctx, moscowToday())
    return { closed }
  })

  /** Confirmed vendors with a published offer of this type covering the region (or all Russia). */
  async function matchingVendors(ctx: Ctx, request: typeof serviceRequests.$inferSelect): Promise<string[]> {
    const covers = request.region
      ? or(eq(publishedServiceOffers.nationwide, true), sql`${request.region} = any(${publishedServiceOffers.regions})`)
      : eq(publishedServiceOffers.nationwide, true)
    const rows = await ctx.db
      .selectDistinct({ id: publishedServiceOffers.organizationId })
      .from(publishedServiceOffers)
      .where(
        and(
          eq(publishedServiceOffers.type, request.type),
          ne(publishedServiceOffers.organizationId, request.organizationId),
          covers,
        ),
      )
    return rows.map((r) => r.id)
  }

  deps.jobs.register(ANNOUNCE_JOB, async (run) => {
    const { requestId } = run.job.payload as { requestId: string }
    const ctx = systemCtx(run.db, { requestId: `job:${run.job.id}` })
    const [request] = await run.db.select().from(serviceRequests).where(eq(serviceRequests.id, requestId))
    // Cancelled or closed before the job ran: news of it would mislead.
    if (!request || request.status !== 'open') return { vendors: 0 }
    const invited = request.visibility === 'invited'
    const organizationIds = (invited ? request.invitedOrganizationIds : await matchingVendors(ctx, request)).filter(
      (id) => id !== request.organizationId,
    )
    if (!organizationIds.length) return { vendors: 0 }
    // The e-mails and the job's completion at once: a re-run after a lost lease sends none again.
    await run.commit(async (tx) => {
      await deps.events.emit(withDb(ctx, tx), {
        type: 'exchange.request_published',
        request: {
          number: request.number,
          title: request.title,
          type: request.type,
          region: request.region,
          budgetKopecks: request.budgetKopecks,
          startsOn: request.startsOn,
          proposalsDeadline: request.proposalsDeadline,
        },
        customer: { id: request.organizationId, name: request.customer.name },
        invited,
        vendors: organizationIds,
      })
    })
    return { vendors: organizationIds.length }
  })

  return {
    async announce(ctx, requestId) {
      await deps.jobs.enqueue(ctx.db, ANNOUNCE_JOB, { requestId }, { key: requestId, maxAttempts: 3 })
    },
    scheduleExpiry,
    wake: () => deps.jobs.wake(),
  }
}
