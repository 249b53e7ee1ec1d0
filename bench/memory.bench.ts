/**
 * `npm run bench:memory`: the server's resident memory (RSS, from /proc) in production, in a
 * process of its own with the demo data:
 *   1. after start (the catalogue's index built, nothing asked yet), on a database seeded by an
 *      earlier start, as a production server finds it (seeding in the same process would leave
 *      its garbage in the heap);
 *   2. after the warm-up: every kind of page and the catalogue's API, as a guest and signed in as
 *      the demo buyer, BENCH_WARMUP_SECONDS (5) each at 10 connections;
 *   3. after each of BENCH_ROUNDS (5) rounds of BENCH_CONNECTIONS (200) connections for
 *      BENCH_SECONDS (10) s over the same requests, and the peak (VmHWM) so far.
 * Growth from round to round would be a leak; the target is RSS ≤ 350 MB after the warm-up.
 *
 * Env: BENCH_BACKEND = pglite (default: the embedded database in the server's process, as
 * `npm start` runs it) | postgres (a scratch database `bench_memory` on the local server, seeded
 * with the demo data, dropped afterwards), and the counts above.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { availableParallelism, loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import autocannon from 'autocannon'
import { createScratchDatabase, dropScratchDatabase } from './scratch-database.ts'
import { ensureServerBuild, envNumber, startBenchServer } from './setup.ts'
import { signInOverHttp } from './signed-in-pages.ts'

const ROOT = fileURLToPath(new URL('..', import.meta.url))
process.chdir(ROOT)
const BACKEND = process.env.BENCH_BACKEND === 'postgres' ? 'postgres' : 'pglite'
const WARMUP_SECONDS = envNumber('BENCH_WARMUP_SECONDS', 5)
const ROUNDS = Math.round(envNumber('BENCH_ROUNDS', 5))
const CONNECTIONS = Math.round(envNumber('BENCH_CONNECTIONS', 200))
const SECONDS = envNumber('BENCH_SECONDS', 10)
const SCRATCH_DB = 'bench_memory'

ensureServerBuild()
const databaseUrl = BACKEND === 'postgres' ? await createScratchDatabase(SCRATCH_DB) : null
if (BACKEND === 'postgres' && !databaseUrl) process.exit(0)
// The embedded database's directory outlives the seeding start, for the measured one.
const pgliteDir = mkdtempSync(join(tmpdir(), 'bas-memory-db-'))
const database: Record<string, string> = databaseUrl ? { DATABASE_URL: databaseUrl } : { PGLITE_DIR: pgliteDir }
// The limits are the product's; the benchmark measures memory, not the per-client limit.
const seeding = await startBenchServer({
  root: ROOT,
  port: 3292,
  name: 'memory-seed',
  env: { RATE_LIMIT_SCALE: '100', SEED_DEMO: 'true', ...database },
})
await seeding.stop()
const server = await startBenchServer({
  root: ROOT,
  port: 3292,
  name: 'memory',
  env: { RATE_LIMIT_SCALE: '100', SEED_DEMO: 'false', ...database },
})
const { origin, pid } = server

/** Kilobytes of a /proc/<pid>/status line (VmRSS: resident now; VmHWM: the peak so far). */
function statusKb(field: 'VmRSS' | 'VmHWM'): number {
  const line = readFileSync(`/proc/${pid}/status`, 'latin1')
    .split('\n')
    .find((l) => l.startsWith(`${field}:`))
  return Number(/\d+/.exec(line ?? '')?.[0] ?? Number.NaN)
}
const mb = (kb: number) => (kb / 1024).toFixed(0)

async function firstLink(path: string, pattern: RegExp): Promise<string> {
  const found = pattern.exec(await (await fetch(origin + path)).text())?.[0]
  if (!found) throw new Error(`no link matching ${pattern} on ${path}`)
  return found
}

try {
  const cookie = await signInOverHttp(origin, 'buyer')
  const orders = (await (await fetch(`${origin}/api/v1/orders?side=purchase`, { headers: { cookie } })).json()) as {
    data: { number: string }[]
  }
  const guest = [
    '/',
    '/catalog/bespilotniki',
    '/catalog/bespilotniki?q=%D0%BA%D0%B2%D0%B0%D0%B4%D1%80%D0%BE%D0%BA%D0%BE%D0%BF%D1%82%D0%B5%D1%80',
    await firstLink('/catalog/bespilotniki', /\/product\/[a-z0-9-]+/),
    await firstLink('/sellers', /\/sellers\/[a-z0-9-]+/),
    '/services',
    '/media',
    '/api/v1/catalog/products?category=bespilotniki&sort=price_asc',
  ]
  const signedIn = ['/', '/catalog/bespilotniki', '/cart', `/personal-account/order/purchase/${orders.data[0]!.number}`]
  const requests = [
    ...guest.map((path) => ({ path, headers: {} as Record<string, string> })),
    ...signedIn.map((path) => ({ path, headers: { cookie } })),
  ]

  console.log(`# bench:memory — ${new Date().toISOString()}`)
  console.log(
    `node ${process.version}, ${availableParallelism()} CPUs, load average ${loadavg()[0]!.toFixed(2)}; ` +
      `${BACKEND === 'postgres' ? 'PostgreSQL (a scratch database)' : 'PGlite in the server process'}; ` +
      `${requests.length} kinds of request, ${guest.length} as a guest and ${signedIn.length} signed in`,
  )
  const rows: [string, number, number, string][] = [['after start', statusKb('VmRSS'), statusKb('VmHWM'), '']]

  /** Every kind of request at once, `connections` spread over them, for `seconds`. */
  async function load(connections: number, seconds: number): Promise<string> {
    const each = Math.max(1, Math.floor(connections / requests.length))
    const results = await Promise.all(
      requests.map(({ path, headers }) =>
        autocannon({ url: origin + path, connections: each, duration: seconds, workers: 1, timeout: 20, headers }),
      ),
    )
    const total = results.reduce((s, r) => s + r.requests.total, 0)
    const failed = results.reduce((s, r) => s + r.errors + r.timeouts + r.non2xx, 0)
    return `${total} requests, ${failed} failed`
  }

  // The warm-up: each kind alone, so every page's modules and caches are loaded.
  for (const { path, headers } of requests)
    await autocannon({ url: origin + path, connections: 10, duration: WARMUP_SECONDS, workers: 1, headers })
  rows.push(['after the warm-up', statusKb('VmRSS'), statusKb('VmHWM'), `${requests.length} × ${WARMUP_SECONDS} s`])
  for (let round = 1; round <= ROUNDS; round++) {
    const done = await load(CONNECTIONS, SECONDS)
    rows.push([`after round ${round} (${CONNECTIONS} connections)`, statusKb('VmRSS'), statusKb('VmHWM'), done])
  }

  console.log('\n| moment | RSS MB | peak RSS so far MB | load |')
  console.log('| --- | ---: | ---: | --- |')
  for (const [moment, rss, peak, note] of rows) console.log(`| ${moment} | ${mb(rss)} | ${mb(peak)} | ${note} |`)
  const warm = rows[1]![1]
  const rounds = rows.slice(2).map((r) => r[1])
  console.log(
    `\nafter the warm-up ${mb(warm)} MB (target ≤ 350: ${warm / 1024 <= 350 ? 'met' : 'not met'}); ` +
      `rounds ${rounds.map(mb).join(' → ')} MB, last minus first ${mb(rounds.at(-1)! - rounds[0]!)} MB`,
  )
} finally {
  await server.stop()
  rmSync(pgliteDir, { recursive: true, force: true })
  if (databaseUrl) await dropScratchDatabase(SCRATCH_DB)
}
