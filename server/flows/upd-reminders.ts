import { addDays, moscowToday, startOfMoscowDay } from '#common/moscow-days.ts'
import type { Db } from '../db/client.ts'
import { systemCtx } from '../context.ts'
import type { FlowServices } from './flow.ts'

export const UPD_REMINDER_JOB = 'orders.upd_reminder'
const HOUR_MS = 60 * 60_000
/** The reminder comes at the start of the working day in Moscow. */
const AT_HOUR = 9
/** Orders a run looks at: far more than any seller ships without documents. */
const SCAN_LIMIT = 5000
/** Orders one e-mail lists; the rest are counted. */
const LISTED = 20

/**
 * Every morning each seller with orders shipped on an earlier day and still without a УПД (an
 * order shipped before the platform issued them) gets one e-mail listing them; the order page
 * issues the document in a click. A seller with none hears nothing. Recurring: one run per Moscow
 * day, keyed by the date, each queueing the next (decision 021's small scheduler); the server
 * queues today's when it starts.
 */
export function createUpdReminders({ orders, notifications, jobs }: FlowServices) {
  const schedule = (db: Db, date: string) =>
    jobs.enqueue(
      db,
      UPD_REMINDER_JOB,
      { date },
      { key: date, runAt: new Date(startOfMoscowDay(date).getTime() + AT_HOUR * HOUR_MS), maxAttempts: 3 },
    )

  /** The day's reminders, one per seller: about the orders shipped before the day began. */
  async function remindersOf(db: Db, date: string) {
    const ctx = systemCtx(db, { requestId: `job:${UPD_REMINDER_JOB}:${date}` })
    const due = await orders.moves.withoutUpd(ctx, startOfMoscowDay(date), SCAN_LIMIT)
    const bySeller = new Map<string, typeof due>()
    for (const row of due) {
      bySeller.set(row.sellerOrganizationId, [...(bySeller.get(row.sellerOrganizationId) ?? []), row])
    }
    return [...bySeller.values()].map((rows) => ({
      type: 'orders.upd_missing' as const,
      seller: { id: rows[0]!.seller.id, name: rows[0]!.seller.name },
      orders: rows.slice(0, LISTED).map((row) => ({ number: row.number, shippedAt: row.shippedAt! })),
      more: Math.max(0, rows.length - LISTED),
    }))
  }

  jobs.register(UPD_REMINDER_JOB, async (run) => {
    const { date } = run.job.payload as { date: string }
    const reminders = await remindersOf(run.db, date)
    // The e-mails, the next morning's run and this one's completion at once: a re-run sends nothing twice.
    const result = await run.commit(async (db) => {
      const ctx = systemCtx(db, { requestId: `job:${run.job.id}` })
      if (reminders.length) await notifications.emit(ctx, ...reminders)
      const next = addDays(date, 1)
      await schedule(db, next > moscowToday() ? next : moscowToday())
      return { sellers: reminders.length }
    })
    if (result.sellers) notifications.afterCommit()
    return result
  })

  return {
    /** Makes sure today's run is queued (once per date, however many instances start). */
    scheduleToday: (db: Db) => schedule(db, moscowToday()).then(() => undefined),
  }
}

export type UpdReminders = ReturnType<typeof createUpdReminders>
