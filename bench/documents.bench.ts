/**
 * `npm run bench:documents`: the closing documents' rendering on this machine, no database:
 *   1. a УПД of BENCH_LINES (200) lines as PDF (the printed form, with serial numbers on every
 *      tenth line and an imported line in every third), BENCH_ROUNDS (30) times: p50, p95, max,
 *      pages and size;
 *   2. the same УПД as the format 5.03 XML in Windows-1251, the same rounds;
 *   2a. a correction document (УКД) changing all BENCH_LINES lines (four rows each) as PDF, for
 *      the record: the issue sets no target for it, and a return touches a few lines as a rule.
 * The target (issue 35 point 8) is p95 ≤ 300 ms for each. Five warm-up renders load the faces.
 *   3. a month's ZIP of BENCH_ARCHIVE (500) documents of one organization (УПД of 20 lines with
 *      their XML, invoices and acts in turn) streamed from PostgreSQL through the registry's
 *      archive: time, size, and the process's peak RSS and heap above the level before, against
 *      the same for a fifth as many documents: bounded memory means the two peaks are alike.
 * Env: BENCH_DATABASE_URL / DATABASE_URL for part 3 (a scratch `bench_documents` beside it).
 */
import { availableParallelism, loadavg } from 'node:os'
import { fileURLToPath } from 'node:url'
import { envNumber } from './setup.ts'

process.chdir(fileURLToPath(new URL('..', import.meta.url)))

const LINES = Math.round(envNumber('BENCH_LINES', 200))
const ARCHIVE = Math.round(envNumber('BENCH_ARCHIVE', 500))
const ROUNDS = Math.round(envNumber('BENCH_ROUNDS', 30))

const { sampleUkd, sampleUpd } = await import('../server/documents/fixtures.ts')
const { renderUkd, renderUpd, renderUpdXml, ukdTotals } = await import('../server/documents/index.ts')

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!
}

const sample = sampleUpd()
const lines = Array.from({ length: LINES }, (_, i) => {
  const line = sample.lines[i % 3 === 0 ? 1 : 0]!
  return {
    ...line,
    code: `AT-${String(i + 1).padStart(4, '0')}`,
    name: `${line.name}, исполнение ${i + 1}`,
    serialNumbers: i % 10 === 0 ? Array.from({ length: 5 }, (_, n) => `SN-${i + 1}-${n + 1}`) : [],
  }
})
const sum = (pick: (line: (typeof lines)[number]) => number) => lines.reduce((total, line) => total + pick(line), 0)
const upd = {
  ...sample,
  lines,
  totals: {
    amountWithoutVatKopecks: sum((l) => l.amountWithoutVatKopecks),
    vatKopecks: sum((l) => l.vatKopecks),
    amountKopecks: sum((l) => l.amountKopecks),
  },
}
const file = { guid: '0f8d2c1e-3b4a-4c5d-8e9f-a0b1c2d3e4f5', issuedAt: new Date('2026-11-27T07:05:09Z') }

console.log(`# bench:documents — ${new Date().toISOString()}`)
console.log(
  `node ${process.version}, ${availableParallelism()} CPUs, load average ${loadavg()[0]!.toFixed(2)}; ` +
    `a УПД of ${LINES} lines, ${ROUNDS} rounds each`,
)

for (let i = 0; i < 5; i++) await renderUpd(upd)

async function measure(
  name: string,
  render: () => Promise<Buffer> | Buffer,
  describe: (bytes: Buffer) => string,
  target: number | null = 300,
) {
  const times: number[] = []
  let last: Buffer = Buffer.alloc(0)
  for (let round = 0; round < ROUNDS; round++) {
    const started = performance.now()
    last = await render()
    times.push(performance.now() - started)
  }
  const p95 = percentile(times, 95)
  console.log(
    `${name}: p50 ${percentile(times, 50).toFixed(1)} ms, p95 ${p95.toFixed(1)} ms, max ${Math.max(...times).toFixed(1)} ms; ` +
      `${describe(last)}${target === null ? ' (no target: for the record)' : ` — ${p95 <= target ? 'within' : 'OVER'} the ${target} ms target`}`,
  )
}

let pages = 0
await measure(
  'PDF',
  async () => {
    const bytes = await renderUpd(upd)
    pages = (bytes.toString('latin1').match(/\/Type \/Page\b/g) ?? []).length
    return bytes
  },
  (bytes) => `${pages} pages, ${(bytes.length / 1024).toFixed(0)} KiB`,
)
await measure(
  'XML',
  () => renderUpdXml(upd, file).bytes,
  (bytes) => `${(bytes.length / 1024).toFixed(0)} KiB in Windows-1251`,
)

const returned = sampleUkd().lines[0]!
const ukdLines = Array.from({ length: LINES }, (_, i) => ({
  ...returned,
  position: i + 1,
  name: `${returned.name}, исполнение ${i + 1}`,
}))
const ukd = { ...sampleUkd(), lines: ukdLines, totals: ukdTotals(ukdLines) }
await measure(
  'УКД PDF',
  () => renderUkd(ukd),
  (bytes) =>
    `${(bytes.toString('latin1').match(/\/Type \/Page\b/g) ?? []).length} pages, ${(bytes.length / 1024).toFixed(0)} KiB`,
  null,
)

// ---- 3. a month's ZIP -------------------------------------------------------------------------

const { createScratchDatabase, dropScratchDatabase } = await import('./scratch-database.ts')
const { openDatabase } = await import('../server/db/client.ts')
const { closingDocuments } = await import('../server/modules/documents/documents.table.ts')
const { createDocumentsRegistry } = await import('../server/modules/documents/documents.registry.ts')
const { sampleAct, sampleInvoice } = await import('../server/documents/fixtures.ts')
const { randomUUID } = await import('node:crypto')

const url = await createScratchDatabase('bench_documents')
if (url) {
  const database = await openDatabase({ url, pgliteDir: '' })
  await database.migrate()
  const seller = randomUUID()
  const buyer = randomUUID()
  const smallUpd = { ...upd, lines: lines.slice(0, 20) }
  async function fill(organization: string, count: number) {
    const rows = Array.from({ length: count }, (_, i) => {
      const kind = (['upd', 'invoice', 'act'] as const)[i % 3]!
      const day = String((i % 28) + 1).padStart(2, '0')
      const content =
        kind === 'upd'
          ? { ...smallUpd, number: String(i + 1), date: `2026-11-${day}` }
          : kind === 'act'
            ? sampleAct({ number: String(i + 1), date: `2026-11-${day}` })
            : { ...sampleInvoice({ number: `2611-${String(i + 1).padStart(5, '0')}` }) }
      return {
        kind,
        sellerOrganizationId: organization,
        buyerOrganizationId: buyer,
        sellerName: sample.seller.name,
        sellerInn: sample.seller.inn,
        buyerName: sample.buyer.name,
        buyerInn: sample.buyer.inn,
        orderNumber: `${organization.slice(0, 8)}-${i}`,
        year: 2026,
        sequence: i + 1,
        number: String(i + 1),
        date: `2026-11-${day}`,
        status: kind === 'upd' ? 1 : null,
        totalKopecks: 1_000_00,
        vatKopecks: 180_33,
        content: content as never,
      }
    })
    for (let start = 0; start < rows.length; start += 100) {
      await database.db.insert(closingDocuments).values(rows.slice(start, start + 100))
    }
  }
  const small = randomUUID()
  await fill(seller, ARCHIVE)
  await fill(small, Math.max(1, Math.round(ARCHIVE / 5)))
  const registry = createDocumentsRegistry({ readImage: async () => null })
  const ctxOf = (organizationId: string) =>
    ({
      db: database.db,
      user: { id: randomUUID(), name: 'Бухгалтер' },
      organization: { id: organizationId, roles: [], memberRole: 'member' },
    }) as never

  async function archiveOnce(organizationId: string) {
    globalThis.gc?.()
    const before = process.memoryUsage()
    let peakRss = before.rss
    let peakHeap = before.heapUsed
    const timer = setInterval(() => {
      const now = process.memoryUsage()
      peakRss = Math.max(peakRss, now.rss)
      peakHeap = Math.max(peakHeap, now.heapUsed)
    }, 20)
    const started = performance.now()
    const { stream } = await registry.archive(ctxOf(organizationId), { month: '2026-11' })
    let bytes = 0
    for await (const chunk of stream) bytes += (chunk as Uint8Array).length
    const ms = performance.now() - started
    clearInterval(timer)
    const mb = (n: number) => (n / 1024 / 1024).toFixed(1)
    return { ms, bytes, rss: mb(peakRss - before.rss), heap: mb(peakHeap - before.heapUsed) }
  }
  const fifth = await archiveOnce(small)
  const whole = await archiveOnce(seller)
  const line = (count: number, r: Awaited<ReturnType<typeof archiveOnce>>) =>
    `ZIP of ${count} documents: ${(r.ms / 1000).toFixed(1)} s, ${(r.bytes / 1024 / 1024).toFixed(1)} MiB; ` +
    `peak above the start: RSS +${r.rss} MB, heap +${r.heap} MB`
  console.log(line(Math.max(1, Math.round(ARCHIVE / 5)), fifth))
  console.log(line(ARCHIVE, whole))
  await database.close()
  await dropScratchDatabase('bench_documents')
}
