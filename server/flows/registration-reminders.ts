import { ORDER_LIMITS } from '#common/orders.ts'
import { type Ctx, systemCtx, withDb } from '../context.ts'
import type { OrderRow } from '../modules/orders/index.ts'
import type { FlowServices } from './flow.ts'

export const REGISTRATION_REMINDER_JOB = 'orders.registration_reminder'
const DAY_MS = 24 * 60 * 60_000

/**
 * The buyer's members are reminded to register the order's drones on the days after shipping that
 * ORDER_LIMITS names, until they mark it done; an order without drones to register has none.
 * Each reminder, sent as a job, schedules the next.
 */
export function createRegistrationReminders({ orders, notifications, jobs }: FlowServices) {
  async function schedule(tx: Ctx, row: Pick<OrderRow, 'id' | 'shippedAt'>, index: number) {
    const day = ORDER_LIMITS.registrationReminderDays[index]
    if (day === undefined || !row.shippedAt) return
    const drones = await orders.moves.dronesOf(tx, row.id)
    if (!drones.length) return
    await jobs.enqueue(
      tx.db,
      REGISTRATION_REMINDER_JOB,
      { orderId: row.id, index },
      { key: `${row.id}:${index}`, runAt: new Date(row.shippedAt.getTime() + day * DAY_MS) },
    )
  }

  jobs.register(REGISTRATION_REMINDER_JOB, async (run) => {
    const { orderId, index } = run.job.payload as { orderId: string; index: number }
    const ctx = systemCtx(run.db, { requestId: `job:${run.job.id}` })
    const row = await orders.moves.byId(ctx, orderId)
    if (!row || row.registrationDoneAt || !row.shippedAt || row.status === 'cancelled') return { sent: false }
    const lines = await orders.moves.dronesOf(ctx, orderId)
    // The e-mail, the next reminder and this one's completion at once: a re-run sends nothing twice.
    return run.commit(async (db) => {
      const tx = withDb(ctx, db)
      await notifications.emit(tx, {
        type: 'orders.registration_reminder',
        order: { number: row.number, shippedAt: row.shippedAt! },
        buyer: { id: row.buyer.id, name: row.buyer.name },
        drones: lines.map((l) => ({
          title: l.title,
          registration: l.registration === 'state' ? 'state' : 'account',
          serialNumbers: l.serialNumbers,
        })),
      })
      await schedule(tx, row, index + 1)
      return { sent: true }
    })
  })

  return { schedule }
}

export type RegistrationReminders = ReturnType<typeof createRegistrationReminders>
