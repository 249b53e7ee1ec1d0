/**
 * `npm run bench:exchange-proposals`: vendors answering buyers' requests on PostgreSQL, through the
 * REST API over HTTP (the real app, its routes, sessions and services; no page renderer):
 *   1. BENCH_VENDORS (50) vendors at once, each sending a proposal on each of BENCH_REQUESTS (20)
 *      open requests (`POST /exchange/requests/{number}/proposals`: the request locked, the
 *      checks, the proposal, the (request, vendor) room and its system message, the customer's
 *      e-mail);
 *   2. the hot request: the same vendors all answering one new request at the same moment (they
 *      queue on its row lock), each sending twice with the same Idempotency-Key;
 *   then checks that every request has one proposal per vendor and a proposal_count to match.
 *
 * Env: BENCH_DATABASE_URL / DATABASE_URL (the PostgreSQL server; a scratch `bench_proposals` is
 * created beside and dropped after), and the counts above.
 */
import { availableParallelism, loadavg } from 'node:os'
import { fileURLToPath } from 'node:url'
import { createScratchDatabase, dropScratchDatabase } from './scratch-database.ts'
import { envNumber } from './setup.ts'

process.env.LOG_LEVEL = 'silent'
process.chdir(fileURLToPath(new URL('..', import.meta.url)))

const VENDORS = Math.round(envNumber('BENCH_VENDORS', 50))
const REQUESTS = Math.round(envNumber('BENCH_REQUESTS', 20))
const SCRATCH_DB = 'bench_proposals'

setTimeout(() => {
  console.error('bench:exchange-proposals did not finish within 15 minutes, giving up')
  process.exit(2)
}, 15 * 60_000).unref()

const { sql } = await import('drizzle-orm')
const { openDatabase } = await import('../server/db/client.ts')
const { buildTestApp } = await import('../server/testing/app.ts')
const { createTestBuyer, createTestVendor } = await import('../server/modules/organizations/vendors.testing.ts')
const { createMember } = await import('../server/modules/products/products.testing.ts')
const { daysFromToday, insertMatchingOffer, insertOpenRequest, proposalInput } =
  await import('../server/modules/exchange/proposals/proposals.testing.ts')
const { PROPOSAL_LIMITS } = await import('../common/exchange/proposals.ts')

if (REQUESTS >= PROPOSAL_LIMITS.perDay) {
  console.error(`BENCH_REQUESTS must stay under the daily cap of ${PROPOSAL_LIMITS.perDay} proposals per vendor`)
  process.exit(1)
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]! : NaN
}
const ms = (v: number) => v.toFixed(1)

console.log(`# bench:exchange-proposals — ${new Date().toISOString()}`)
console.log(
  `node ${process.version}, ${availableParallelism()} CPUs, load average ${loadavg()[0]!.toFixed(2)}; ` +
    `${VENDORS} vendors × ${REQUESTS} requests, then ${VENDORS} vendors on one request`,
)

const url = await createScratchDatabase(SCRATCH_DB)
if (!url) process.exit(0)
const database = await openDatabase({ url, pgliteDir: '' })
await database.migrate()
const db = database.db
// The limits are the product's; the benchmark measures the path, not the per-user limit.
const app = await buildTestApp(database, { RATE_LIMIT_SCALE: '100', JOB_WORKERS: '0' })
const base = await app.listen({ host: '127.0.0.1', port: 0 })

async function submit(number: string, cookie: string, key: string) {
  const started = performance.now()
  const res = await fetch(`${base}/api/v1/exchange/requests/${number}/proposals`, {
    method: 'POST',
    headers: { cookie, 'content-type': 'application/json', 'idempotency-key': key },
    body: JSON.stringify(proposalInput({ priceKopecks: 150_000_00 + Math.round(Math.random() * 50_000_00) })),
  })
  const json = (await res.json()) as { data?: { id: string }; error?: { message: string } }
  return { status: res.status, id: json.data?.id, error: json.error?.message, ms: performance.now() - started }
}

// ---- set-up: a customer with open requests, vendors with a matching published offer -------------
const setupStarted = performance.now()
const customerOrg = await createTestBuyer(db, { name: 'Агрохолдинг', slug: 'bench-customer' })
await createMember(db, customerOrg.id, 'owner', 'Заказчик')
const requests: { id: string; number: string }[] = []
for (let i = 0; i < REQUESTS; i++) {
  requests.push(await insertOpenRequest(db, customerOrg, { title: `Обработка поля ${i + 1}` }))
}
const vendors: { cookie: string }[] = []
for (let i = 0; i < VENDORS; i++) {
  const org = await createTestVendor(db, { name: `Исполнитель ${i + 1}`, slug: `bench-vendor-${i + 1}` })
  await insertMatchingOffer(db, org, { nationwide: i % 2 === 0 })
  vendors.push({ cookie: (await createMember(db, org.id, 'owner', `Пилот ${i + 1}`)).cookie })
}
console.log(`set-up: ${REQUESTS} requests, ${VENDORS} vendors, ${ms(performance.now() - setupStarted)} ms`)

function report(title: string, times: number[], failures: string[], seconds: number) {
  console.log(`\n## ${title}`)
  console.log('| proposals | failed | proposals/s | p50 ms | p95 ms | p99 ms | max ms |')
  console.log('| ---: | ---: | ---: | ---: | ---: | ---: | ---: |')
  console.log(
    `| ${times.length} | ${failures.length} | ${(times.length / seconds).toFixed(1)} | ${ms(percentile(times, 50))} | ` +
      `${ms(percentile(times, 95))} | ${ms(percentile(times, 99))} | ${ms(Math.max(...times))} |`,
  )
  if (failures.length) console.log(`failures: ${[...new Set(failures)].join('; ')}`)
}

// ---- 1. many vendors, many requests ---------------------------------------------------------------
const spreadMs: number[] = []
const spreadFailures: string[] = []
let started = performance.now()
await Promise.all(
  vendors.map(async (vendor, v) => {
    for (let r = 0; r < REQUESTS; r++) {
      // Each vendor walks the requests from its own starting point, as real traffic would.
      const request = requests[(v + r) % REQUESTS]!
      const res = await submit(request.number, vendor.cookie, crypto.randomUUID())
      if (res.status === 201) spreadMs.push(res.ms)
      else spreadFailures.push(`${res.status} ${res.error}`)
    }
  }),
)
report(
  `${VENDORS} vendors at once, ${REQUESTS} requests each, PostgreSQL`,
  spreadMs,
  spreadFailures,
  (performance.now() - started) / 1000,
)

// ---- 2. the hot request: everyone at the same moment, each sending twice with one key -----------
const hot = await insertOpenRequest(db, customerOrg, {
  title: 'Срочная обработка',
  proposalsDeadline: daysFromToday(1),
})
const hotMs: number[] = []
const hotFailures: string[] = []
const ids = new Map<number, Set<string>>()
started = performance.now()
await Promise.all(
  vendors.map(async (vendor, v) => {
    const key = crypto.randomUUID()
    const answers = await Promise.all([submit(hot.number, vendor.cookie, key), submit(hot.number, vendor.cookie, key)])
    for (const res of answers) {
      if (res.status === 201) {
        hotMs.push(res.ms)
        ids.set(v, (ids.get(v) ?? new Set()).add(res.id!))
      } else hotFailures.push(`${res.status} ${res.error}`)
    }
  }),
)
report(
  `${VENDORS} vendors on one request at the same moment (each sending twice with one key), PostgreSQL`,
  hotMs,
  hotFailures,
  (performance.now() - started) / 1000,
)
const sameAnswer = [...ids.values()].every((set) => set.size === 1)

// ---- checks -------------------------------------------------------------------------------------
const rows = (await db.execute(sql`
  select r.number, r.proposal_count::int as count, count(p.id)::int as proposals,
         count(distinct p.organization_id)::int as vendors
  from service_requests r left join service_proposals p on p.request_id = r.id
  group by r.number, r.proposal_count`)) as unknown as { rows: { count: number; proposals: number; vendors: number }[] }
const consistent = rows.rows.every((r) => r.count === r.proposals && r.proposals === r.vendors && r.vendors === VENDORS)
console.log(
  `\nchecks: ${rows.rows.length} requests, each with ${VENDORS} proposals, one per vendor, proposal_count matching: ` +
    `${consistent ? 'yes' : 'NO'}; a repeated submission with the same key answered the same proposal: ${sameAnswer ? 'yes' : 'NO'}`,
)

await app.close()
await database.close()
await dropScratchDatabase(SCRATCH_DB)
if (!consistent || !sameAnswer || spreadFailures.length || hotFailures.length) process.exit(1)
