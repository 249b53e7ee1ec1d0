/**
 * `npm run bench:exchange`: the exchange with 1С as a vendor's 1С runs it. This process is the
 * marketplace (the real app without pages, its job worker, on a scratch PostgreSQL database
 * `bench_exchange`); 1С is `scripts/exchange-1c.ts` in a child process, so its zipping and
 * requests are not counted here. Two rounds:
 *   full         a full catalogue of BENCH_GOODS goods (default 50 000) with prices and stock,
 *                zipped and sent in parts as 1С does, imported and followed by polling;
 *   incremental  BENCH_CHANGED goods (default 1 000) whose prices went up, changes only.
 * Printed per round: goods created / updated / unchanged, the time from checkauth to the last
 * «success», the serving process's event-loop delay meanwhile (p99 and worst, 10 ms resolution:
 * how long any request would have waited) and its peak RSS above idle (sampled every 20 ms).
 *
 * BENCH_GOODS, BENCH_CHANGED, BENCH_BACKENDS (default "postgres"; "pglite" measures the embedded
 * database, whose queries hold the event loop), BENCH_DATABASE_URL.
 */
import { execFile } from 'node:child_process'
import { monitorEventLoopDelay } from 'node:perf_hooks'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { desc, eq } from 'drizzle-orm'
import { loadConfig } from '../server/config.ts'
import { ctxForUser } from '../server/context.ts'
import { type Database, openDatabase } from '../server/db/client.ts'
import { exchange1cGroups, exchange1cSessions } from '../server/modules/exchange-1c/exchange-1c.table.ts'
import { DEMO_1C_GROUPS, DEMO_1C_MAPPING } from '../server/modules/exchange-1c/stand-in/demo-catalog.ts'
import { createTestVendor } from '../server/modules/organizations/vendors.testing.ts'
import { createMember } from '../server/modules/products/products.testing.ts'
import { createScratchDatabase, dropScratchDatabase } from './scratch-database.ts'
import { envNumber } from './setup.ts'

process.chdir(fileURLToPath(new URL('..', import.meta.url)))
const { buildApp } = await import('../server/app.ts')

const GOODS = envNumber('BENCH_GOODS', 50_000)
const CHANGED = envNumber('BENCH_CHANGED', 1_000)
const BACKENDS = (process.env.BENCH_BACKENDS ?? 'postgres').split(',').map((s) => s.trim())
const SCRATCH = 'bench_exchange'
const run = promisify(execFile)

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`
const ms = (n: number) => `${Math.round(n)} ms`

async function openBackend(backend: string): Promise<Database> {
  if (backend === 'pglite') return openDatabase({ pgliteDir: 'memory://' })
  const url = await createScratchDatabase(SCRATCH)
  if (!url) throw new Error('PostgreSQL is not reachable')
  return openDatabase({ url, pgliteDir: '' })
}

async function measure(backend: string) {
  const database = await openBackend(backend)
  await database.migrate()
  const config = loadConfig({ NODE_ENV: 'production', LOG_LEVEL: 'silent', JOB_WORKERS: '1', PORT: '0' })
  const app = await buildApp({ config, database, pages: { kind: 'none' }, logger: false })
  await app.listen({ port: 0, host: '127.0.0.1' })
  const url = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`
  app.modules.jobs.start()

  const vendor = await createTestVendor(database.db, { name: 'Бенч 1С', slug: 'bench-1c' })
  const user = await createMember(database.db, vendor.id)
  const ctx = { ...(await ctxForUser(database.db, user.id, { requestId: 'bench' })) }
  const { password } = await app.modules.exchange1c.enable(ctx, { login: 'bench-1c' })
  await app.modules.exchange1c.saveSettings(ctx, { priceType: 'Розничная' })
  // The vendor mapped 1С's groups before: the goods are filed into categories.
  await database.db.insert(exchange1cGroups).values(
    DEMO_1C_GROUPS.map((g) => ({
      organizationId: vendor.id,
      groupId: g.id,
      name: g.name,
      categorySlug: DEMO_1C_MAPPING[g.id] ?? null,
    })),
  )

  const rows: string[][] = []
  const rounds = [
    { name: 'full', args: ['--goods', String(GOODS), '--no-pictures'] },
    { name: 'incremental', args: ['--goods', String(CHANGED), '--prices-up', '5', '--changes-only', '--no-pictures'] },
  ]
  try {
    for (const round of rounds) {
      global.gc?.()
      await new Promise((r) => setTimeout(r, 500))
      const idleRss = process.memoryUsage().rss
      let peakRss = idleRss
      const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 20)
      const loop = monitorEventLoopDelay({ resolution: 10 })
      loop.enable()
      const t0 = performance.now()
      await run(
        process.execPath,
        [
          'scripts/exchange-1c.ts',
          '--url',
          url,
          '--login',
          'bench-1c',
          '--password',
          password,
          '--catalog-only',
          ...round.args,
        ],
        { maxBuffer: 64 * 1024 * 1024 },
      )
      const elapsed = performance.now() - t0
      loop.disable()
      clearInterval(sampler)
      const [session] = await database.db
        .select()
        .from(exchange1cSessions)
        .where(eq(exchange1cSessions.organizationId, vendor.id))
        .orderBy(desc(exchange1cSessions.startedAt))
        .limit(1)
      const c = session!.counts
      rows.push([
        backend,
        round.name,
        `${c.created}/${c.updated}/${c.unchanged}/${c.errors}`,
        ms(elapsed),
        ms(loop.percentile(99) / 1e6),
        ms(loop.max / 1e6),
        mb(idleRss),
        `+${mb(peakRss - idleRss)}`,
      ])
      console.log(`| ${rows.at(-1)!.join(' | ')} |`)
    }
  } finally {
    await app.modules.jobs.stop()
    await app.close()
    await database.close()
    if (backend === 'postgres') await dropScratchDatabase(SCRATCH)
  }
  return rows
}

console.log(`bench:exchange — ${GOODS} goods in full, ${CHANGED} changed prices, Node ${process.version}`)
const header = [
  'backend',
  'round',
  'created/updated/unchanged/errors',
  'time',
  'loop p99',
  'loop max',
  'idle RSS',
  'peak above idle',
]
const results: string[][] = []
for (const backend of BACKENDS) results.push(...(await measure(backend)))
console.log(`| ${header.join(' | ')} |`)
console.log(`| ${header.map(() => '---').join(' | ')} |`)
for (const row of results) console.log(`| ${row.join(' | ')} |`)
process.exit(0)
