import pg from 'pg'
import { describe, expect, it } from 'vitest'
import { type Instance, stage } from './instance.ts'
import { until } from '../../server/testing/poll.ts'

const JOBS = 122
/** Short, so that the survivor takes over the killed instance's job within the scenario. */
const LEASE_SECONDS = 5

/**
 * Two instances share one queue of due reminder jobs, each of which e-mails the buyer's members;
 * one is killed with kill -9 while they drain it. The other finishes the queue, the job the dead
 * one held included once its lease runs out, and every job's e-mail went out exactly once.
 */
describe('an instance killed while it runs jobs', () => {
  const scene = stage(2, { JOB_LEASE_SECONDS: String(LEASE_SECONDS) })

  it('runs every job once: no e-mail lost, none doubled', async () => {
    const { sql, instances, database } = scene
    // The demo's shipped order whose drones are not registered yet: its reminders go to the buyer.
    const {
      rows: [order],
    } = await sql.query<{ id: string; number: string; members: number }>(
      `select o.id, o.number, (select count(*)::int from organization_members m
         where m.organization_id = o.buyer_organization_id) as members
       from orders o where o.shipped_at is not null and o.registration_done_at is null and o.status <> 'cancelled'
       and exists (select 1 from order_lines l where l.order_id = o.id and l.registration <> 'none')
       order by o.number limit 1`,
    )
    expect(order, 'a shipped demo order with drones').toBeDefined()
    const subject = `Поставьте беспилотники на учёт: заказ № ${order!.number}`
    const mailsBefore = await countMails(subject)
    // Reminders past the last of the schedule: each sends its e-mail and queues no next one.
    await sql.query(
      `insert into jobs (kind, payload, key)
       select 'orders.registration_reminder', jsonb_build_object('orderId', $1::text, 'index', 100 + i), $1 || ':fault-' || i
       from generate_series(1, $2::int) as i`,
      [order!.id, JOBS],
    )

    const [victim, survivor] = instances as [Instance, Instance]
    const finished = async () =>
      (
        await sql.query<{ n: number }>(
          `select count(*)::int as n from jobs where kind = 'orders.registration_reminder' and key like $1 and status = 'done'`,
          [`${order!.id}:fault-%`],
        )
      ).rows[0]!.n
    const running = async () =>
      (
        await sql.query<{ n: number }>(
          `select count(*)::int as n from jobs where kind = 'orders.registration_reminder' and status = 'running'`,
        )
      ).rows[0]!.n
    await until(async () => (await finished()) >= 10, 60_000, 'the first jobs done')
    // Mid-job for certain: e-mails cannot be written while the test holds this lock, so each
    // instance's worker is held inside its job's transaction, between claiming it and committing.
    const locker = new pg.Client({ connectionString: database.url })
    await locker.connect()
    await locker.query('begin')
    await locker.query('lock table email_outbox in share mode')
    await until(async () => (await running()) === 2, 60_000, 'both instances inside a job')
    const doneAtKill = await finished()
    await victim.crash()
    await locker.query('commit')
    await locker.end()

    // The survivor drains the rest; a job the dead instance held comes due again after its lease.
    await until(async () => (await finished()) === JOBS, (LEASE_SECONDS + 60) * 1000, 'every job done')
    expect(survivor.alive).toBe(true)

    expect(await countMails(subject)).toBe(mailsBefore + JOBS * order!.members)
    // The dead instance's job, and only it, ran twice; its first run's writes died with it.
    const { rows: retried } = await sql.query<{ n: number }>(
      `select count(*)::int as n from jobs where kind = 'orders.registration_reminder' and key like $1 and attempts > 1`,
      [`${order!.id}:fault-%`],
    )
    expect(retried[0]!.n).toBe(1)
    console.log(
      `job instance killed inside a job: ${doneAtKill} of ${JOBS} jobs done at the kill, ` +
        `${retried[0]!.n} run again after its lease; ${JOBS * order!.members} e-mails, each once`,
    )
  })

  async function countMails(subject: string): Promise<number> {
    const { rows } = await scene.sql.query<{ n: number }>(
      `select count(*)::int as n from email_outbox where subject = $1`,
      [subject],
    )
    return rows[0]!.n
  }
})
