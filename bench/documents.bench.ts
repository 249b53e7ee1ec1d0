/**
 * `npm run bench:documents`: the closing documents' rendering on this machine, no database:
 *   1. a УПД of BENCH_LINES (200) lines as PDF (the printed form, with serial numbers on every
 *      tenth line and an imported line in every third), BENCH_ROUNDS (30) times: p50, p95, max,
 *      pages and size;
 *   2. the same УПД as the format 5.03 XML in Windows-1251, the same rounds.
 * The target (issue 35 point 8) is p95 ≤ 300 ms for each. Five warm-up renders load the faces.
 */
import { availableParallelism, loadavg } from 'node:os'
import { fileURLToPath } from 'node:url'
import { envNumber } from './setup.ts'

process.chdir(fileURLToPath(new URL('..', import.meta.url)))

const LINES = Math.round(envNumber('BENCH_LINES', 200))
const ROUNDS = Math.round(envNumber('BENCH_ROUNDS', 30))

const { sampleUpd } = await import('../server/documents/fixtures.ts')
const { renderUpd, renderUpdXml } = await import('../server/documents/index.ts')

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

async function measure(name: string, render: () => Promise<Buffer> | Buffer, describe: (bytes: Buffer) => string) {
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
      `${describe(last)} — ${p95 <= 300 ? 'within' : 'OVER'} the 300 ms target`,
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
