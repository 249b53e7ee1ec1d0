/**
 * `npm run bench:import`: a generated catalogue of BENCH_OFFERS offers (default 5 000) in YML
 * imported through the real path — the service parses the upload and builds the preview, the
 * confirmation enqueues the job, this process's worker writes the drafts in batches while the
 * page's polling is answered — on PGlite (in memory) and on PostgreSQL (a scratch database
 * `bench_import` created next to BENCH_DATABASE_URL and dropped after). Then the same file again:
 * every SKU exists, so it is 5 000 updates. Prints times, the event loop's worst delay while the
 * job ran, the polling's slowest answer and the peak RSS (sampled every 20 ms).
 *
 * BENCH_BACKENDS (default "pglite,postgres"), BENCH_DATABASE_URL (default the `test` database,
 * only used to create and drop `bench_import`), BENCH_OFFERS.
 */
import { monitorEventLoopDelay } from 'node:perf_hooks'
import { fileURLToPath } from 'node:url'
import { loadConfig } from '../server/config.ts'
import { ctxForUser } from '../server/context.ts'
import { type Database, openDatabase } from '../server/db/client.ts'
import { createTestVendor } from '../server/modules/organizations/vendors.testing.ts'
import { createMember } from '../server/modules/products/products.testing.ts'
import { createServices } from '../server/services.ts'
import { createScratchDatabase, dropScratchDatabase } from './scratch-database.ts'
import { envNumber } from './setup.ts'

process.chdir(fileURLToPath(new URL('..', import.meta.url)))

const OFFERS = envNumber('BENCH_OFFERS', 5000)
const BACKENDS = (process.env.BENCH_BACKENDS ?? 'pglite,postgres').split(',').map((s) => s.trim())
const SCRATCH = 'bench_import'

/** A YML catalogue like a distributor's export: two categories, characteristics, HTML descriptions. */
export function generateYml(count: number): Buffer {
  const offers: string[] = []
  for (let i = 1; i <= count; i++) {
    const wing = i % 5 === 0
    offers.push(`<offer id="b${i}" available="${i % 3 ? 'true' : 'false'}">
<price>${100_000 + (i % 997) * 1000}</price><currencyId>RUR</currencyId><categoryId>${wing ? 3 : 2}</categoryId>
<name>${wing ? 'Самолёт' : 'Квадрокоптер'} Бенч ${i}</name><vendor>Бенч</vendor><vendorCode>BENCH-${i}</vendorCode>
<model>Б-${i}</model><vat>VAT_22</vat>
<description><![CDATA[<p>Модель <b>Б-${i}</b> для мониторинга и аэрофотосъёмки.</p><ul><li>кейс</li><li>две батареи</li></ul>]]></description>
<param name="Максимальная взлётная масса" unit="кг">${(1 + (i % 40) / 10).toFixed(1).replace('.', ',')}</param>
<param name="Время полёта" unit="мин">${20 + (i % 40)}</param>
<param name="Дальность полёта" unit="км">${5 + (i % 20)}</param>
<param name="Страна производства">Россия</param>
</offer>`)
  }
  return Buffer.from(`<?xml version="1.0" encoding="UTF-8"?>
<yml_catalog date="2026-11-25T10:00+03:00"><shop><name>Бенч</name><company>ООО «Бенч»</company><url>https://bench.example</url>
<currencies><currency id="RUR" rate="1"/></currencies>
<categories><category id="1">Беспилотники</category><category id="2" parentId="1">Квадрокоптеры</category><category id="3" parentId="1">Самолётного типа</category></categories>
<offers>
${offers.join('\n')}
</offers></shop></yml_catalog>`)
}

async function openBackend(backend: string): Promise<Database> {
  if (backend === 'pglite') return openDatabase({ pgliteDir: 'memory://' })
  const url = await createScratchDatabase(SCRATCH)
  if (!url) throw new Error('PostgreSQL is not reachable')
  return openDatabase({ url, pgliteDir: '' })
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`
const ms = (n: number) => `${Math.round(n)} ms`

async function measure(backend: string, file: Buffer) {
  const database = await openBackend(backend)
  await database.migrate()
  const config = loadConfig({ NODE_ENV: 'production', LOG_LEVEL: 'silent', JOB_WORKERS: '1' })
  const services = createServices({ config, database, log: (msg, err) => console.error(msg, err) })
  const vendor = await createTestVendor(database.db, { name: 'Бенч', slug: 'bench' })
  const user = await createMember(database.db, vendor.id)
  const ctx = await ctxForUser(database.db, user.id, { requestId: 'bench' })
  services.jobs.start()

  let peakRss = process.memoryUsage().rss
  const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 20)
  const rows: string[][] = []
  try {
    for (const round of ['create', 'update']) {
      global.gc?.()
      const startRss = process.memoryUsage().rss
      peakRss = startRss
      const t0 = performance.now()
      // The upload is stored and parsed by a job (in the parsing thread): wait for its preview.
      let preview = await services.productImports.upload(ctx, { fileName: 'bench.yml', bytes: file })
      while (preview.status === 'parsing') {
        await new Promise((r) => setTimeout(r, 100))
        preview = await services.productImports.get(ctx, preview.id)
      }
      if (preview.status !== 'preview') throw new Error(`upload refused: ${preview.failure}`)
      const t1 = performance.now()
      const loop = monitorEventLoopDelay({ resolution: 10 })
      loop.enable()
      await services.productImports.confirm(ctx, preview.id, {})
      let slowestPoll = 0
      let view = preview
      // As the page does: ask how far it got, here every 200 ms.
      while (view.status !== 'done' && view.status !== 'failed') {
        await new Promise((r) => setTimeout(r, 200))
        const asked = performance.now()
        view = await services.productImports.get(ctx, preview.id)
        slowestPoll = Math.max(slowestPoll, performance.now() - asked)
      }
      const t2 = performance.now()
      loop.disable()
      if (view.status !== 'done') throw new Error(`import failed: ${view.failure}`)
      const o = view.outcome!
      rows.push([
        backend,
        round,
        `${o.created}/${o.updated}/${o.skippedTotal}`,
        ms(t1 - t0),
        ms(t2 - t1),
        ms(loop.max / 1e6),
        ms(loop.percentile(99) / 1e6),
        ms(slowestPoll),
        mb(peakRss),
        mb(peakRss - startRss),
      ])
    }
  } finally {
    clearInterval(sampler)
    await services.jobs.stop()
    await services.close()
    await database.close()
    if (backend === 'postgres') await dropScratchDatabase(SCRATCH)
  }
  return rows
}

const file = generateYml(OFFERS)
console.log(`bench:import — ${OFFERS} offers, ${mb(file.length)} of YML, Node ${process.version}`)
const header = [
  'backend',
  'round',
  'created/updated/skipped',
  'upload+preview',
  'job',
  'loop max',
  'loop p99',
  'slowest poll',
  'peak RSS',
  'RSS growth',
]
const results: string[][] = []
for (const backend of BACKENDS) results.push(...(await measure(backend, file)))
console.log(`| ${header.join(' | ')} |`)
console.log(`| ${header.map(() => '---').join(' | ')} |`)
for (const row of results) console.log(`| ${row.join(' | ')} |`)
process.exit(0)
