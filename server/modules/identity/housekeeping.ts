import { lt, or } from 'drizzle-orm'
import { endOfMoscowDay, moscowToday } from '#common/moscow-days.ts'
import type { Db } from '../../db/client.ts'
import { purgeIdempotencyKeys } from '../../idempotency.ts'
import type { JobsService } from '../../jobs/jobs.service.ts'
import { UNDO_TTL_MS } from './email-links.ts'
import { emailLinks, knownDevices, passwordResets, sessions } from './identity.table.ts'
import type { SessionPolicy } from './sessions.ts'

/**
 * Removes what identity keeps only for a while, once it can no longer be used: sessions past their
 * absolute or idle limit, remembered browsers past theirs, spent and expired password resets, and
 * e-mail links past the week in which a change of address may still be undone (a registration's
 * link holds the name, phone and password hash of someone who never opened it). Recurring: one
 * run at the end of each Moscow day, keyed by the date, each run queueing the next day's
 * (decision 021's small scheduler); the server queues today's when it starts.
 */
export const HOUSEKEEPING_JOB = 'identity.housekeeping'

export async function removeExpired(db: Db, policy: SessionPolicy, now: Date = new Date()) {
  const ago = (ms: number) => new Date(now.getTime() - ms)
  const [expiredSessions, devices, resets, links] = await Promise.all([
    db
      .delete(sessions)
      .where(or(lt(sessions.expiresAt, now), lt(sessions.lastSeenAt, ago(policy.idleMs))))
      .returning({ id: sessions.id }),
    db.delete(knownDevices).where(lt(knownDevices.expiresAt, now)).returning({ id: knownDevices.tokenHash }),
    db.delete(passwordResets).where(lt(passwordResets.expiresAt, now)).returning({ id: passwordResets.tokenHash }),
    db
      .delete(emailLinks)
      .where(lt(emailLinks.createdAt, ago(UNDO_TTL_MS)))
      .returning({ id: emailLinks.tokenHash }),
  ])
  return {
    sessions: expiredSessions.length,
    knownDevices: devices.length,
    passwordResets: resets.length,
    emailLinks: links.length,
  }
}

export function createHousekeeping(deps: { jobs: Pick<JobsService, 'register' | 'enqueue'>; policy: SessionPolicy }) {
  const schedule = (db: Db, date: string) =>
    deps.jobs.enqueue(db, HOUSEKEEPING_JOB, { date }, { key: date, runAt: endOfMoscowDay(date), maxAttempts: 3 })

  deps.jobs.register(HOUSEKEEPING_JOB, async (run) => {
    const removed = await removeExpired(run.db, deps.policy)
    // The platform's other short-lived records ride on the same daily run.
    const idempotencyKeys = await purgeIdempotencyKeys(run.db)
    // The run comes just after its day ends: "today" is already the next day.
    await schedule(run.db, moscowToday())
    return { ...removed, idempotencyKeys }
  })

  return {
    /** Makes sure today's run is queued (once per date, however many instances start). */
    scheduleToday: (db: Db) => schedule(db, moscowToday()).then(() => undefined),
  }
}
