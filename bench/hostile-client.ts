/**
 * The hostile client of `bench:hostile` (hostile.bench.ts), in a process of its own so that its
 * work is not counted on the server's event loop. It reads one phase as JSON from BENCH_PHASE,
 * sends its requests, pings /healthz every 50 ms meanwhile, and prints one JSON line: how many
 * answers of each status came, how long the phase took and the slowest /healthz answer.
 */
import { generateHostileYml, generateLargeYml } from './hostile-files.ts'

interface Phase {
  name: 'descriptions' | 'hostile-files' | 'imports'
  baseUrl: string
  /** Session cookies of confirmed vendors, one organization each. */
  cookies: string[]
}

const phase = JSON.parse(process.env.BENCH_PHASE ?? '{}') as Phase
const statuses: Record<string, number> = {}
const count = (status: number) => (statuses[status] = (statuses[status] ?? 0) + 1)

async function call(cookie: string, method: string, path: string, body?: unknown) {
  const res = await fetch(`${phase.baseUrl}/api/v1${path}`, {
    method,
    headers: { cookie, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  count(res.status)
  return { status: res.status, json: (await res.json().catch(() => null)) as { data?: { id: string; status: string } } }
}

async function upload(cookie: string, name: string, bytes: Buffer) {
  const form = new FormData()
  form.append('file', new Blob([new Uint8Array(bytes)]), name)
  const res = await fetch(`${phase.baseUrl}/api/v1/cabinet/imports`, {
    method: 'POST',
    headers: { cookie },
    body: form,
  })
  count(res.status)
  return (await res.json()) as { data?: { id: string; status: string } }
}

/** Polls an import until its file is checked: a preview or a refusal. */
async function parsed(cookie: string, id: string): Promise<string> {
  for (;;) {
    const { json } = await call(cookie, 'GET', `/cabinet/imports/${id}`)
    const status = json?.data?.status ?? 'missing'
    if (status !== 'parsing') return status
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
}

/** The same work `parallel` at a time, `total` times. */
async function inParallel(total: number, parallel: number, work: (i: number) => Promise<unknown>) {
  let next = 0
  await Promise.all(
    Array.from({ length: parallel }, async () => {
      while (next < total) await work(next++)
    }),
  )
}

const phases: Record<Phase['name'], () => Promise<unknown>> = {
  // A description of unclosed tags at the form's size limit (100 000 characters), refused before
  // parsing; and a dense but valid one of 5 000 tags at the limit, cleaned in a thread.
  async descriptions() {
    const [cookie] = phase.cookies
    const unclosed = '<b>'.repeat(33_000)
    const dense = '<p>Текст <b>жирный</b> и <a href="https://x.ru">ссылка</a></p>'.repeat(1_250).slice(0, 99_000)
    await inParallel(40, 4, (i) =>
      call(cookie!, 'POST', '/cabinet/products', { title: `Хостил ${i}`, description: i % 2 ? unclosed : dense }),
    )
  },
  // A 240 KB YML of 80 000 unclosed <b> inside a CDATA description, and the same as CSV.
  async 'hostile-files'() {
    const [cookie] = phase.cookies
    const files = generateHostileYml()
    for (const [name, bytes] of files) {
      const started = await upload(cookie!, name, bytes)
      if (started.data) await parsed(cookie!, started.data.id)
    }
  },
  // Six vendors upload a 7.5 MB catalogue of 5 000 offers at once.
  async imports() {
    const file = generateLargeYml()
    const outcomes = await Promise.all(
      phase.cookies.map(async (cookie) => {
        const started = await upload(cookie, 'catalog.yml', file)
        return started.data ? parsed(cookie, started.data.id) : 'refused'
      }),
    )
    return { outcomes, fileMb: +(file.length / 1024 / 1024).toFixed(1) }
  },
}

let slowestHealthz = 0
let pinging = true
const pinger = (async () => {
  while (pinging) {
    const started = performance.now()
    await fetch(`${phase.baseUrl}/healthz`).then((r) => r.arrayBuffer())
    slowestHealthz = Math.max(slowestHealthz, performance.now() - started)
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
})()

const started = performance.now()
const extra = await phases[phase.name]()
const seconds = (performance.now() - started) / 1000
pinging = false
await pinger
console.log(JSON.stringify({ statuses, seconds, slowestHealthzMs: Math.round(slowestHealthz), extra }))
