/**
 * `npm run bench:ssr`: how fast the server renders the home and catalogue pages, each against the
 * same HTML served as a static string by the same Fastify instance, and how much JS the home page
 * ships on first load. With the guest page cache on (the default; PAGE_CACHE=false turns it off)
 * the load is a guest's: no cookies, so after the first request pages come from the cache.
 *
 * Env: BENCH_DURATION (s per load test, default 10), BENCH_CONNECTIONS (default 20),
 * BENCH_WARMUP (s of warm-up per route, default 2), BENCH_PAGES (which pages, comma-separated,
 * default `home,catalogue`; `product` is the page of a model one seller sells, `model-20` the
 * page of a model with 20 sellers' offers, made for the run; `seller`, `cart` and `order` are the
 * demo vendor's page, the cart and the signed-in user's largest order), BENCH_AS (`buyer` or
 * `vendor`: every request carries the session of a real sign-in of that demo user, so every page is
 * rendered as a signed-in user gets it, whatever PAGE_CACHE says), BENCH_BACKEND (`pglite`, the
 * default: the embedded database in the server's own thread; `postgres`: a scratch database on the
 * server of BENCH_DATABASE_URL, and the database's CPU per request is printed beside the server's),
 * BENCH_PROFILE (`1`: after each page's measured run, one more of the same length under V8's
 * sampling profiler, whose top functions by self time are printed; the figures above it are
 * measured without the profiler; BENCH_PROFILE_TOP sets how many it lists, 15 by default). Only
 * 127.0.0.1 is ever loaded.
 */
import { availableParallelism, loadavg } from 'node:os'
import { fileURLToPath } from 'node:url'
import type { Result } from 'autocannon'
import { packageTable, profileTable, profileWhile } from './cpu-profile.ts'
import { measureFirstLoadJs, printFirstLoadJs } from './first-load.ts'
import { BROWSER_HEADERS, ensureServerBuild, envNumber } from './setup.ts'

// Before anything imports React: react-dom picks its production build from NODE_ENV at load time.
process.env.NODE_ENV = 'production'
process.env.LOG_LEVEL = 'silent'
process.chdir(fileURLToPath(new URL('..', import.meta.url)))

const DURATION = envNumber('BENCH_DURATION', 10)
const CONNECTIONS = Math.round(envNumber('BENCH_CONNECTIONS', 20))
const WARMUP = envNumber('BENCH_WARMUP', 2)
const PAGE_NAMES = (process.env.BENCH_PAGES ?? 'home,catalogue').split(',').map((name) => name.trim())
const AS = process.env.BENCH_AS || undefined
if (AS !== undefined && AS !== 'buyer' && AS !== 'vendor')
  throw new Error(`BENCH_AS: «${AS}» is neither buyer nor vendor`)
const BACKEND = process.env.BENCH_BACKEND || 'pglite'
if (BACKEND !== 'pglite' && BACKEND !== 'postgres')
  throw new Error(`BENCH_BACKEND: «${BACKEND}» is neither pglite nor postgres`)
const PROFILE = process.env.BENCH_PROFILE === '1'
/** How many functions a profile lists. */
const PROFILE_TOP = Math.round(envNumber('BENCH_PROFILE_TOP', 15))
const ACCOUNT_PAGES = ['seller', 'cart', 'order']
if (!AS && PAGE_NAMES.some((name) => name === 'cart' || name === 'order')) {
  throw new Error('BENCH_PAGES: cart and order are pages of a signed-in user: set BENCH_AS=buyer or vendor')
}

ensureServerBuild()

// Bounded in time whatever happens: warm-ups and runs for each page and its twin, plus start-up and asset fetches.
const deadlineMs = ((PROFILE ? 3 : 2) * PAGE_NAMES.length * (DURATION + WARMUP) + 120) * 1000
setTimeout(() => {
  console.error(`bench:ssr did not finish within ${deadlineMs / 1000} s, giving up`)
  process.exit(2)
}, deadlineMs).unref()

const { default: autocannon } = await import('autocannon')
const { buildApp } = await import('../server/app.ts')
const { loadConfig } = await import('../server/config.ts')
const { openDatabase } = await import('../server/db/client.ts')
const { seedDemo } = await import('../server/seed/seed.ts')
const { createFileStorage } = await import('../server/modules/files/files.storage.ts')
const { loadServerBuild } = await import('../server/plugins/react-router.ts')

const { createScratchDatabase, dropScratchDatabase } = await import('./scratch-database.ts')
const { postgresCpuMs } = await import('./postgres-cpu.ts')
const SCRATCH = 'bench_ssr'
const databaseUrl = BACKEND === 'postgres' ? await createScratchDatabase(SCRATCH) : undefined
if (databaseUrl === null) process.exit(1)

const config = loadConfig({
  ...process.env,
  NODE_ENV: 'production',
  LOG_LEVEL: 'silent',
  HOST: '127.0.0.1',
  PORT: '0',
  PGLITE_DIR: 'memory://',
  DATABASE_URL: databaseUrl,
  REDIS_URL: undefined,
})
const database = await openDatabase({ url: databaseUrl, pgliteDir: 'memory://' })
await database.migrate()
// As server/main.ts does for the embedded database; the scratch PostgreSQL database gets the same.
await seedDemo(database.db, createFileStorage(config))
const build = await loadServerBuild()
const { modelPagePaths } = await import('./model-pages.ts')
const modelPages = PAGE_NAMES.some((name) => name === 'product' || name === 'model-20')
  ? await modelPagePaths(database.db, 20)
  : undefined
const { accountPagePaths, signInCookie } = await import('./signed-in-pages.ts')
const accountPages = PAGE_NAMES.some((name) => ACCOUNT_PAGES.includes(name))
  ? await accountPagePaths(database.db, AS === 'vendor' ? 'vendor' : 'buyer')
  : undefined
/** The pages measured, each against its own HTML served as a constant string. */
const PATHS: Record<string, string | undefined> = {
  home: '/',
  catalogue: '/catalog/bespilotniki',
  product: modelPages?.single,
  'model-20': modelPages?.many,
  seller: accountPages?.seller,
  cart: '/cart',
  order: accountPages?.order,
}
const PAGES = PAGE_NAMES.map((name) => {
  const path = PATHS[name]
  if (!path) throw new Error(`BENCH_PAGES: unknown page «${name}» (${Object.keys(PATHS).join(', ')})`)
  return [name, path] as const
})

// Routes can only be added before ready(), and rendering needs a ready app: render each page
// once on a throwaway instance (same build, config and database), then build the one we measure,
// which serves each page's HTML as a constant string too: its static twin.
const renderer = await buildApp({ config, database, pages: { kind: 'build', build } })
// A signed-in run: the session is the database's, so the measured instance knows it too.
const HEADERS: Record<string, string> = AS
  ? { ...BROWSER_HEADERS, cookie: await signInCookie(renderer, AS) }
  : { ...BROWSER_HEADERS }
const pages: { name: string; path: string; staticPath: string; html: string }[] = []
for (const [name, path] of PAGES) {
  const res = await renderer.inject({ method: 'GET', url: path, headers: HEADERS })
  if (res.statusCode !== 200 || !res.body.includes('</html>')) {
    throw new Error(`GET ${path} answered ${res.statusCode}, not a full HTML page: ${res.body.slice(0, 200)}`)
  }
  pages.push({ name, path, staticPath: `/__bench/static/${name}`, html: res.body })
}
await renderer.close()
const homeHtml = pages.find((page) => page.path === '/')?.html

const app = await buildApp({ config, database, pages: { kind: 'build', build } })
for (const page of pages) {
  app.get(page.staticPath, async (_req, reply) => reply.type('text/html; charset=utf-8').send(page.html))
}
await app.listen({ host: '127.0.0.1', port: 0 })
const { port } = app.server.address() as { port: number }
const origin = `http://127.0.0.1:${port}`

let failed = false
try {
  // Sanity: each page and its twin answer 200 with a page of the same size.
  for (const page of pages) {
    for (const path of [page.path, page.staticPath]) {
      const res = await fetch(origin + path, { headers: { ...HEADERS, 'accept-encoding': 'identity' } })
      const body = await res.text()
      if (res.status !== 200) throw new Error(`GET ${path} answered ${res.status}`)
      if (Math.abs(body.length - page.html.length) > 200) {
        throw new Error(`GET ${path} gave ${body.length} chars, expected about ${page.html.length}`)
      }
    }
  }

  console.log(`# bench:ssr — ${new Date().toISOString()}`)
  console.log(`node ${process.version}, ${availableParallelism()} CPUs, build ${build.assets.version}`)
  console.log(
    `${AS ? `signed in as the demo ${AS} (every page rendered)` : 'a guest'}, ${BACKEND === 'postgres' ? 'PostgreSQL (a scratch database on this machine)' : 'PGlite in the server thread'}`,
  )
  console.log(
    `guest page cache: ${config.PAGE_CACHE ? 'on' : 'off'} (PAGE_CACHE=${config.PAGE_CACHE}); HTML uncompressed (the load generator asks for no encoding): ` +
      pages.map((p) => `${p.path} ${(Buffer.byteLength(p.html) / 1024).toFixed(1)} KiB`).join(', '),
  )
  console.log(`load: ${CONNECTIONS} connections, ${WARMUP} s warm-up + ${DURATION} s per route\n`)

  // The load generator runs in its own worker thread, so it does not share the server's event loop.
  const load = (path: string, duration: number): Promise<Result> =>
    autocannon({ url: origin + path, connections: CONNECTIONS, duration, workers: 1, timeout: 10, headers: HEADERS })

  // CPU time of the server's own thread per request: unlike req/s, barely moved by other processes
  // competing for the two cores (the load generator's thread is not counted).
  const cpuMs = (u: NodeJS.CpuUsage) => (u.user + u.system) / 1000
  const load1 = () => loadavg()[0]!.toFixed(2)
  type Run = Result & { cpuMsPerReq: number; dbCpuMsPerReq: number | null; loadBefore: string; loadAfter: string }
  async function measure(name: string, path: string): Promise<Run> {
    await load(path, WARMUP)
    const loadBefore = load1()
    const cpuBefore = process.threadCpuUsage()
    const dbBefore = BACKEND === 'postgres' ? postgresCpuMs() : null
    const r = await load(path, DURATION)
    const cpuMsPerReq = cpuMs(process.threadCpuUsage(cpuBefore)) / Math.max(1, r.requests.total)
    const dbAfter = dbBefore === null ? null : postgresCpuMs()
    const dbCpuMsPerReq = dbAfter === null ? null : (dbAfter - dbBefore!) / Math.max(1, r.requests.total)
    const bad = r.errors + r.timeouts + r.non2xx
    if (bad > 0) {
      failed = true
      console.error(`${name}: ${r.errors} errors, ${r.timeouts} timeouts, ${r.non2xx} non-2xx responses`)
    }
    return { ...r, cpuMsPerReq, dbCpuMsPerReq, loadBefore, loadAfter: load1() }
  }

  const row = (name: string, r: Run) =>
    `| ${name.padEnd(26)} | ${r.requests.average.toFixed(0).padStart(8)} | ${r.latency.p50.toFixed(0).padStart(6)} | ` +
    `${r.latency.p99.toFixed(0).padStart(6)} | ${String(r.requests.total).padStart(8)} | ` +
    `${r.cpuMsPerReq.toFixed(3).padStart(13)} | ${r.dbCpuMsPerReq === null ? '—' : r.dbCpuMsPerReq.toFixed(2)} | ${r.loadBefore} → ${r.loadAfter} |`
  const lines: string[] = []
  const ratios: string[] = []
  const profiles: string[] = []
  for (const page of pages) {
    const ssr = await measure(`${page.name} SSR`, page.path)
    if (PROFILE) {
      let requests = 0
      const entries = await profileWhile(async () => {
        requests = (await load(page.path, DURATION)).requests.total
      })
      const busyMs = entries.reduce((sum, e) => sum + e.selfMs, 0)
      profiles.push(
        `\n${page.path}: the server thread under the profiler, ${requests} requests, ${(busyMs / Math.max(1, requests)).toFixed(2)} ms busy per request\n${profileTable(entries, PROFILE_TOP)}\n\n${packageTable(entries)}`,
      )
    }
    const stat = await measure(`${page.name} static`, page.staticPath)
    lines.push(row(`${page.path} SSR`, ssr), row(`${page.path} static`, stat))
    ratios.push(
      `${page.path}: SSR/static throughput ${(ssr.requests.average / stat.requests.average).toFixed(3)}x ` +
        `(static is ${(stat.requests.average / ssr.requests.average).toFixed(1)}x faster), ` +
        `p50 latency ${(ssr.latency.p50 / stat.latency.p50).toFixed(1)}x, p99 latency ${(ssr.latency.p99 / stat.latency.p99).toFixed(1)}x, ` +
        `server CPU per request ${(ssr.cpuMsPerReq / stat.cpuMsPerReq).toFixed(1)}x`,
    )
  }
  console.log(
    '| route                      |  req/s   | p50 ms | p99 ms | requests | CPU ms/req ¹ | DB CPU ms/req ³ | load avg ² |',
  )
  console.log(
    '| -------------------------- | -------- | ------ | ------ | -------- | ------------- | --------------- | ---------- |',
  )
  for (const line of lines) console.log(line)
  console.log(`\n${ratios.join('\n')}`)
  for (const profile of profiles) console.log(profile)
  console.log(
    `¹ CPU time of the server's thread per request (load generator excluded). ` +
      `² 1-min load average before → after the run; above ${availableParallelism()} means other processes shared the CPUs. ` +
      `³ CPU time of all PostgreSQL processes per request (from /proc), with BENCH_BACKEND=postgres.`,
  )

  if (homeHtml) printFirstLoadJs('/', await measureFirstLoadJs(homeHtml, origin), { perFile: true })
} catch (err) {
  failed = true
  console.error(err)
} finally {
  await app.close()
  await database.close()
  if (databaseUrl) await dropScratchDatabase(SCRATCH)
}
process.exit(failed ? 1 : 0)
