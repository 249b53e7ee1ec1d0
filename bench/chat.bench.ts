/**
 * `npm run bench:chat`: the chat's realtime path under load. The server runs in a child process
 * (bench/chat-server.ts: the real app with the endpoint); this process opens BENCH_CONNECTIONS
 * WebSocket connections with a small raw client speaking the protocol (connect, subscribe to its
 * own `chat:{userId}` with recovery, answer pings, reconnect with back-off like the official
 * client), sends messages over HTTP and measures:
 *   1. memory per connection: the server's RSS (after a GC) with all connections subscribed,
 *      minus its RSS before any, divided by the connections;
 *   2. delivery latency p50/p99 of messages sent through the REST API
 *      (`POST /api/v1/chat/rooms/:guid/messages`, cookie sessions of vendor members, keep-alive
 *      connections) at BENCH_RATE messages/s for BENCH_SECONDS, each to the room of another
 *      connected buyer: from just before the request is written to the buyer's receipt of the
 *      publication, plus the send's own response time and the rate actually achieved;
 *   3. recovery after a restart: the server is stopped gracefully (clients get 3001) and started
 *      again on the same port; the time until every client is subscribed again;
 *   4. the same with Redis (BENCH_REDIS_URL or REDIS_URL_TEST or redis://127.0.0.1:6379) and two
 *      instances on one PostgreSQL database, clients split between them: messages sent to A reach
 *      B's clients; while A restarts, messages keep being sent to B for A's clients, who must
 *      recover them.
 * Each connection is a real user: the only member of a buyer organization with a direct room to
 * one of BENCH_VENDORS vendors, whose BENCH_SENDERS_PER_VENDOR members send (decision 024: the
 * message reaches the buyer side only). The server runs with RATE_LIMIT_SCALE=100, so each sender
 * may send 3 000 a minute, and the senders share the rate: the per-user limit is not what is measured.
 *
 * Env: BENCH_CONNECTIONS (5000), BENCH_RATE (1000), BENCH_SECONDS (10), BENCH_BACKENDS
 * (pglite,postgres), BENCH_REDIS (1; 0 skips the Redis part), BENCH_REDIS_URL, BENCH_DATABASE_URL,
 * BENCH_VENDORS (10), BENCH_SENDERS_PER_VENDOR (4), BENCH_HTTP_CONNECTIONS (32: keep-alive
 * connections, also the most requests in flight), BENCH_LOW_RATE (50: a second run at a rate the
 * server keeps up with, for the latency when it is not saturated), BENCH_CPU_PROF (a directory: CPU profiles of
 * the server processes).
 */
import { type ChildProcess, fork } from 'node:child_process'
import { randomBytes, randomUUID } from 'node:crypto'
import { Agent, request as httpRequest } from 'node:http'
import { availableParallelism, loadavg } from 'node:os'
import { fileURLToPath } from 'node:url'
import { SignJWT } from 'jose'
import WebSocket from 'ws'
import { createScratchDatabase, dropScratchDatabase } from './scratch-database.ts'
import { envNumber } from './setup.ts'

const CONNECTIONS = Math.round(envNumber('BENCH_CONNECTIONS', 5000))
const RATE = envNumber('BENCH_RATE', 1000)
const SECONDS = envNumber('BENCH_SECONDS', 10)
const REDIS = process.env.BENCH_REDIS !== '0'
const BACKENDS = (process.env.BENCH_BACKENDS || 'pglite,postgres').split(',').map((b) => b.trim())
const VENDORS = Math.round(envNumber('BENCH_VENDORS', 10))
const SENDERS_PER_VENDOR = Math.round(envNumber('BENCH_SENDERS_PER_VENDOR', 4))
const HTTP_CONNECTIONS = Math.round(envNumber('BENCH_HTTP_CONNECTIONS', 32))
const CPU_PROF = process.env.BENCH_CPU_PROF
const LOW_RATE = envNumber('BENCH_LOW_RATE', 50)
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
    // BENCH_CPU_PROF=dir: a CPU profile of each server process, written when it stops.
    execArgv: ['--expose-gc', ...(CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${CPU_PROF}`] : [])],
    env: { ...cleanEnv, ...env, PORT: String(port), CHAT_TOKEN_SECRET: SECRET, RATE_LIMIT_SCALE: '100' },
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

/** When each message's request was written, by its clientId: the receipt's latency is counted from it. */
const sentAtByClientId = new Map<string, number>()

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
          const sentAt = sentAtByClientId.get(pub.data.message?.clientId)
          if (sentAt !== undefined) stats.latencies.push(received - sentAt)
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

async function openClients(urls: string[], userIds: string[], stats: { current: Stats }): Promise<Client[]> {
  const clients: Client[] = []
  const started = performance.now()
  const count = userIds.length
  for (let i = 0; i < count; i += 250) {
    const batch: Client[] = []
    for (let j = i; j < Math.min(count, i + 250); j++) {
      const c = new Client(userIds[j]!, await token(userIds[j]!), urls[j % urls.length]!, stats)
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

// ---- the senders -----------------------------------------------------------------------------

/** What the server's setup answers: the buyers (one connection each) and the senders' cookies. */
interface People {
  buyers: { userId: string; room: string; sender: number }[]
  senders: string[]
}

interface SendResult {
  sent: number
  created: number
  statuses: Map<number | string, number>
  http: number[]
  ms: number
}

const CONTENT = 'Добрый день! Подскажите, пожалуйста, сроки поставки и комплектацию для партии из десяти штук.'

function post(agent: Agent, port: number, path: string, cookie: string, body: string) {
  return new Promise<number>((resolve) => {
    const req = httpRequest(
      {
        agent,
        host: '127.0.0.1',
        port,
        method: 'POST',
        path,
        headers: { cookie, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
      },
      (res) => {
        res.resume()
        res.on('end', () => resolve(res.statusCode ?? 0))
      },
    )
    req.on('error', () => resolve(-1))
    req.end(body)
  })
}

/**
 * Sends messages at `rate` a second for `seconds` to the buyers' rooms in turn, through the REST
 * API on `port`, at most HTTP_CONNECTIONS in flight: when the server falls behind, sending waits
 * rather than queueing, and the rate achieved is what it answered.
 */
async function sendMessages(port: number, people: People, targets: number[], rate: number, seconds: number) {
  const agent = new Agent({ keepAlive: true, maxSockets: HTTP_CONNECTIONS })
  const result: SendResult = { sent: 0, created: 0, statuses: new Map(), http: [], ms: 0 }
  let inFlight = 0
  const start = performance.now()
  const send = async (n: number) => {
    const buyer = people.buyers[targets[n % targets.length]!]!
    const clientId = randomUUID()
    const body = JSON.stringify({ clientId, content: CONTENT })
    inFlight++
    const at = now()
    sentAtByClientId.set(clientId, at)
    const status = await post(
      agent,
      port,
      `/api/v1/chat/rooms/${buyer.room}/messages`,
      people.senders[buyer.sender]!,
      body,
    )
    inFlight--
    result.http.push(now() - at)
    result.statuses.set(status, (result.statuses.get(status) ?? 0) + 1)
    if (status === 201) result.created++
  }
  while (performance.now() - start < seconds * 1000) {
    const due = Math.floor(((performance.now() - start) / 1000) * rate)
    while (result.sent < due && inFlight < HTTP_CONNECTIONS) void send(result.sent++)
    await sleep(2)
  }
  await until(() => inFlight === 0, 60_000, 'every send answered')
  result.ms = performance.now() - start
  agent.destroy()
  return result
}

const latencyHeader =
  '| run | target/s | sent | 201 | achieved/s | HTTP p50 ms | HTTP p99 ms | delivered | p50 ms | p99 ms | max ms | statements/send |\n' +
  '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |'

function report(name: string, rate: number, sent: SendResult, stats: Stats, statements: number) {
  const sorted = stats.latencies.sort((a, b) => a - b)
  const http = sent.http.sort((a, b) => a - b)
  const others = [...sent.statuses].filter(([s]) => s !== 201)
  console.log(latencyHeader)
  console.log(
    `| ${name} | ${rate} | ${sent.sent} | ${sent.created} | ${Math.round(sent.created / (sent.ms / 1000))} | ` +
      `${percentile(http, 50).toFixed(1)} | ${percentile(http, 99).toFixed(1)} | ${stats.received} | ` +
      `${percentile(sorted, 50).toFixed(1)} | ${percentile(sorted, 99).toFixed(1)} | ${sorted.at(-1)?.toFixed(1)} | ` +
      `${(statements / Math.max(1, sent.created)).toFixed(1)} |`,
  )
  if (others.length) console.log(`other answers: ${others.map(([s, n]) => `${n}×${s}`).join(', ')}`)
}

/** Two seconds of sends at a low rate, not measured: a new process's first requests compile code and plans. */
async function warmUp(server: Server, people: People, targets: number[], stats: { current: Stats }) {
  stats.current = newStats()
  const sent = await sendMessages(server.port, people, targets, LOW_RATE, 2)
  await until(() => stats.current.received >= sent.created, 10_000, 'the warm-up delivered').catch(() => {})
  sentAtByClientId.clear()
}

/** Sends on `server` at `rate` for `seconds` to the given buyers, waits for the deliveries, reports. */
async function measureSends(
  name: string,
  server: Server,
  people: People,
  targets: number[],
  stats: { current: Stats },
  rate = RATE,
  seconds = SECONDS,
) {
  stats.current = newStats()
  const before = await server.request<{ count: number }>({ type: 'statements' }, 'statements')
  const sent = await sendMessages(server.port, people, targets, rate, seconds)
  const after = await server.request<{ count: number }>({ type: 'statements' }, 'statements')
  await until(() => stats.current.received >= sent.created, 10_000, 'every message delivered').catch((e) =>
    console.log(String(e)),
  )
  report(name, rate, sent, stats.current, after.count - before.count)
  sentAtByClientId.clear()
  return sent
}

// ---- runs ------------------------------------------------------------------------------------

console.log(`# bench:chat — ${new Date().toISOString()}`)
console.log(
  `node ${process.version}, ${availableParallelism()} CPUs, load average ${loadavg()[0]!.toFixed(2)}, ` +
    `${CONNECTIONS} connections, target ${RATE} messages/s for ${SECONDS} s through the REST API, ` +
    `${VENDORS} vendors × ${SENDERS_PER_VENDOR} senders, ${HTTP_CONNECTIONS} HTTP connections`,
)

const setup = (server: Server) =>
  server.request<People>(
    { type: 'setup', buyers: CONNECTIONS, vendors: VENDORS, sendersPerVendor: SENDERS_PER_VENDOR },
    'setup',
  )

async function oneInstanceRun(backend: string, env: Record<string, string>) {
  console.log(`\n## One instance, memory broker, ${backend}`)
  let server = await startServer(env)
  const setupStart = performance.now()
  const people = await setup(server)
  console.log(
    `setup: ${people.buyers.length} buyers with a room each, ${people.senders.length} senders, ${Math.round(performance.now() - setupStart)} ms`,
  )
  const url = `ws://127.0.0.1:${server.port}/connection/websocket`
  const before = await server.request<{ rss: number; heapUsed: number }>({ type: 'memory' }, 'memory')
  const stats = { current: newStats() }
  const clients = await openClients(
    [url],
    people.buyers.map((b) => b.userId),
    stats,
  )
  await sleep(1000)
  const after = await server.request<{ rss: number; heapUsed: number }>({ type: 'memory' }, 'memory')
  console.log(
    `server RSS ${mb(before.rss)} -> ${mb(after.rss)}: ${((after.rss - before.rss) / CONNECTIONS / 1024).toFixed(1)} KiB per connection ` +
      `(heap ${mb(before.heapUsed)} -> ${mb(after.heapUsed)}: ${((after.heapUsed - before.heapUsed) / CONNECTIONS / 1024).toFixed(1)} KiB)`,
  )

  const everyone = people.buyers.map((_, i) => i)
  await warmUp(server, people, everyone, stats)
  await measureSends(`${backend}, 1 instance`, server, people, everyone, stats)
  await measureSends(`${backend}, 1 instance`, server, people, everyone, stats, LOW_RATE)

  stats.current = newStats()
  const stopAt = performance.now()
  await server.stop()
  const exitedAt = performance.now()
  server = await startServer(env, server.port)
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

async function redisRun(databaseUrl: string) {
  console.log(`\n## Two instances, Redis broker (${REDIS_URL.replace(/\/\/[^@]*@/, '//')}), one PostgreSQL database`)
  const env = {
    DATABASE_URL: databaseUrl,
    REDIS_URL,
    REALTIME_REDIS_PREFIX: `bench-rt:${randomBytes(4).toString('hex')}:`,
  }
  let a = await startServer(env)
  const b = await startServer(env)
  const people = await setup(a)
  const urlA = `ws://127.0.0.1:${a.port}/connection/websocket`
  const urlB = `ws://127.0.0.1:${b.port}/connection/websocket`
  const stats = { current: newStats() }
  const clients = await openClients(
    [urlA, urlB],
    people.buyers.map((p) => p.userId),
    stats,
  )
  const everyone = people.buyers.map((_, i) => i)
  const onA = clients.filter((c) => c.url === urlA)

  // Sent to A, half of them to buyers connected to B.
  await warmUp(a, people, everyone, stats)
  await warmUp(b, people, everyone, stats)
  await measureSends('Redis, 2 instances (sent to A)', a, people, everyone, stats)
  await measureSends('Redis, 2 instances (sent to A)', a, people, everyone, stats, LOW_RATE)

  // A restarts while messages to A's buyers (even indices) keep being sent to B: they must recover them.
  stats.current = newStats()
  const during = sendMessages(
    b.port,
    people,
    everyone.filter((i) => i % 2 === 0),
    RATE / 10,
    3,
  )
  const stopAt = performance.now()
  await a.stop()
  const exitedAt = performance.now()
  a = await startServer(env, a.port)
  const readyAt = performance.now()
  await until(() => onA.every((c) => c.isSubscribed), 120_000, "A's clients resubscribed")
  const allAt = performance.now()
  const sentDuring = await during
  await sleep(500)
  console.log(
    `restart of A (${onA.length} clients): stop ${Math.round(exitedAt - stopAt)} ms, listening again after ` +
      `${Math.round(readyAt - exitedAt)} ms, all resubscribed ${Math.round(allAt - readyAt)} ms after that ` +
      `(${Math.round(allAt - stopAt)} ms from the stop); recovered ${stats.current.recovered}, not recovered ` +
      `${stats.current.notRecovered}; B stored ${sentDuring.created} messages for them meanwhile ` +
      `(${sentDuring.sent} sent), ${stats.current.received} delivered (live or recovered)`,
  )
  sentAtByClientId.clear()
  for (const c of clients) c.close()
  await a.stop()
  await b.stop()
}

for (const backend of BACKENDS) {
  if (backend === 'pglite') {
    await oneInstanceRun('PGlite', {})
    continue
  }
  const url = await createScratchDatabase('bench_chat')
  if (!url) continue
  try {
    await oneInstanceRun('PostgreSQL', { DATABASE_URL: url })
  } finally {
    await dropScratchDatabase('bench_chat')
  }
}
if (REDIS) {
  const url = await createScratchDatabase('bench_chat_redis')
  if (url) {
    try {
      await redisRun(url)
    } finally {
      await dropScratchDatabase('bench_chat_redis')
    }
  }
}
process.exit(0)
