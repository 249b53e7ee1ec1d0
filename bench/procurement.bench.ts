/**
 * `npm run bench:procurement`: the НМЦК justification of a request with BENCH_ITEMS (50) items and
 * BENCH_ANSWERS (10) answers on this machine, no database, BENCH_ROUNDS (30) times each after
 * five warm-ups: p50, p95, max of
 *   1. the calculation (mean, sample deviation, coefficient of variation, НМЦК per item, total);
 *   2. the PDF «Обоснование начальной (максимальной) цены контракта» with the appendix;
 *   3. the XLSX with live formulas and the suppliers' sheet.
 * The target (issue 36 point 7) is p95 ≤ 200 ms for each. Prices come from a fixed seed.
 */
import { availableParallelism, loadavg } from 'node:os'
import { fileURLToPath } from 'node:url'
import { envNumber } from './setup.ts'

process.chdir(fileURLToPath(new URL('..', import.meta.url)))

const ITEMS = Math.round(envNumber('BENCH_ITEMS', 50))
const ANSWERS = Math.round(envNumber('BENCH_ANSWERS', 10))
const ROUNDS = Math.round(envNumber('BENCH_ROUNDS', 30))

const { seededRandom } = await import('../common/seeded-random.ts')
const { justify } = await import('../server/modules/procurement/procurement.justification.ts')
const { renderNmck, renderNmckXlsx } = await import('../server/documents/index.ts')

// A fixed seed: the same prices every run.
const next = seededRandom(36)

const items = Array.from({ length: ITEMS }, (_, i) => ({
  id: `item-${i + 1}`,
  position: i + 1,
  name: `Позиция ${i + 1}: квадрокоптер, полезная нагрузка или комплект запчастей по техническому заданию`,
  unit: 'piece' as const,
  quantity: 1 + Math.floor(next() * 20),
}))
const base = items.map(() => 10_000_00 + Math.floor(next() * 1_000_000_00))
const answers = Array.from({ length: ANSWERS }, (_, a) => ({
  supplier: {
    name: `Общество с ограниченной ответственностью «Поставщик ${a + 1}»`,
    inn: `77010000${String(a).padStart(2, '0')}`,
  },
  offerNumber: `KP-2612-00001/${a + 1}`,
  answeredAt: new Date(Date.UTC(2026, 10, 1 + a, 9)),
  lines: items.map((item, i) => ({
    itemId: item.id,
    unitPriceKopecks: Math.round(base[i]! * (0.85 + next() * 0.3)),
    vatRate: '22' as const,
  })),
}))
const input = { purpose: '44fz' as const, items, answers, now: new Date('2026-12-02T09:00:00Z') }
const document = () => ({
  requestNumber: 'KP-2612-00001',
  requestDate: '2026-11-01',
  title: 'Беспилотные авиационные системы и комплектующие для службы гражданской защиты',
  purpose: 'Закупка по 44-ФЗ',
  customer: { name: 'МКУ «Центр гражданской защиты»', inn: '2310000001' },
  justification: justify(input),
})

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!
}

console.log(`# bench:procurement — ${new Date().toISOString()}`)
console.log(
  `node ${process.version}, ${availableParallelism()} CPUs, load average ${loadavg()[0]!.toFixed(2)}; ` +
    `${ITEMS} items, ${ANSWERS} answers, ${ROUNDS} rounds each`,
)

async function measure(name: string, work: () => unknown, describe: (last: unknown) => string) {
  for (let i = 0; i < 5; i++) await work()
  const times: number[] = []
  let last: unknown
  for (let round = 0; round < ROUNDS; round++) {
    const started = performance.now()
    last = await work()
    times.push(performance.now() - started)
  }
  const p95 = percentile(times, 95)
  console.log(
    `${name}: p50 ${percentile(times, 50).toFixed(1)} ms, p95 ${p95.toFixed(1)} ms, max ${Math.max(...times).toFixed(1)} ms; ` +
      `${describe(last)} — ${p95 <= 200 ? 'within' : 'OVER'} the 200 ms target`,
  )
}

await measure(
  'Justification',
  () => justify(input),
  (last) => {
    const j = last as ReturnType<typeof justify>
    return `${j.items.length} items, ${j.heterogeneous} heterogeneous, total ${(j.totalKopecks! / 100).toFixed(2)} ₽`
  },
)
await measure(
  'PDF',
  () => renderNmck(document()),
  (last) => {
    const bytes = last as Buffer
    return `${(bytes.toString('latin1').match(/\/Type \/Page\b/g) ?? []).length} pages, ${(bytes.length / 1024).toFixed(0)} KiB`
  },
)
await measure(
  'XLSX',
  () => renderNmckXlsx(document()),
  (last) => `${((last as Buffer).length / 1024).toFixed(0)} KiB`,
)
