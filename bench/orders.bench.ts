/**
 * `npm run bench:orders`: the money path on PostgreSQL, through the REST API over HTTP (the real
 * app, its routes, sessions and services; no page renderer) with keep-alive connections:
 *   1. checkout latency with BENCH_BUYERS (50) buyers at once, each filling its cart with products
 *      of two sellers and checking out BENCH_ROUNDS (5) times;
 *   2. the race for the last BENCH_RACE_STOCK (10) units by BENCH_RACE_BUYERS (100) buyers checking
 *      out at the same moment: exactly that many orders, and the stock ends at 0, never below;
 *   3. what a checkout costs: BENCH_CPU_CHECKOUTS (300) checkouts of carts filled beforehand with
 *      products of two sellers, sent from a worker thread BENCH_CPU_CONCURRENCY (1) at a time: the
 *      server thread's CPU and PostgreSQL's CPU per checkout and per order, and the statements sent;
 *   4. the order list of a seller with BENCH_ORDERS (10 000) orders: first page, a deep page, a
 *      status filter and searches by number and by buyer, BENCH_LIST_ROUNDS (50) each, p95.
 *
 * Env: BENCH_DATABASE_URL / DATABASE_URL (the PostgreSQL server; a scratch `bench_orders` is
 * created beside and dropped after), and the counts above.
 */
import { availableParallelism, loadavg } from 'node:os'
import { fileURLToPath } from 'node:url'
import { Worker } from 'node:worker_threads'
import pg from 'pg'
import { postgresCpuMs } from './postgres-cpu.ts'
import { createScratchDatabase, dropScratchDatabase } from './scratch-database.ts'
import { envNumber } from './setup.ts'

process.env.LOG_LEVEL = 'silent'
process.chdir(fileURLToPath(new URL('..', import.meta.url)))

const BUYERS = Math.round(envNumber('BENCH_BUYERS', 50))
const ROUNDS = Math.round(envNumber('BENCH_ROUNDS', 5))
const RACE_BUYERS = Math.round(envNumber('BENCH_RACE_BUYERS', 100))
const RACE_STOCK = Math.round(envNumber('BENCH_RACE_STOCK', 10))
const ORDERS = Math.round(envNumber('BENCH_ORDERS', 10_000))
const LIST_ROUNDS = Math.round(envNumber('BENCH_LIST_ROUNDS', 50))
const CPU_CHECKOUTS = Math.round(envNumber('BENCH_CPU_CHECKOUTS', 300))
const CPU_CONCURRENCY = Math.round(envNumber('BENCH_CPU_CONCURRENCY', 1))
const SCRATCH_DB = 'bench_orders'

setTimeout(() => {
  console.error('bench:orders did not finish within 15 minutes, giving up')
  process.exit(2)
}, 15 * 60_000).unref()

const { eq, sql } = await import('drizzle-orm')
const { openDatabase } = await import('../server/db/client.ts')
const { buildTestApp } = await import('../server/testing/app.ts')
const { createTestUser } = await import('../server/testing/auth.ts')
const { createTestVendor, giveInvoiceDetails } = await import('../server/modules/organizations/vendors.testing.ts')
const { organizationRoles, organizationMembers } =
  await import('../server/modules/organizations/organizations.table.ts')
const { users } = await import('../server/modules/identity/identity.table.ts')
const { createOffer } = await import('../server/modules/orders/orders.testing.ts')
const { catalogProducts } = await import('../server/modules/catalog/catalog.table.ts')
const { cartItems } = await import('../server/modules/orders/orders.table.ts')

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]! : NaN
}
const ms = (v: number) => v.toFixed(1)

console.log(`# bench:orders — ${new Date().toISOString()}`)
console.log(
  `node ${process.version}, ${availableParallelism()} CPUs, load average ${loadavg()[0]!.toFixed(2)}; ` +
    `${BUYERS} buyers × ${ROUNDS} checkouts, race of ${RACE_BUYERS} for ${RACE_STOCK} units, ` +
    `${ORDERS.toLocaleString('en')} orders of one seller`,
)

const url = await createScratchDatabase(SCRATCH_DB)
if (!url) process.exit(0)
const database = await openDatabase({ url, pgliteDir: '' })
await database.migrate()
const db = database.db
// The limits are the product's; the benchmark measures the path, not the per-user limit.
const app = await buildTestApp(database, { RATE_LIMIT_SCALE: '100', JOB_WORKERS: '0' })
const base = await app.listen({ host: '127.0.0.1', port: 0 })

async function call(method: string, path: string, cookie: string, body?: object) {
  const started = performance.now()
  const res = await fetch(`${base}/api/v1${path}`, {
    method,
    headers: { cookie, ...(body && { 'content-type': 'application/json' }) },
    body: body ? JSON.stringify(body) : undefined,
  })
  const json = (await res.json()) as { data?: unknown; error?: { message: string } }
  return { status: res.status, json, ms: performance.now() - started }
}

let innSeq = 0
async function buyerOrganization(label: string) {
  const org = await createTestVendor(db, {
    name: `${label} ${++innSeq}`,
    slug: `bench-buyer-${innSeq}`,
    vendorStatus: null,
  })
  await db.insert(organizationRoles).values({ organizationId: org.id, type: 'buyer', status: 'confirmed' })
  const user = await createTestUser(db, { name: `Закупщик ${innSeq}` })
  await db.insert(organizationMembers).values({ organizationId: org.id, userId: user.id, role: 'owner' })
  await db.update(users).set({ selectedOrganizationId: org.id }).where(eq(users.id, user.id))
  return { org, cookie: user.cookie }
}

const checkoutBody = (payer: string, total: number) => ({
  checkoutKey: crypto.randomUUID(),
  payerOrganizationId: payer,
  deliveryMethod: 'pickup',
  contactName: 'Закупщик',
  contactPhone: '+79161234567',
  expectedTotalKopecks: total,
})

// ---- set-up: sellers with bank requisites and products ------------------------------------------
const setupStarted = performance.now()
const sellers: { vendor: { id: string }; products: { id: string }[] }[] = []
for (let i = 0; i < 5; i++) {
  const vendor = await createTestVendor(db, { name: `Продавец ${i}`, slug: `bench-seller-${i}` })
  await giveInvoiceDetails(db, vendor.id)
  // An owner, who gets the e-mail of each new order, as a real seller's would.
  const owner = await createTestUser(db, { name: `Владелец ${i}` })
  await db.insert(organizationMembers).values({ organizationId: vendor.id, userId: owner.id, role: 'owner' })
  const products: { id: string }[] = []
  for (let p = 0; p < 4; p++) {
    products.push(
      await createOffer(db, vendor.id, {
        title: `Товар ${i}-${p}`,
        priceKopecks: 100_000_00 + p * 1_000_00,
        stock: null,
      }),
    )
  }
  sellers.push({ vendor, products })
}
const buyers: { org: { id: string }; cookie: string }[] = []
for (let i = 0; i < BUYERS; i++) buyers.push(await buyerOrganization('Покупатель'))
console.log(`set-up: 5 sellers × 4 products, ${BUYERS} buyers, ${ms(performance.now() - setupStarted)} ms`)

// ---- 1. checkout with many buyers at once -------------------------------------------------------
const checkoutMs: number[] = []
const failures: string[] = []
const started = performance.now()
await Promise.all(
  buyers.map(async (buyer, i) => {
    for (let round = 0; round < ROUNDS; round++) {
      const a = sellers[(i + round) % sellers.length]!.products[round % 4]!
      const b = sellers[(i + round + 1) % sellers.length]!.products[(round + 1) % 4]!
      await call('POST', '/cart/items', buyer.cookie, { productId: a.id, quantity: 1 })
      await call('POST', '/cart/items', buyer.cookie, { productId: b.id, quantity: 2 })
      const cart = (await call('GET', '/cart', buyer.cookie)).json.data as { totalKopecks: number }
      const res = await call('POST', '/checkout', buyer.cookie, checkoutBody(buyer.org.id, cart.totalKopecks))
      if (res.status === 201) checkoutMs.push(res.ms)
      else failures.push(`${res.status} ${res.json.error?.message}`)
    }
  }),
)
const elapsed = (performance.now() - started) / 1000
console.log('\n## Checkout, PostgreSQL')
console.log('| buyers at once | checkouts | failed | checkouts/s | p50 ms | p95 ms | p99 ms | max ms |')
console.log('| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |')
console.log(
  `| ${BUYERS} | ${checkoutMs.length} | ${failures.length} | ${(checkoutMs.length / elapsed).toFixed(1)} | ` +
    `${ms(percentile(checkoutMs, 50))} | ${ms(percentile(checkoutMs, 95))} | ${ms(percentile(checkoutMs, 99))} | ${ms(Math.max(...checkoutMs))} |`,
)
if (failures.length) console.log(`failures: ${[...new Set(failures)].join('; ')}`)

// ---- 2. the race for the last units -------------------------------------------------------------
const scarce = await createOffer(db, sellers[0]!.vendor.id, {
  title: 'Последние экземпляры',
  priceKopecks: 50_000_00,
  stock: RACE_STOCK,
})
const racers: { org: { id: string }; cookie: string }[] = []
for (let i = 0; i < RACE_BUYERS; i++) racers.push(await buyerOrganization('Соперник'))
for (const racer of racers) await call('POST', '/cart/items', racer.cookie, { productId: scarce.id, quantity: 1 })
const raceStarted = performance.now()
const results = await Promise.all(
  racers.map((racer) => call('POST', '/checkout', racer.cookie, checkoutBody(racer.org.id, 50_000_00))),
)
const raceMs = performance.now() - raceStarted
const won = results.filter((r) => r.status === 201).length
const lost = results.filter((r) => r.status === 409).length
const [{ stock }] = (await db
  .select({ stock: catalogProducts.stockQuantity })
  .from(catalogProducts)
  .where(eq(catalogProducts.id, scarce.id))) as [{ stock: number }]
console.log('\n## Race for the last units')
console.log('| buyers | units | orders (201) | refused (409) | other | stock after | all answered in ms |')
console.log('| ---: | ---: | ---: | ---: | ---: | ---: | ---: |')
console.log(
  `| ${RACE_BUYERS} | ${RACE_STOCK} | ${won} | ${lost} | ${RACE_BUYERS - won - lost} | ${stock} | ${ms(raceMs)} |`,
)
const raceOk = won === RACE_STOCK && lost === RACE_BUYERS - RACE_STOCK && stock === 0
console.log(raceOk ? 'exactly the stock was sold, nothing below zero' : 'RACE RESULT WRONG')

// ---- 3. what a checkout costs, in CPU ------------------------------------------------------------
// Carts filled straight in the database, then checked out over HTTP from a worker thread: this
// thread runs only the server, so its CPU time over the run is the checkouts' alone.
const payers: { org: { id: string }; cookie: string; user: string }[] = []
for (let i = 0; i < Math.min(CPU_CHECKOUTS, 50); i++) {
  const payer = await buyerOrganization('Плательщик')
  const [member] = await db
    .select({ userId: organizationMembers.userId })
    .from(organizationMembers)
    .where(eq(organizationMembers.organizationId, payer.org.id))
  payers.push({ ...payer, user: member!.userId })
}
type CpuRequest = { payer: (typeof payers)[number]; a: { id: string }; b: { id: string } }
const cpuRequests: CpuRequest[] = []
const cpuRounds = Math.ceil(CPU_CHECKOUTS / payers.length)
for (let round = 0; round < cpuRounds; round++) {
  for (const [i, payer] of payers.entries()) {
    if (cpuRequests.length >= CPU_CHECKOUTS) break
    const a = sellers[(i + round) % sellers.length]!.products[round % 4]!
    const b = sellers[(i + round + 1) % sellers.length]!.products[(round + 1) % 4]!
    cpuRequests.push({ payer, a, b })
  }
}
// Each payer's cart holds one round's two products at a time: filled before its checkout's turn.
const fillCart = async ({ payer, a, b }: CpuRequest) => {
  for (const [product, quantity] of [
    [a, 1],
    [b, 2],
  ] as const) {
    await db.insert(cartItems).values({
      organizationId: payer.org.id,
      productId: product.id,
      quantity,
      priceKopecksAtAdd: null,
      title: 'Товар',
      addedByUserId: payer.user,
    })
  }
}
const priceOf = async (id: string) =>
  (
    (await db
      .select({ price: catalogProducts.priceKopecks })
      .from(catalogProducts)
      .where(eq(catalogProducts.id, id))) as [{ price: number }]
  )[0].price
const cpuResults: { status: number; ms: number }[] = []
let serverCpuMs = 0
let databaseCpuMs: number | null = 0
let statements = 0
const countStatements = pg.Client.prototype.query
for (let from = 0; from < cpuRequests.length; from += payers.length) {
  const batch = cpuRequests.slice(from, from + payers.length)
  for (const request of batch) await fillCart(request)
  const bodies = []
  for (const { payer, a, b } of batch) {
    bodies.push({
      method: 'POST',
      path: '/api/v1/checkout',
      cookie: payer.cookie,
      body: checkoutBody(payer.org.id, (await priceOf(a.id)) + 2 * (await priceOf(b.id))),
    })
  }
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    statements++
    return (countStatements as (...a: unknown[]) => unknown).apply(this, args)
  } as typeof countStatements
  const dbBefore = postgresCpuMs()
  const cpuBefore = process.threadCpuUsage()
  const worker = new Worker(new URL('./http-client-worker.ts', import.meta.url), {
    workerData: { base, requests: bodies, concurrency: CPU_CONCURRENCY },
  })
  const answered = await new Promise<{ status: number; ms: number }[]>((resolve, reject) => {
    worker.once('message', resolve)
    worker.once('error', reject)
  })
  const used = process.threadCpuUsage(cpuBefore)
  const dbAfter = postgresCpuMs()
  pg.Client.prototype.query = countStatements
  await worker.terminate()
  serverCpuMs += (used.user + used.system) / 1000
  databaseCpuMs =
    dbBefore === null || dbAfter === null || databaseCpuMs === null ? null : databaseCpuMs + dbAfter - dbBefore
  cpuResults.push(...answered)
}
const cpuPlaced = cpuResults.filter((r) => r.status === 201).length
console.log(`\n## What a checkout costs (HTTP from a worker thread, ${CPU_CONCURRENCY} at a time)`)
console.log(
  '| checkouts | failed | orders | p50 ms | p95 ms | server CPU ms / checkout | / order | PostgreSQL CPU ms / checkout | / order | statements / checkout |',
)
console.log('| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |')
const perCheckout = (v: number) => (v / Math.max(1, cpuPlaced)).toFixed(2)
const perOrder = (v: number) => (v / Math.max(1, 2 * cpuPlaced)).toFixed(2)
const cpuTimes = cpuResults.map((r) => r.ms)
console.log(
  `| ${cpuPlaced} | ${cpuResults.length - cpuPlaced} | ${2 * cpuPlaced} | ${ms(percentile(cpuTimes, 50))} | ` +
    `${ms(percentile(cpuTimes, 95))} | ${perCheckout(serverCpuMs)} | ${perOrder(serverCpuMs)} | ` +
    `${databaseCpuMs === null ? 'n/a' : perCheckout(databaseCpuMs)} | ${databaseCpuMs === null ? 'n/a' : perOrder(databaseCpuMs)} | ` +
    `${(statements / Math.max(1, cpuResults.length)).toFixed(1)} |`,
)
if (cpuPlaced !== cpuResults.length)
  console.log(`statuses: ${[...new Set(cpuResults.map((r) => r.status))].join(', ')}`)

// ---- 4. the order list of a seller with many orders ---------------------------------------------
const listSeller = sellers[1]!
const sellerUser = await createTestUser(db, { name: 'Менеджер продаж' })
await db
  .insert(organizationMembers)
  .values({ organizationId: listSeller.vendor.id, userId: sellerUser.id, role: 'owner' })
  .onConflictDoNothing()
await db.update(users).set({ selectedOrganizationId: listSeller.vendor.id }).where(eq(users.id, sellerUser.id))
const fillStarted = performance.now()
const from = buyers[0]!.org.id
// Orders written by one statement each (the number, the parties, a status of each kind), then a line each.
await db.execute(sql`
  insert into orders (number, status, buyer_organization_id, seller_organization_id, buyer, seller, checkout_key,
    created_by_user_id, delivery, contact_name, contact_phone, total_kopecks, vat_kopecks, created_at, updated_at)
  select '9001-' || lpad(g::text, 6, '0'),
    (array['created','confirmed','paid','shipped','delivered','completed','cancelled'])[1 + g % 7],
    ${from}, ${listSeller.vendor.id},
    jsonb_build_object('id', ${from}::text, 'name', 'ООО «Покупатель ' || (g % 300) || '»', 'fullName', 'ООО', 'slug', 'b', 'inn', '7700000000', 'kpp', null, 'address', 'Москва'),
    jsonb_build_object('id', ${listSeller.vendor.id}::text, 'name', 'ООО «Продавец»', 'fullName', 'ООО', 'slug', 's', 'inn', '7700000001', 'kpp', null, 'address', 'Москва'),
    gen_random_uuid(), ${sellerUser.id},
    '{"method":"pickup","address":"Москва","carrier":null}'::jsonb, 'Контакт', '+79160000000',
    100000 * (1 + g % 50), 18000 * (1 + g % 50),
    now() - (g || ' minutes')::interval, now() - (g || ' minutes')::interval
  from generate_series(1, ${ORDERS}) g`)
await db.execute(sql`
  insert into order_lines (order_id, position, product_id, slug, title, quantity, price_kopecks, vat_rate, amount_kopecks, vat_kopecks)
  select id, 1, ${listSeller.products[0]!.id}, 'p', 'Товар', 1, total_kopecks, '22', total_kopecks, vat_kopecks
  from orders where seller_organization_id = ${listSeller.vendor.id} and number like '9001-%'`)
await db.execute(sql`analyze orders`)
await db.execute(sql`analyze order_lines`)
console.log(`\nfilled ${ORDERS.toLocaleString('en')} orders of one seller in ${ms(performance.now() - fillStarted)} ms`)

const queries: [string, string][] = [
  ['first page', '/orders?side=sale'],
  ['page 200', '/orders?side=sale&page=200'],
  ['active', '/orders?side=sale&filter=active'],
  ['completed, page 20', '/orders?side=sale&filter=completed&page=20'],
  ['search by number', '/orders?side=sale&q=9001-004242'],
  ['search by buyer', `/orders?side=sale&q=${encodeURIComponent('Покупатель 42')}`],
]
console.log('\n## Order list of a seller with many orders (HTTP, one at a time)')
console.log('| query | total | p50 ms | p95 ms | max ms |')
console.log('| --- | ---: | ---: | ---: | ---: |')
for (const [name, path] of queries) {
  const times: number[] = []
  let total = 0
  for (let i = 0; i < LIST_ROUNDS; i++) {
    const res = await call('GET', path, sellerUser.cookie)
    if (res.status !== 200) throw new Error(`${path}: ${res.status}`)
    total = (res.json as unknown as { meta: { total: number } }).meta.total
    times.push(res.ms)
  }
  console.log(
    `| ${name} | ${total} | ${ms(percentile(times, 50))} | ${ms(percentile(times, 95))} | ${ms(Math.max(...times))} |`,
  )
}

await app.close()
await database.close()
await dropScratchDatabase(SCRATCH_DB)
if (!raceOk || cpuPlaced !== cpuResults.length) process.exit(1)
