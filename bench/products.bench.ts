/**
 * `npm run bench:products`: the seller cabinet and the vendor feed for a vendor with 5 000
 * products, on PostgreSQL (when BENCH_DATABASE_URL or DATABASE_URL is set) and on the embedded
 * PGlite: (a) the cabinet's list, first page of each tab with and without a search, through the
 * products service with a signed-in vendor's context; (b) from `moderation.approve` until another
 * instance's catalogue listing (its own services, its own in-memory index) shows the product;
 * (c) writing the vendor's YML feed, answering a poll that has it already, and the CSV export.
 *
 * Env: BENCH_PRODUCTS (default 5000), BENCH_ROUNDS (list rounds, default 20), BENCH_APPROVALS
 * (default 20), BENCH_FEED_ROUNDS (default 5), BENCH_BACKENDS (default "postgres,pglite" with a
 * database URL, "pglite" without), BENCH_DATABASE_URL / DATABASE_URL (an existing PostgreSQL
 * database to connect to for creating the scratch `bench_products` next to it, which is dropped
 * after).
 */
import { availableParallelism, loadavg } from 'node:os'
import { fileURLToPath } from 'node:url'
import { createScratchDatabase, dropScratchDatabase } from './scratch-database.ts'
import { envNumber } from './setup.ts'

process.env.NODE_ENV = 'production'
process.env.LOG_LEVEL = 'silent'
process.chdir(fileURLToPath(new URL('..', import.meta.url)))

const PRODUCTS = Math.round(envNumber('BENCH_PRODUCTS', 5000))
const ROUNDS = Math.round(envNumber('BENCH_ROUNDS', 20))
const APPROVALS = Math.round(envNumber('BENCH_APPROVALS', 20))
const FEED_ROUNDS = Math.round(envNumber('BENCH_FEED_ROUNDS', 5))
const BACKENDS = (process.env.BENCH_BACKENDS ?? 'postgres,pglite').split(',').map((s) => s.trim())
const SCRATCH_DB = 'bench_products'
const VENDOR_EMAIL = 'vendor@example.com'
const STAFF_EMAIL = 'staff@example.com'

setTimeout(() => {
  console.error('bench:products did not finish within 15 minutes, giving up')
  process.exit(2)
}, 15 * 60_000).unref()

const { eq, inArray, sql } = await import('drizzle-orm')
const { loadConfig } = await import('../server/config.ts')
const { openDatabase } = await import('../server/db/client.ts')
const { createServices } = await import('../server/services.ts')
const { ctxForUser, systemCtx, withDb } = await import('../server/context.ts')
const { seedDemo } = await import('../server/seed/seed.ts')
const { createFileStorage } = await import('../server/modules/files/files.storage.ts')
const { users } = await import('../server/modules/identity/identity.table.ts')
const { productDrafts, productDraftEvents } = await import('../server/modules/products/products.table.ts')
const { toPublishedVersion } = await import('../server/modules/products/products.view.ts')
const { completeDraft } = await import('../server/modules/products/products.testing.ts')
const { feedLinks } = await import('../server/modules/catalog/feeds/links.ts')
const { parseListingQuery } = await import('../common/catalog/listing.ts')
const { CATALOG_ROOT_SLUG } = await import('../common/spheres.ts')
const { PRODUCT_TABS } = await import('../common/products.ts')
type Database = Awaited<ReturnType<typeof openDatabase>>
type Services = ReturnType<typeof createServices>

console.log(`# bench:products — ${new Date().toISOString()}`)
console.log(
  `node ${process.version}, ${availableParallelism()} CPUs, load average ${loadavg()[0]!.toFixed(2)}, ` +
    `${PRODUCTS.toLocaleString('en')} products of one vendor, ${ROUNDS} list rounds, ${APPROVALS} approvals`,
)

async function openBackend(kind: string): Promise<Database | null> {
  if (kind === 'pglite') return openDatabase({ pgliteDir: 'memory://' })
  const url = await createScratchDatabase(SCRATCH_DB)
  return url ? openDatabase({ url, pgliteDir: '' }) : null
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!
const ms = (n: number) => n.toFixed(1)
const stats = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b)
  return { p50: percentile(sorted, 50), p95: percentile(sorted, 95), max: sorted.at(-1)! }
}
const row = (name: string, values: number[]) => {
  const s = stats(values)
  console.log(`| ${name} | ${values.length} | ${ms(s.p50)} | ${ms(s.p95)} | ${ms(s.max)} |`)
}
async function timed<T>(run: () => Promise<T>): Promise<[number, T]> {
  const start = performance.now()
  const value = await run()
  return [performance.now() - start, value]
}

// Words of the generated titles, so searches find a few dozen to a few hundred products.
const KINDS = ['Квадрокоптер', 'Агродрон', 'Гексакоптер', 'Октокоптер', 'Дрон-картограф']
const BRANDS = ['Аэроскан', 'Геоскан', 'Скайтех', 'Агродрон', 'Ирбис', 'Меридиан', 'Кречет']
const MODELS = ['Сокол', 'Беркут', 'Сапсан', 'Орлан', 'Стриж', 'Кондор', 'Ястреб', 'Филин', 'Чеглок', 'Лунь', 'Дербник']
const SEARCHES = ['сокол', 'BN-012', 'агро', 'Ирбис Филин', 'тепло', 'BN-04']

/**
 * The vendor's products as the cabinet writes them: complete drafts (the form's fields, sanitized
 * description), each with its creation in the history; most approved and put on sale through the
 * catalogue's `publishVersion` as moderation does, some with staff, the rest drafts.
 */
async function fill(database: Database, services: Services, vendorUserId: string, organizationId: string) {
  const db = database.db
  const published = Math.round(PRODUCTS * 0.9)
  const withStaff = Math.round(PRODUCTS * 0.05)
  const now = Date.now()
  for (let from = 0; from < PRODUCTS; from += 500) {
    const chunk = Array.from({ length: Math.min(500, PRODUCTS - from) }, (_, k) => {
      const i = from + k
      const base = completeDraft()
      const status =
        i < published ? 'approved' : i < published + withStaff ? 'moderation' : i % 2 ? 'needFixes' : 'draft'
      const updatedAt = new Date(now - ((i * 7919) % 200) * 86_400_000 - i * 1000)
      return {
        ...base,
        organizationId,
        createdByUserId: vendorUserId,
        sku: `BN-${String(i).padStart(5, '0')}`,
        title: `${KINDS[i % KINDS.length]} ${BRANDS[i % BRANDS.length]} ${MODELS[i % MODELS.length]} ${i}`,
        brand: BRANDS[i % BRANDS.length]!,
        model: `${MODELS[i % MODELS.length]} ${i}`,
        priceKopecks: 50_000_00 + ((i * 7919) % 5_000) * 1_000_00,
        description: `${base.description}<p>${i % 3 ? 'С тепловизором' : 'Для съёмки'}, комплект № ${i}.</p>`,
        specs: { ...base.specs, flight_time: 20 + (i % 40) },
        status: status as 'approved' | 'moderation' | 'needFixes' | 'draft',
        published: status === 'approved',
        staffComment: status === 'needFixes' ? 'Добавьте фото' : null,
        submittedAt: status === 'moderation' ? updatedAt : null,
        images: [{ src: `catalog/${i % 2 ? 'multirotor' : 'agro'}-${i % 5}.jpg`, alt: '' }],
        createdAt: updatedAt,
        updatedAt,
      }
    }) as (typeof productDrafts.$inferInsert)[]
    await db.transaction(async (tx) => {
      const rows = await tx.insert(productDrafts).values(chunk).returning()
      await tx.insert(productDraftEvents).values(
        rows.map((r) => ({
          productId: r.id,
          event: 'create',
          fromStatus: null,
          toStatus: 'draft' as const,
          byUserId: vendorUserId,
        })),
      )
      const ctx = withDb(systemCtx(tx, { requestId: 'bench:products' }), tx)
      for (const r of rows) if (r.published) await services.catalog.publishVersion(ctx, toPublishedVersion(r))
    })
  }
  await db.execute(sql`vacuum analyze`)
}

let failed = false
for (const kind of BACKENDS) {
  const database = await openBackend(kind)
  if (!database) continue
  console.log(`\n## ${kind === 'postgres' ? 'PostgreSQL' : 'PGlite (embedded)'}`)
  const config = loadConfig({
    ...process.env,
    NODE_ENV: 'production',
    LOG_LEVEL: 'silent',
    PGLITE_DIR: 'memory://',
    DATABASE_URL: undefined,
    REDIS_URL: undefined,
    SEED_DEMO: 'false',
    MAIL_DIR: '',
    RATE_LIMIT_SCALE: '100',
  })
  const log = () => {}
  // Two app instances over one database, each with its own services and listing index.
  const first = createServices({ config, database, log })
  const second = createServices({ config, database, log })
  try {
    const db = database.db
    const started = performance.now()
    await database.migrate()
    await seedDemo(db, createFileStorage(config))
    const people = await db
      .select()
      .from(users)
      .where(inArray(users.email, [VENDOR_EMAIL, STAFF_EMAIL]))
    const vendorUser = people.find((p) => p.email === VENDOR_EMAIL)!
    const staffUser = people.find((p) => p.email === STAFF_EMAIL)!
    const vendorCtx = await ctxForUser(db, vendorUser.id, { requestId: 'bench:vendor' })
    const staffCtx = await ctxForUser(db, staffUser.id, { requestId: 'bench:staff' })
    const organizationId = vendorCtx.organization!.id
    await fill(database, first, vendorUser.id, organizationId)
    const counts = (await first.products.list(vendorCtx, {})).counts
    console.log(
      `filled in ${((performance.now() - started) / 1000).toFixed(1)} s: the vendor has ` +
        `${counts.published} published, ${counts.moderation} with staff, ${counts['non-published']} other products`,
    )
    const publicCtx = systemCtx(db, { requestId: 'bench:public' })
    await first.catalog.warmUp(db)
    await second.catalog.warmUp(db)

    // (a) The cabinet's list: the first page of every tab, with and without a search.
    const lists = new Map<string, number[]>()
    for (let round = -1; round < ROUNDS; round++) {
      for (const tab of PRODUCT_TABS) {
        for (const q of [undefined, SEARCHES[Math.max(0, round) % SEARCHES.length]]) {
          const [elapsed] = await timed(() => first.products.list(vendorCtx, { tab, q }))
          const name = `${tab}${q ? ', search' : ''}`
          if (round >= 0) lists.set(name, [...(lists.get(name) ?? []), elapsed])
        }
      }
    }
    console.log(
      '\n(a) cabinet list, first page\n\n| tab | n | p50 ms | p95 ms | max ms |\n| --- | -: | -----: | -----: | -----: |',
    )
    for (const [name, values] of lists) row(name, values)
    const allLists = [...lists.values()].flat()
    row('**all**', allLists)
    const listP95 = stats(allLists).p95
    console.log(`p95 ${ms(listP95)} ms (target on PostgreSQL ≤ 50 ms: ${listP95 <= 50 ? 'met' : 'MISSED'})`)

    // (b) Approve, then poll the other instance's listing of the vendor, searched by the product's
    // title, until it shows: the other index has to take the new revision and the new words.
    const vendorSlug = (await first.products.exports.describeExports(vendorCtx)).vendorSlug!
    const waiting = await db
      .select({ id: productDrafts.id, title: productDrafts.title })
      .from(productDrafts)
      // Generated ones never on sale: each approval adds a product the other index has not seen.
      .where(
        sql`${productDrafts.organizationId} = ${organizationId} and ${productDrafts.status} = 'moderation'
          and not ${productDrafts.published} and ${productDrafts.sku} like 'BN-%'`,
      )
      .limit(APPROVALS)
    const approveMs: number[] = []
    const visibleMs: number[] = []
    const polls: number[] = []
    for (const { id, title } of waiting) {
      const { query } = parseListingQuery(new URLSearchParams({ q: title }))
      const start = performance.now()
      await first.products.moderation.approve(staffCtx, id)
      approveMs.push(performance.now() - start)
      for (let attempt = 1; ; attempt++) {
        const listing = await second.catalog.listProducts(publicCtx, query, {
          categorySlug: CATALOG_ROOT_SLUG,
          vendorSlug,
        })
        if (listing.items.some((item) => item.id === id)) {
          visibleMs.push(performance.now() - start)
          polls.push(attempt)
          break
        }
        if (performance.now() - start > 10_000) {
          const seen = listing.items.slice(0, 3).map((item) => item.title)
          throw new Error(`«${title}» not listed 10 s after approval: ${listing.total} found, first ${seen.join('; ')}`)
        }
      }
    }
    console.log(
      '\n(b) approve → listed by another instance\n\n| step | n | p50 ms | p95 ms | max ms |\n| --- | -: | -----: | -----: | -----: |',
    )
    row('`moderation.approve`', approveMs)
    row('approve → listed', visibleMs)
    const visibleP95 = stats(visibleMs).p95
    console.log(
      `listings needed: ${Math.max(...polls)} at most; p95 ${ms(visibleP95)} ms ` +
        `(target ≤ 1000 ms: ${visibleP95 <= 1000 ? 'met' : 'MISSED'})`,
    )

    // (c) The vendor's YML feed, a poll that has it, and the cabinet's CSV.
    const links = feedLinks({ publicUrl: config.publicUrl, cdnUrl: config.CDN_URL })
    const feedMs: number[] = []
    const pollMs: number[] = []
    const csvMs: number[] = []
    let bytes = 0
    let offers = 0
    for (let round = -1; round < FEED_ROUNDS; round++) {
      const [elapsed] = await timed(async () => {
        const feed = await first.catalog.describeVendorFeed(publicCtx, vendorSlug, links)
        bytes = 0
        offers = feed.productCount
        for await (const part of first.catalog.writeVendorFeed(publicCtx, feed, links)) bytes += Buffer.byteLength(part)
      })
      const [poll] = await timed(() => first.catalog.describeVendorFeed(publicCtx, vendorSlug, links))
      const [csv] = await timed(() => first.products.exports.exportCsv(vendorCtx, { scope: 'all' }))
      if (round >= 0) {
        feedMs.push(elapsed)
        pollMs.push(poll)
        csvMs.push(csv)
      }
    }
    console.log(
      `\n(c) feed of ${offers.toLocaleString('en')} offers, ${(bytes / 1e6).toFixed(1)} MB\n\n` +
        '| what | n | p50 ms | p95 ms | max ms |\n| --- | -: | -----: | -----: | -----: |',
    )
    row('YML feed, written in full', feedMs)
    row('feed version only (a 304)', pollMs)
    row(`CSV export, all ${PRODUCTS.toLocaleString('en')}`, csvMs)
    const [checks] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(productDrafts)
      .where(eq(productDrafts.organizationId, organizationId))
    if (checks!.n < PRODUCTS) throw new Error(`expected at least ${PRODUCTS} products, found ${checks!.n}`)
  } catch (err) {
    failed = true
    console.error(err)
  } finally {
    await first.close()
    await second.close()
    await database.close()
    if (kind === 'postgres') await dropScratchDatabase(SCRATCH_DB)
  }
}
process.exit(failed ? 1 : 0)
