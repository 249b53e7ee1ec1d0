/**
 * `npm run bench:chat`: the realtime endpoint under load. The server runs in a child process
 * (bench/chat-server.ts: the real app with the endpoint); this process opens BENCH_CONNECTIONS
 * WebSocket connections with a small raw client speaking the protocol (connect, subscribe to its
 * own `chat:{userId}` with recovery, answer pings, reconnect with back-off like the official
 * client), and measures:
 *   1. memory per connection: the server's RSS (after a GC) with all connections subscribed,
 *      minus its RSS before any, divided by the connections;
 *   2. delivery latency p50/p99 at BENCH_RATE publications/s for BENCH_SECONDS, each to one user,
 *      from `services.realtime.publish` in the server to the client's receipt (same machine clock);
 *   3. recovery after a restart: the server is stopped gracefully (clients get 3001) and started
 *      again on the same port; the time until every client is subscribed again;
 *   4. the same with Redis (BENCH_REDIS_URL or REDIS_URL_TEST or redis://127.0.0.1:6379) and two
 *      instances, clients split between them, publications made on one reach the other's clients;
 *      while one restarts, the other keeps publishing, and its clients must recover what they missed.
 * The chat module's REST send path is not on this branch: publications go through the realtime
 * service directly (the main line switches this to `POST /api/v1/chat/rooms/:guid/messages`).
 *
 * Env: BENCH_CONNECTIONS (5000), BENCH_RATE (1000), BENCH_SECONDS (10), BENCH_REDIS (1; 0 skips
 * the Redis part), BENCH_REDIS_URL.
 */
import { type ChildProcess, fork } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { availableParallelism, loadavg } from 'node:os'
import { fileURLToPath } from 'node:url'
import { SignJWT } from 'jose'
import WebSocket from 'ws'
import { envNumber } from './setup.ts'

const CONNECTIONS = Math.round(envNumber('BENCH_CONNECTIONS', 5000))
const RATE = envNumber('BENCH_RATE', 1000)
const SECONDS = envNumber('BENCH_SECONDS', 10)
const REDIS = process.env.BENCH_REDIS !== '0'
const REDIS_URL = process.env.BENCH_REDIS_URL || process.env.REDIS_URL_TEST || 'redis://127.0.0.1:6379'
const SECRET = randomBytes(32).toString('hex')
const root = fileURLToPath(new URL('..', import.meta.url))

setTimeout(() => {
  console.error('bench:chat did not finish within 15 minutes, giving up')
  process.exit(2)
}, 15 * 60_000).unref()

const now = () => performance.timeOrigin + performance.now()
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`
const percentile = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]! : NaN

// ---- the server child ------------------------------------------------------------------------

interface Server {
  child: ChildProcess
  port: number
  request<T>(msg: object, reply: string): Promise<T>
  stop(): Promise<void>
}

const cleanEnv = Object.fromEntries(
  Object.entries(process.env).filter(
    ([k]) => !['DATABASE_URL', 'REDIS_URL'].includes(k) && !k.startsWith('CENTRIFUGO_'),
  ),
)

async function startServer(env: Record<string, string>, port = 0): Promise<Server> {
  const child = fork(`${root}bench/chat-server.ts`, [], {
    execArgv: ['--expose-gc'],
    env: { ...cleanEnv, ...env, PORT: String(port), CHAT_TOKEN_SECRET: SECRET },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  })
  const waiters = new Map<string, (msg: never) => void>()
  child.on('message', (msg: { type: string }) => {
    const waiter = waiters.get(msg.type)
    waiters.delete(msg.type)
    waiter?.(msg as never)
  })
  const request = <T>(msg: object, reply: string) =>
    new Promise<T>((resolve) => {
      waiters.set(reply, resolve as never)
      if (Object.keys(msg).length) child.send(msg)
    })
  const exited = new Promise<never>((_, reject) =>
    child.once('exit', (code) => reject(new Error(`the server exited (${code}) before it was ready`))),
  )
  const ready = await Promise.race([request<{ port: number }>({}, 'ready'), exited])
  exited.catch(() => {})
  return {
    child,
    port: ready.port,
    request,
    stop: () =>
      new Promise<void>((resolve) => {
        child.once('exit', () => resolve())
        child.send({ type: 'stop' })
      }),
  }
}

// ---- the raw client --------------------------------------------------------------------------

const token = (userId: string) =>
  new SignJWT({})
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(userId)
    .setExpirationTime('1h')
    .sign(new TextEncoder().encode(SECRET))

interface Stats {
  latencies: number[]
  received: number
  subscribed: number
  recovered: number
  notRecovered: number
  closes: Map<number, number>
}
const newStats = (): Stats => ({
  latencies: [],
  received: 0,
  subscribed: 0,
  recovered: 0,
  notRecovered: 0,
  closes: new Map(),
})

class Client {
  ws: WebSocket | null = null
  epoch = ''
  offset = 0
  isSubscribed = false
  attempts = 0
  stopped = false
  nextId = 1
  readonly userId: string
  readonly token: string
  readonly url: string
  readonly stats: { current: Stats }
  constructor(userId: string, token: string, url: string, stats: { current: Stats }) {
    this.userId = userId
    this.token = token
    this.url = url
    this.stats = stats
  }

  open() {
    const ws = new WebSocket(this.url, { perMessageDeflate: false })
    this.ws = ws
    ws.on('open', () => {
      const subscribe: Record<string, unknown> = { channel: `chat:${this.userId}`, recoverable: true, flag: 1 }
      if (this.epoch) Object.assign(subscribe, { recover: true, epoch: this.epoch, offset: this.offset })
      ws.send(
        `${JSON.stringify({ connect: { token: this.token, name: 'bench' }, id: this.nextId++ })}\n` +
          JSON.stringify({ subscribe, id: this.nextId++ }),
      )
    })
    ws.on('message', (data) => {
      const received = now()
      for (const line of data.toString().split('\n')) {
        if (line === '{}') {
          ws.send('{}')
          continue
        }
        const msg = JSON.parse(line)
        if (msg.push?.pub) {
          const pub = msg.push.pub
          this.offset = pub.offset
          const stats = this.stats.current
          stats.received++
          stats.latencies.push(received - pub.data.sentAt)
        } else if (msg.subscribe) {
          const result = msg.subscribe
          const stats = this.stats.current
          if (result.was_recovering) {
            if (result.recovered) stats.recovered++
            else stats.notRecovered++
          }
          this.epoch = result.epoch
          this.offset = result.offset
          for (const pub of result.publications ?? []) {
            this.offset = pub.offset
            stats.received++
          }
          this.isSubscribed = true
          this.attempts = 0
          stats.subscribed++
        } else if (msg.error) {
          console.error(`client ${this.userId}: error ${JSON.stringify(msg.error)}`)
        }
      }
    })
    ws.on('error', () => {})
    ws.on('close', (code) => {
      this.isSubscribed = false
      const closes = this.stats.current.closes
      closes.set(code, (closes.get(code) ?? 0) + 1)
      if (this.stopped) return
      // The official client's back-off: min 500 ms, max 20 s, full jitter.
      const delay = Math.min(20_000, 500 * 2 ** this.attempts++) * (0.5 + Math.random() / 2)
      setTimeout(() => this.open(), delay)
    })
  }
  close() {
    this.stopped = true
    this.ws?.close()
  }
}

async function until(check: () => boolean, ms: number, what: string) {
  const end = Date.now() + ms
  while (!check()) {
    if (Date.now() > end) throw new Error(`${what}: not within ${ms} ms`)
    await sleep(20)
  }
}

async function openClients(urls: string[], count: number, stats: { current: Stats }): Promise<Client[]> {
  const clients: Client[] = []
  const started = performance.now()
  for (let i = 0; i < count; i += 250) {
    const batch: Client[] = []
    for (let j = i; j < Math.min(count, i + 250); j++) {
      const c = new Client(String(j), await token(String(j)), urls[j % urls.length]!, stats)
      c.open()
      batch.push(c)
    }
    clients.push(...batch)
    await until(() => batch.every((c) => c.isSubscribed), 60_000, `connections ${i}..${i + batch.length}`)
  }
  const ms = performance.now() - started
  console.log(
    `opened and subscribed ${count} connections in ${(ms / 1000).toFixed(1)} s (${Math.round(count / (ms / 1000))}/s)`,
  )
  return clients
}

function report(name: string, stats: Stats, expected: number) {
  const sorted = stats.latencies.sort((a, b) => a - b)
  console.log(
    `| ${name} | ${expected} | ${stats.received} | ${percentile(sorted, 50).toFixed(1)} | ${percentile(sorted, 99).toFixed(1)} | ${sorted.at(-1)?.toFixed(1)} |`,
  )
}

// ---- runs ------------------------------------------------------------------------------------

console.log(`# bench:chat — ${new Date().toISOString()}`)
console.log(
  `node ${process.version}, ${availableParallelism()} CPUs, load average ${loadavg()[0]!.toFixed(2)}, ` +
    `${CONNECTIONS} connections, ${RATE} publications/s for ${SECONDS} s`,
)
const latencyHeader =
  '| run | published | delivered | p50 ms | p99 ms | max ms |\n| --- | ---: | ---: | ---: | ---: | ---: |'

async function memoryRun() {
  console.log('\n## One instance, memory broker')
  let server = await startServer({})
  const url = `ws://127.0.0.1:${server.port}/connection/websocket`
  const before = await server.request<{ rss: number; heapUsed: number }>({ type: 'memory' }, 'memory')
  const stats = { current: newStats() }
  const clients = await openClients([url], CONNECTIONS, stats)
  await sleep(1000)
  const after = await server.request<{ rss: number; heapUsed: number }>({ type: 'memory' }, 'memory')
  console.log(
    `server RSS ${mb(before.rss)} -> ${mb(after.rss)}: ${((after.rss - before.rss) / CONNECTIONS / 1024).toFixed(1)} KiB per connection ` +
      `(heap ${mb(before.heapUsed)} -> ${mb(after.heapUsed)}: ${((after.heapUsed - before.heapUsed) / CONNECTIONS / 1024).toFixed(1)} KiB)`,
  )

  stats.current = newStats()
  const published = await server.request<{ count: number; ms: number }>(
    { type: 'publish', rate: RATE, seconds: SECONDS, users: CONNECTIONS },
    'published',
  )
  await until(() => stats.current.received >= published.count, 10_000, 'every publication delivered').catch((e) =>
    console.log(String(e)),
  )
  console.log(`published ${published.count} in ${(published.ms / 1000).toFixed(1)} s`)
  console.log(latencyHeader)
  report('memory, 1 instance', stats.current, published.count)

  stats.current = newStats()
  const stopAt = performance.now()
  await server.stop()
  const exitedAt = performance.now()
  server = await startServer({}, server.port)
  const readyAt = performance.now()
  await until(() => clients.every((c) => c.isSubscribed), 120_000, 'every client resubscribed')
  const allAt = performance.now()
  console.log(
    `restart: stop took ${Math.round(exitedAt - stopAt)} ms (closes: ${[...stats.current.closes].map(([c, n]) => `${n}×${c}`).join(', ')}), ` +
      `new server listening after ${Math.round(readyAt - exitedAt)} ms, all ${CONNECTIONS} resubscribed ` +
      `${Math.round(allAt - readyAt)} ms after that (${Math.round(allAt - stopAt)} ms from the stop); ` +
      `recovered ${stats.current.recovered}, not recovered ${stats.current.notRecovered} (new epoch, expected)`,
  )
  for (const c of clients) c.close()
  await server.stop()
}

async function redisRun() {
  console.log(`\n## Two instances, Redis broker (${REDIS_URL.replace(/\/\/[^@]*@/, '//')})`)
  const env = { REDIS_URL, REALTIME_REDIS_PREFIX: `bench-rt:${randomBytes(4).toString('hex')}:` }
  let a = await startServer(env)
  const b = await startServer(env)
  const urlA = `ws://127.0.0.1:${a.port}/connection/websocket`
  const urlB = `ws://127.0.0.1:${b.port}/connection/websocket`
  const stats = { current: newStats() }
  const clients = await openClients([urlA, urlB], CONNECTIONS, stats)
  const onA = clients.filter((c) => c.url === urlA)

  // Publications made on A, half of them to users connected to B.
  stats.current = newStats()
  const published = await a.request<{ count: number; ms: number }>(
    { type: 'publish', rate: RATE, seconds: SECONDS, users: CONNECTIONS },
    'published',
  )
  await until(() => stats.current.received >= published.count, 10_000, 'every publication delivered').catch((e) =>
    console.log(String(e)),
  )
  console.log(latencyHeader)
  report('Redis, 2 instances (published on A)', stats.current, published.count)

  // A restarts while B keeps publishing to A's users (even user ids): they must recover them.
  stats.current = newStats()
  const during = b.request<{ count: number }>(
    { type: 'publish', rate: RATE / 10, seconds: 3, users: CONNECTIONS },
    'published',
  )
  const stopAt = performance.now()
  await a.stop()
  const exitedAt = performance.now()
  a = await startServer(env, a.port)
  const readyAt = performance.now()
  await until(() => onA.every((c) => c.isSubscribed), 120_000, "A's clients resubscribed")
  const allAt = performance.now()
  const sentDuring = (await during).count
  await sleep(500)
  console.log(
    `restart of A (${onA.length} clients): stop ${Math.round(exitedAt - stopAt)} ms, listening again after ` +
      `${Math.round(readyAt - exitedAt)} ms, all resubscribed ${Math.round(allAt - readyAt)} ms after that ` +
      `(${Math.round(allAt - stopAt)} ms from the stop); recovered ${stats.current.recovered}, not recovered ` +
      `${stats.current.notRecovered}; B published ${sentDuring} meanwhile, ${stats.current.received} delivered (live or recovered)`,
  )
  for (const c of clients) c.close()
  await a.stop()
  await b.stop()
}

await memoryRun()
if (REDIS) await redisRun()
process.exit(0)
