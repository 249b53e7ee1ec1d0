/**
 * `npm run bench:catalog`: catalogue listing, facets and search over 100 000 products, on
 * PostgreSQL and on the embedded PGlite; plus the catalogue page's SSR throughput against the same
 * HTML served static, and the first-load JS of the catalogue and product pages.
 *
 * Env: BENCH_PRODUCTS (default 100000), BENCH_ROUNDS (rounds over the request mix, default 100:
 * a class's p95 is then its fifth-slowest request, where over 20 it was its second-slowest),
 * BENCH_BACKENDS (default "postgres,pglite"), BENCH_DATABASE_URL (an existing PostgreSQL database
 * to connect to for creating the scratch one; default postgres://postgres@127.0.0.1:5432/test),
 * BENCH_DURATION (s per SSR load test, default 8), BENCH_CONNECTIONS (default 10), BENCH_KEEP=1
 * (keep the filled PostgreSQL database after the run, and measure a kept one again without filling).
 * Only 127.0.0.1 is ever loaded.
 */
import http from 'node:http'
import { availableParallelism, loadavg } from 'node:os'
import { fileURLToPath } from 'node:url'
import type { Result } from 'autocannon'
import { measureFirstLoadJs, printFirstLoadJs } from './first-load.ts'
import { postgresCpuMs } from './postgres-cpu.ts'
import { createScratchDatabase, dropScratchDatabase, keptScratchDatabase } from './scratch-database.ts'
import { BROWSER_HEADERS, ensureServerBuild, envNumber } from './setup.ts'
import { buildRequestMix, type BenchRequest } from './catalog-requests.ts'

process.env.NODE_ENV = 'production'
process.env.LOG_LEVEL = 'silent'
process.chdir(fileURLToPath(new URL('..', import.meta.url)))

const PRODUCTS = Math.round(envNumber('BENCH_PRODUCTS', 100_000))
const ROUNDS = Math.round(envNumber('BENCH_ROUNDS', 100))
const DURATION = envNumber('BENCH_DURATION', 8)
const CONNECTIONS = Math.round(envNumber('BENCH_CONNECTIONS', 10))
const BACKENDS = (process.env.BENCH_BACKENDS ?? 'postgres,pglite').split(',').map((s) => s.trim())
// One scratch database per size, so a kept million is not dropped by a run at the default size.
const SCRATCH_DB = PRODUCTS === 100_000 ? 'bench_catalog' : `bench_catalog_${PRODUCTS}`
const KEEP = process.env.BENCH_KEEP === '1'
const HEADERS = BROWSER_HEADERS

ensureServerBuild()

// Filling a million products takes a quarter of an hour on its own: the limit grows with the fill.
const LIMIT_MINUTES = Math.max(30, Math.ceil(PRODUCTS / 10_000))
setTimeout(() => {
  console.error(`bench:catalog did not finish within ${LIMIT_MINUTES} minutes, giving up`)
  process.exit(2)
}, LIMIT_MINUTES * 60_000).unref()

const { default: autocannon } = await import('autocannon')
const { sql } = await import('drizzle-orm')
const { buildApp } = await import('../server/app.ts')
const { loadConfig } = await import('../server/config.ts')
const { openDatabase } = await import('../server/db/client.ts')
const { seedDemo } = await import('../server/seed/seed.ts')
const { createFileStorage } = await import('../server/modules/files/files.storage.ts')
const { generateBulkProducts, insertBulkProducts } = await import('../server/seed/catalog/bulk.ts')
const { rebuildSearchWords } = await import('../server/modules/catalog/search/search-words.ts')
const { queryRows } = await import('../server/modules/catalog/catalog.listing.ts')
const { loadServerBuild } = await import('../server/plugins/react-router.ts')
type Database = Awaited<ReturnType<typeof openDatabase>>

const build = await loadServerBuild()
console.log(`# bench:catalog — ${new Date().toISOString()}`)
console.log(
  `node ${process.version}, ${availableParallelism()} CPUs, build ${build.assets.version}, ` +
    `${PRODUCTS.toLocaleString('en')} products, ${ROUNDS} rounds`,
)

/** The database to measure, and whether it is already filled (kept from an earlier run). */
async function openBackend(kind: string): Promise<{ database: Database; filled: boolean } | null> {
  if (kind === 'pglite') return { database: await openDatabase({ pgliteDir: 'memory://' }), filled: false }
  const kept = KEEP ? await keptScratchDatabase(SCRATCH_DB) : null
  const url = kept ?? (await createScratchDatabase(SCRATCH_DB))
  return url ? { database: await openDatabase({ url, pgliteDir: '' }), filled: kept !== null } : null
}

/** Migrate, seed the demo data (vendors and 300+ products), then fill up to PRODUCTS. */
async function fill(database: Database): Promise<void> {
  const started = performance.now()
  await database.migrate()
  await seedDemo(database.db, createFileStorage(loadConfig()))
  const rows = await queryRows<{ count: number }>(database.db, sql`select count(*)::int as count from catalog_products`)
  const existing = Number(rows[0]?.count ?? 0)
  const vendors = await queryRows<{ id: string }>(
    database.db,
    sql`select distinct vendor_organization_id as id from catalog_products`,
  )
  const vendorIds = vendors.map((r) => r.id)
  await insertBulkProducts(database.db, generateBulkProducts(Math.max(0, PRODUCTS - existing), vendorIds), 1000)
  await rebuildSearchWords(database.db)
  // Vacuumed now rather than by autovacuum in the middle of the measurement; in full, because
  // giving every product its model rewrote every row, and the index's load reads the table.
  await database.db.execute(sql`vacuum (full, analyze)`)
  const total = await queryRows<{ count: number; published: number; models: number }>(
    database.db,
    sql`select count(*)::int as count, count(*) filter (where status = 'published')::int as published,
          count(distinct model_id)::int as models from catalog_products`,
  )
  const t = total[0]!
  console.log(
    `seeded ${t.count.toLocaleString('en')} products (${t.published.toLocaleString('en')} published) ` +
      `of ${t.models.toLocaleString('en')} models in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  )
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!
const ms = (n: number) => n.toFixed(1)

/**
 * One GET over a kept-alive connection, read to the end: its status. Plain node:http, because
 * `fetch` (undici) spends 3–5 ms of this same thread per request on its streams on this machine,
 * which the timing would count as the server's.
 */
function get(agent: http.Agent, url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { agent, headers: { accept: 'application/json' } }, (res) => {
      res.on('data', () => {})
      res.on('end', () => resolve(res.statusCode ?? 0))
      res.on('error', reject)
    })
    request.on('error', reject)
  })
}

async function timeRequests(origin: string, mix: BenchRequest[]): Promise<{ p95: number }> {
  const samples = new Map<string, number[]>(mix.map((r) => [r.name, []]))
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 })
  // One warm-up round (plans, caches), then the measured rounds; each round rotates the terms.
  for (let round = -1; round < ROUNDS; round++) {
    for (const request of mix) {
      const path = request.path(Math.max(0, round))
      const start = performance.now()
      const status = await get(agent, origin + path)
      const elapsed = performance.now() - start
      if (status !== 200) throw new Error(`GET ${path} answered ${status}`)
      if (round >= 0) samples.get(request.name)!.push(elapsed)
    }
  }
  agent.destroy()
  console.log('\n| request | p50 ms | p95 ms | max ms |')
  console.log('| ------- | -----: | -----: | -----: |')
  const all: number[] = []
  for (const [name, values] of samples) {
    values.sort((a, b) => a - b)
    all.push(...values)
    console.log(`| ${name} | ${ms(percentile(values, 50))} | ${ms(percentile(values, 95))} | ${ms(values.at(-1)!)} |`)
  }
  all.sort((a, b) => a - b)
  const p95 = percentile(all, 95)
  console.log(
    `| **all ${all.length} requests** | **${ms(percentile(all, 50))}** | **${ms(p95)}** | **${ms(all.at(-1)!)}** |`,
  )
  return { p95 }
}

/**
 * CPU per request of each class, the server's and PostgreSQL's: the class's requests back to back
 * in runs of ten (ROUNDS of them in all, the terms rotating as in the timed rounds, after the timed
 * rounds warmed every key), so that the CPU used over a run is that class's. The server thread also runs this
 * client, whose share (node:http, a few tens of microseconds a request) is in every class alike.
 * PostgreSQL's CPU comes from /proc, at a tick's resolution (10 ms) over the whole batch.
 */
async function cpuPerClass(origin: string, mix: BenchRequest[], postgres: boolean): Promise<void> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 })
  const list = mix.find((r) => r.name === 'root, popular')
  const rows = mix.map((request) => ({ name: request.name, server: 0, database: postgres ? 0 : null }))
  // The classes take turns, ten requests at a time: this machine's speed drifts over a minute,
  // and one class after another would charge the drift to the classes measured last.
  const CHUNK = 10
  for (let from = 0; from < ROUNDS; from += CHUNK) {
    for (const [k, request] of mix.entries()) {
      const row = rows[k]!
      // Reading /proc costs this thread too: it is done outside the thread's measured span.
      const dbBefore = postgres ? postgresCpuMs() : null
      const cpuBefore = process.threadCpuUsage()
      for (let round = from; round < Math.min(ROUNDS, from + CHUNK); round++) {
        const status = await get(agent, origin + request.path(round))
        if (status !== 200) throw new Error(`GET ${request.path(round)} answered ${status}`)
      }
      const used = process.threadCpuUsage(cpuBefore)
      row.server += (used.user + used.system) / 1000 / ROUNDS
      const dbAfter = dbBefore === null ? null : postgresCpuMs()
      if (row.database !== null) row.database += ((dbAfter ?? 0) - (dbBefore ?? 0)) / ROUNDS
    }
  }
  agent.destroy()
  const base = rows.find((row) => row.name === list?.name)
  const total = (row: (typeof rows)[number]) => row.server + (row.database ?? 0)
  console.log('\n| request | server CPU ms | PostgreSQL CPU ms | together | against «root, popular» |')
  console.log('| ------- | ------------: | ----------------: | -------: | ----------------------: |')
  for (const row of rows) {
    const ratio = base ? `${(total(row) / total(base)).toFixed(2)}×` : '—'
    console.log(
      `| ${row.name} | ${row.server.toFixed(2)} | ${row.database === null ? '—' : row.database.toFixed(2)} | ${total(row).toFixed(2)} | ${ratio} |`,
    )
  }
}

/**
 * How long an instance takes to catch up on changes (issue 34 point 5): `n` published products
 * are written (an update that stamps them with a new catalogue revision, as any change does),
 * then the instance is asked for its index as a request asks for it: it reads the revision and
 * loads the changed rows before answering, so its time is the catch-up, the revision's
 * statement included. Every instance does the same on its next request.
 */
async function catchUpTimes(
  database: Database,
  catalog: { warmUp(db: Database['db']): Promise<unknown> },
): Promise<void> {
  console.log('\n| products changed | catch-up ms | nothing changed ms |')
  console.log('| ---------------: | ----------: | -----------------: |')
  const timed = async () => {
    const start = performance.now()
    await catalog.warmUp(database.db)
    return performance.now() - start
  }
  for (const n of [1, 10, 100, 1000, 5000]) {
    const rows = await queryRows<{ count: number }>(
      database.db,
      sql`with changed as (
            update catalog_products set popularity = popularity
            where id in (select id from catalog_products where status = 'published' order by id desc limit ${n})
            returning 1)
          select count(*)::int as count from changed`,
    )
    if (rows[0]?.count !== n) throw new Error(`changed ${rows[0]?.count} products, not ${n}`)
    const changed = await timed()
    console.log(`| ${n} | ${ms(changed)} | ${ms(await timed())} |`)
  }
}

async function ssrRatio(origin: string, path: string, staticPath: string): Promise<void> {
  const load = (url: string, duration: number): Promise<Result> =>
    autocannon({ url: origin + url, connections: CONNECTIONS, duration, workers: 1, timeout: 10, headers: HEADERS })
  const results: Result[] = []
  for (const url of [path, staticPath]) {
    await load(url, 2)
    const r = await load(url, DURATION)
    if (r.errors + r.timeouts + r.non2xx > 0) throw new Error(`${url}: ${r.errors} errors, ${r.non2xx} non-2xx`)
    results.push(r)
  }
  const [ssr, stat] = results as [Result, Result]
  console.log(`\nCatalogue page SSR (${path}) vs the same HTML static, ${CONNECTIONS} connections, ${DURATION} s each:`)
  console.log('| route | req/s | p50 ms | p99 ms |')
  console.log('| ----- | ----: | -----: | -----: |')
  console.log(`| SSR | ${ssr.requests.average.toFixed(0)} | ${ssr.latency.p50} | ${ssr.latency.p99} |`)
  console.log(`| static | ${stat.requests.average.toFixed(0)} | ${stat.latency.p50} | ${stat.latency.p99} |`)
  console.log(
    `SSR/static throughput: ${(ssr.requests.average / stat.requests.average).toFixed(3)}x; load avg ${loadavg()[0]!.toFixed(2)}`,
  )
}

let failed = false
let measuredPages = false
for (const kind of BACKENDS) {
  const opened = await openBackend(kind)
  if (!opened) continue
  const { database } = opened
  console.log(`\n## ${kind === 'postgres' ? 'PostgreSQL' : 'PGlite (embedded)'}`)
  const config = loadConfig({
    ...process.env,
    NODE_ENV: 'production',
    LOG_LEVEL: 'silent',
    HOST: '127.0.0.1',
    PORT: '0',
    PGLITE_DIR: 'memory://',
    DATABASE_URL: undefined,
    REDIS_URL: undefined,
    SEED_DEMO: 'false',
    RATE_LIMIT_SCALE: '100',
  })
  try {
    if (opened.filled) console.log(`measuring the kept database ${SCRATCH_DB} as it is (BENCH_KEEP=1)`)
    else await fill(database)
    const catalogPath = '/catalog/bespilotniki'
    // Routes can only be added before ready(): render the page once on a throwaway instance.
    const renderer = await buildApp({ config, database, pages: { kind: 'build', build } })
    // The listing index, built as server/main.ts builds it before listening.
    globalThis.gc?.()
    const before = process.memoryUsage()
    const indexStarted = performance.now()
    const index = await renderer.services.catalog.warmUp(database.db)
    const indexMs = performance.now() - indexStarted
    globalThis.gc?.()
    const after = process.memoryUsage()
    const mb = (bytes: number) => (bytes / 1e6).toFixed(0)
    console.log(
      `listing index of ${index.products.toLocaleString('en')} products built in ${(indexMs / 1000).toFixed(1)} s: ` +
        `${mb(index.arrayBytes)} MB of typed arrays, +${mb(after.heapUsed - before.heapUsed)} MB JS heap` +
        (globalThis.gc ? '' : ' (run with --expose-gc for a steady heap figure)'),
    )

    const page = await renderer.inject({ method: 'GET', url: catalogPath, headers: HEADERS })
    await renderer.close()
    if (page.statusCode !== 200) throw new Error(`GET ${catalogPath} answered ${page.statusCode}`)
    const staticPath = '/__bench/static-catalog'
    const app = await buildApp({ config, database, pages: { kind: 'build', build } })
    app.get(staticPath, async (_req, reply) => reply.type('text/html; charset=utf-8').send(page.body))
    await app.services.catalog.warmUp(database.db)
    await app.listen({ host: '127.0.0.1', port: 0 })
    const origin = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`
    try {
      const mix = await buildRequestMix(database.db)
      const { p95 } = await timeRequests(origin, mix)
      const target = 30
      console.log(
        `\np95 over the mix: ${ms(p95)} ms (target on PostgreSQL ≤ ${target} ms: ${p95 <= target ? 'met' : 'MISSED'})`,
      )
      await cpuPerClass(origin, mix, kind === 'postgres')
      await catchUpTimes(database, app.services.catalog)
      await ssrRatio(origin, catalogPath, staticPath)
      if (!measuredPages) {
        measuredPages = true
        printFirstLoadJs(catalogPath, await measureFirstLoadJs(page.body, origin), { perFile: false })
        const productPath = `/product/${mix[0]!.sampleProductSlug}`
        const product = await fetch(origin + productPath, { headers: HEADERS })
        if (product.status !== 200) throw new Error(`GET ${productPath} answered ${product.status}`)
        printFirstLoadJs('a product page', await measureFirstLoadJs(await product.text(), origin), { perFile: false })
      }
    } finally {
      await app.close()
    }
  } catch (err) {
    failed = true
    console.error(err)
  } finally {
    await database.close()
    if (kind === 'postgres' && !KEEP) await dropScratchDatabase(SCRATCH_DB)
  }
}
process.exit(failed ? 1 : 0)
