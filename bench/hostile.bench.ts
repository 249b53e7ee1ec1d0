/**
 * `npm run bench:hostile`: what one vendor could do to the server, measured on the server's own
 * event loop (`monitorEventLoopDelay`, 10 ms resolution) and its RSS (sampled every 20 ms), while
 * a client in another process (hostile-client.ts) sends:
 *
 * 1. descriptions — 40 product saves, 4 at a time: half of them 33 000 unclosed `<b>` (the form's
 *    100 000-character limit), half a dense valid description of 5 000 tags at the limit;
 * 2. hostile-files — a 240 KB YML with 80 000 unclosed `<b>` in a CDATA description, then the
 *    same as CSV, each uploaded and followed until it is checked;
 * 3. imports — six vendors upload a 7.5 MB catalogue of 5 000 offers at once and follow them.
 *
 * The targets (issue of 2026-11-28): event-loop p99 ≤ 50 ms, RSS growth ≤ 300 MB in phase 3.
 * The app is the real one (`buildApp`, API only) listening on 127.0.0.1; the database is a scratch
 * PostgreSQL database `bench_hostile` (BENCH_DATABASE_URL, scratch-database.ts) or, with
 * BENCH_BACKENDS=pglite, the embedded one (whose queries run on the event loop itself).
 */
import { spawn } from 'node:child_process'
import { monitorEventLoopDelay } from 'node:perf_hooks'
import { fileURLToPath } from 'node:url'
import { buildApp } from '../server/app.ts'
import { loadConfig } from '../server/config.ts'
import { type Database, openDatabase } from '../server/db/client.ts'
import { createTestVendor } from '../server/modules/organizations/vendors.testing.ts'
import { createMember } from '../server/modules/products/products.testing.ts'
import { createScratchDatabase, dropScratchDatabase } from './scratch-database.ts'

process.chdir(fileURLToPath(new URL('..', import.meta.url)))
// Sign-ins of the bench's vendors need no production-cost hashes.
process.env.PASSWORD_HASH_COST ??= '10'

const BACKENDS = (process.env.BENCH_BACKENDS ?? 'postgres').split(',').map((s) => s.trim())
const SCRATCH = 'bench_hostile'
const PHASES = (process.env.BENCH_PHASES?.split(',') ?? ['descriptions', 'hostile-files', 'imports']) as (
  'descriptions' | 'hostile-files' | 'imports'
)[]

async function openBackend(backend: string): Promise<Database> {
  if (backend === 'pglite') return openDatabase({ pgliteDir: 'memory://' })
  const url = await createScratchDatabase(SCRATCH)
  if (!url) throw new Error('PostgreSQL is not reachable')
  return openDatabase({ url, pgliteDir: '' })
}

/** Runs the client for one phase and answers what it printed. */
function runClient(phase: object): Promise<Record<string, unknown>> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['bench/hostile-client.ts'], {
      env: { ...process.env, BENCH_PHASE: JSON.stringify(phase) },
      stdio: ['ignore', 'pipe', 'inherit'],
    })
    let out = ''
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()))
    child.on('exit', (code) =>
      code === 0 ? resolve(JSON.parse(out.trim().split('\n').at(-1)!)) : reject(new Error(`client exited ${code}`)),
    )
  })
}

const ms = (ns: number) => Math.round(ns / 1e6)
const mb = (bytes: number) => Math.round(bytes / 1024 / 1024)

async function measure(backend: string) {
  const database = await openBackend(backend)
  await database.migrate()
  const config = loadConfig({
    NODE_ENV: 'production',
    LOG_LEVEL: 'silent',
    MAIL_DIR: '',
    RATE_LIMIT_SCALE: '100',
    JOB_WORKERS: '2',
    PUBLIC_URL: 'http://127.0.0.1',
  })
  const app = await buildApp({ config, database, pages: { kind: 'none' } })
  await app.listen({ port: 0, host: '127.0.0.1' })
  app.services.jobs.start()
  const baseUrl = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`
  const cookies: string[] = []
  for (let i = 1; i <= 6; i++) {
    const vendor = await createTestVendor(database.db, { name: `Хостил ${i}`, slug: `hostile-${i}` })
    cookies.push((await createMember(database.db, vendor.id)).cookie)
  }

  const rows: string[][] = []
  try {
    for (const name of PHASES) {
      global.gc?.()
      const baseline = process.memoryUsage().rss
      let peak = baseline
      const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20)
      const loop = monitorEventLoopDelay({ resolution: 10 })
      loop.enable()
      const result = await runClient({ name, baseUrl, cookies: name === 'imports' ? cookies : cookies.slice(0, 1) })
      loop.disable()
      clearInterval(sampler)
      rows.push([
        name,
        JSON.stringify(result.statuses),
        `${(result.seconds as number).toFixed(1)} s`,
        `${ms(loop.percentile(50))} / ${ms(loop.percentile(99))} / ${ms(loop.max)} ms`,
        `${result.slowestHealthzMs} ms`,
        `${mb(baseline)} → ${mb(peak)} MB (+${mb(peak - baseline)})`,
        result.extra ? JSON.stringify(result.extra) : '',
      ])
    }
  } finally {
    await app.close()
    await database.close()
    if (backend !== 'pglite') await dropScratchDatabase(SCRATCH)
  }
  console.log(`\n${backend}`)
  console.log('| phase | answers | took | event loop p50 / p99 / max | slowest /healthz | RSS | |')
  console.log('| --- | --- | ---: | ---: | ---: | ---: | --- |')
  for (const row of rows) console.log(`| ${row.join(' | ')} |`)
}

for (const backend of BACKENDS) await measure(backend)
process.exit(0)
