import { randomUUID } from 'node:crypto'
import type { IncomingMessage } from 'node:http'
import type { Duplex } from 'node:stream'
import { type RawData, type WebSocket, WebSocketServer } from 'ws'
import type { Broker, Delivery, Publication } from './broker.ts'
import { CLOSE, CONTROL_CHANNEL, ERRORS, subscribePermission, WS_PATH } from './protocol.ts'
import type { Tokens } from './tokens.ts'

export interface EndpointLogger {
  info(obj: object, msg: string): void
  warn(obj: object, msg: string): void
  error(obj: object, msg: string): void
}

export interface EndpointOptions {
  broker: Broker
  tokens: Tokens
  log: EndpointLogger
  /** The `version` of the connect reply. */
  version: string
  /** Seconds between server pings (Centrifugo: 25). */
  pingSeconds: number
  /** Seconds the client has to answer a ping (Centrifugo: 8). */
  pongTimeoutSeconds: number
  /** Largest frame accepted, in bytes (ws closes a bigger one with 1009). */
  maxFrameBytes?: number
  /** Commands in one frame. */
  maxCommandsPerFrame?: number
  /** Commands a connection may send at once, and refilled per second. */
  rateBurst?: number
  ratePerSecond?: number
  /** Milliseconds an open socket may wait before its connect command. */
  connectTimeoutMs?: number
  /** Bytes queued to a slow client before it is disconnected. */
  maxBufferedBytes?: number
  /**
   * Whether the session a token was issued to still exists: a token of a session that ended
   * (signed out, or a password reset ended them all) is answered as expired.
   */
  sessionLive?: (sessionId: string) => Promise<boolean>
}

export interface Endpoint {
  /** Takes over an HTTP upgrade request for WS_PATH; false for any other path. */
  handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): boolean
  /** Open connections (connected or not yet). */
  connectionCount(): number
  /** Closes every connection with 3001 (the clients reconnect elsewhere), then stops. */
  close(): Promise<void>
}

const NONE = 0
const SUBSCRIBING = 1
const SUBSCRIBED = 2

/** One connection. Kept small: the endpoint holds thousands. */
class Conn {
  userId: string | null = null
  /** The session the token was issued to (its `sid`), when it names one. */
  sessionId: string | null = null
  client = ''
  /** Milliseconds since the epoch; 0 when the token had no `exp`. */
  expiresAt = 0
  connectDeadline: number
  pingDue = 0
  pongDeadline = 0
  channel: string | null = null
  subState = NONE
  /** The stream position the client has: what was sent last on its subscription. */
  epoch = ''
  offset = 0
  /** Publications that arrived while the subscribe reply was being prepared. */
  pending: Delivery[] | null = null
  bucket: number
  bucketAt: number
  overflow = 0
  /** Frames waiting while an earlier one is processed (commands are handled in order). */
  queue: RawData[] | null = null
  busy = false
  closed = false
  readonly ws: WebSocket
  constructor(ws: WebSocket, now: number, burst: number, connectTimeoutMs: number) {
    this.ws = ws
    this.connectDeadline = now + connectTimeoutMs
    this.bucket = burst
    this.bucketAt = now
  }
}

type Command = Record<string, unknown> & { id?: unknown }

class CloseConnection extends Error {
  readonly close: readonly [number, string]
  constructor(close: readonly [number, string]) {
    super(close[1])
    this.close = close
  }
}

/**
 * The embedded realtime endpoint: the Centrifugo client protocol (v2, JSON) subset that the
 * official `centrifuge` client needs (shared/realtime-protocol.md), over `ws` on the app's own
 * HTTP server. One listener per channel on the broker; each connection holds at most one
 * subscription, its owner's `chat:{userId}`.
 */
export function createEndpoint(options: EndpointOptions): Endpoint {
  const { broker, tokens, log } = options
  const pingMs = options.pingSeconds * 1000
  const pongMs = options.pongTimeoutSeconds * 1000
  const maxCommands = options.maxCommandsPerFrame ?? 100
  const burst = options.rateBurst ?? 100
  const perSecond = options.ratePerSecond ?? 20
  const connectTimeoutMs = options.connectTimeoutMs ?? 10_000
  const maxBuffered = options.maxBufferedBytes ?? 1024 * 1024

  const wss = new WebSocketServer({
    noServer: true,
    maxPayload: options.maxFrameBytes ?? 64 * 1024,
    perMessageDeflate: false,
    clientTracking: false,
  })
  const conns = new Set<Conn>()
  const channels = new Map<string, Set<Conn>>()
  let closing = false

  function send(conn: Conn, text: string) {
    if (conn.closed) return
    if (conn.ws.bufferedAmount > maxBuffered) return disconnect(conn, CLOSE.slow)
    conn.ws.send(text)
  }

  function disconnect(conn: Conn, [code, reason]: readonly [number, string]) {
    if (conn.closed) return
    drop(conn)
    try {
      conn.ws.close(code, reason)
    } catch {
      conn.ws.terminate()
    }
  }

  function drop(conn: Conn) {
    if (conn.closed) return
    conn.closed = true
    conns.delete(conn)
    leave(conn)
    conn.queue = null
  }

  // ---- channels --------------------------------------------------------------------------------

  const pushFrame = (d: Delivery) =>
    `{"push":{"channel":${JSON.stringify(d.channel)},"pub":{"data":${d.json},"offset":${d.offset}}}}`

  /**
   * Sends a publication unless the client has it already (Redis may hand over a publication the
   * subscribe reply held: the reply and the pub/sub message come on different connections). A
   * gap or another epoch means deliveries were lost: the client reconnects and recovers.
   */
  function push(conn: Conn, d: Delivery, frame: string) {
    if (d.epoch === conn.epoch && d.offset <= conn.offset) return
    if (d.epoch !== conn.epoch || d.offset !== conn.offset + 1) return disconnect(conn, CLOSE.insufficientState)
    conn.offset = d.offset
    send(conn, frame)
  }

  const deliver = (d: Delivery) => {
    const set = channels.get(d.channel)
    if (!set) return
    let frame: string | null = null
    for (const conn of set) {
      if (conn.subState === SUBSCRIBED) push(conn, d, (frame ??= pushFrame(d)))
      else if (conn.pending) conn.pending.push(d)
    }
  }

  function join(conn: Conn, channel: string) {
    conn.channel = channel
    conn.subState = SUBSCRIBING
    conn.pending = []
    let set = channels.get(channel)
    if (!set) {
      set = new Set()
      channels.set(channel, set)
      broker.subscribe(channel, deliver)
    }
    set.add(conn)
  }

  function leave(conn: Conn) {
    const channel = conn.channel
    if (!channel) return
    conn.channel = null
    conn.subState = NONE
    conn.pending = null
    const set = channels.get(channel)
    if (!set) return
    set.delete(conn)
    if (set.size === 0) {
      channels.delete(channel)
      broker.unsubscribe(channel, deliver)
    }
  }

  // ---- commands --------------------------------------------------------------------------------

  const reply = (conn: Conn, id: number, method: string, result: object) =>
    send(conn, `{"id":${id},${JSON.stringify(method)}:${JSON.stringify(result)}}`)
  const replyError = (conn: Conn, id: number, error: { code: number; message: string; temporary?: boolean }) =>
    send(conn, JSON.stringify({ id, error }))

  const sessionStands = async (sessionId: string | null) =>
    !sessionId || !options.sessionLive || (await options.sessionLive(sessionId))

  function ttlOf(expiresAt: number) {
    return Math.max(1, Math.floor((expiresAt - Date.now()) / 1000))
  }

  async function onConnect(conn: Conn, id: number, req: Record<string, unknown>) {
    if (conn.userId) throw new CloseConnection(CLOSE.badRequest)
    const check = await tokens.verifyToken(typeof req.token === 'string' ? req.token : '')
    if (!check.ok) {
      if (check.reason === 'expired') return replyError(conn, id, ERRORS.tokenExpired)
      throw new CloseConnection(CLOSE.invalidToken)
    }
    // The session ended: as for an expired token, the client asks for a new one, which a
    // signed-out browser does not get.
    if (!(await sessionStands(check.sessionId))) return replyError(conn, id, ERRORS.tokenExpired)
    conn.userId = check.userId
    conn.sessionId = check.sessionId
    conn.client = randomUUID()
    conn.expiresAt = check.expiresAt ? check.expiresAt * 1000 : 0
    conn.pingDue = Date.now() + pingMs
    const result: Record<string, unknown> = {
      client: conn.client,
      version: options.version,
      ping: options.pingSeconds,
      pong: true,
    }
    if (conn.expiresAt) {
      result.expires = true
      result.ttl = ttlOf(conn.expiresAt)
    }
    reply(conn, id, 'connect', result)
  }

  async function onRefresh(conn: Conn, id: number, req: Record<string, unknown>) {
    const check = await tokens.verifyToken(typeof req.token === 'string' ? req.token : '')
    // An expired token in a refresh: reconnect, and the connect gets a fresh one through getToken.
    if (!check.ok) throw new CloseConnection(check.reason === 'expired' ? CLOSE.expired : CLOSE.invalidToken)
    if (check.userId !== conn.userId) throw new CloseConnection(CLOSE.invalidToken)
    if (!(await sessionStands(check.sessionId))) throw new CloseConnection(CLOSE.expired)
    conn.sessionId = check.sessionId
    conn.expiresAt = check.expiresAt ? check.expiresAt * 1000 : 0
    reply(
      conn,
      id,
      'refresh',
      conn.expiresAt ? { client: conn.client, expires: true, ttl: ttlOf(conn.expiresAt) } : { client: conn.client },
    )
  }

  async function onSubscribe(conn: Conn, id: number, req: Record<string, unknown>) {
    const channel = req.channel
    if (typeof channel !== 'string' || channel === '') throw new CloseConnection(CLOSE.badRequest)
    const permission = subscribePermission(conn.userId!, channel)
    if (permission !== 'ok') return replyError(conn, id, ERRORS[permission])
    if (conn.subState !== NONE) return replyError(conn, id, ERRORS.alreadySubscribed)
    // Listen first, then read the position: a publication in between is in `pending` and is
    // sent after the reply if the reply does not hold it already.
    join(conn, channel)
    const recover = req.recover === true
    const since = typeof req.offset === 'number' && Number.isSafeInteger(req.offset) ? req.offset : 0
    const epoch = typeof req.epoch === 'string' ? req.epoch : ''
    let head: string
    let top: number
    let streamEpoch: string
    let recovered: Publication[] | null = null
    try {
      if (recover) {
        const history = await broker.history(channel, since)
        // An empty epoch means "any" (the client sends none before it knew one).
        if (history.publications && (epoch === '' || epoch === history.position.epoch)) {
          recovered = history.publications
        }
        const position = history.position
        streamEpoch = position.epoch
        head = `"recoverable":true,"positioned":true,"epoch":${JSON.stringify(position.epoch)}`
        top = recovered ? since : position.offset
      } else {
        const position = await broker.position(channel)
        streamEpoch = position.epoch
        head = `"recoverable":true,"positioned":true,"epoch":${JSON.stringify(position.epoch)}`
        top = position.offset
      }
    } catch (err) {
      log.error({ err, channel }, 'realtime subscribe: broker failed')
      if (conn.channel === channel) leave(conn)
      return replyError(conn, id, ERRORS.internal)
    }
    if (conn.closed || conn.channel !== channel) return
    let body = `${head},"offset":${top}`
    if (recovered) {
      if (recovered.length) {
        body += `,"publications":[${recovered.map((p) => `{"data":${p.json},"offset":${p.offset}}`).join(',')}]`
        top = recovered.at(-1)!.offset
      }
      body += ',"recovered":true'
    }
    if (recover) body += ',"was_recovering":true'
    send(conn, `{"id":${id},"subscribe":{${body}}}`)
    const pending = conn.pending ?? []
    conn.pending = null
    conn.subState = SUBSCRIBED
    conn.epoch = streamEpoch
    conn.offset = top
    for (const d of pending) if (!conn.closed) push(conn, d, pushFrame(d))
  }

  function onUnsubscribe(conn: Conn, id: number, req: Record<string, unknown>) {
    if (typeof req.channel !== 'string') throw new CloseConnection(CLOSE.badRequest)
    if (conn.channel === req.channel) leave(conn)
    reply(conn, id, 'unsubscribe', {})
  }

  function takeToken(conn: Conn, now: number): boolean {
    conn.bucket = Math.min(burst, conn.bucket + ((now - conn.bucketAt) / 1000) * perSecond)
    conn.bucketAt = now
    if (conn.bucket >= 1) {
      conn.bucket -= 1
      conn.overflow = 0
      return true
    }
    return false
  }

  async function onCommand(conn: Conn, command: Command) {
    const keys = Object.keys(command)
    if (keys.length === 0) {
      // A pong. One nobody asked for is a protocol error.
      if (!conn.userId || conn.pongDeadline === 0) throw new CloseConnection(CLOSE.badRequest)
      conn.pongDeadline = 0
      return
    }
    const id = command.id
    if (typeof id !== 'number' || !Number.isSafeInteger(id) || id <= 0) throw new CloseConnection(CLOSE.badRequest)
    const method = keys.find((k) => k !== 'id')
    const req = method ? command[method] : undefined
    if (!method || keys.length !== 2 || (req !== undefined && (typeof req !== 'object' || req === null))) {
      throw new CloseConnection(CLOSE.badRequest)
    }
    const body = (req ?? {}) as Record<string, unknown>
    if (!conn.userId && method !== 'connect') throw new CloseConnection(CLOSE.badRequest)
    if (!takeToken(conn, Date.now())) {
      if (++conn.overflow > burst) throw new CloseConnection(CLOSE.tooManyRequests)
      return replyError(conn, id, ERRORS.tooManyRequests)
    }
    switch (method) {
      case 'connect':
        return onConnect(conn, id, body)
      case 'refresh':
        return onRefresh(conn, id, body)
      case 'subscribe':
        return onSubscribe(conn, id, body)
      case 'unsubscribe':
        return onUnsubscribe(conn, id, body)
      case 'publish':
      case 'presence':
      case 'presence_stats':
      case 'history':
      case 'sub_refresh':
        return replyError(conn, id, ERRORS.permissionDenied)
      case 'rpc':
        return replyError(conn, id, ERRORS.notAvailable)
      default:
        throw new CloseConnection(CLOSE.badRequest)
    }
  }

  async function onFrame(conn: Conn, data: RawData) {
    const text = Array.isArray(data) ? Buffer.concat(data).toString('utf8') : data.toString('utf8')
    const lines = text.split('\n')
    let handled = 0
    for (const line of lines) {
      if (conn.closed) return
      if (line.trim() === '') continue
      if (++handled > maxCommands) throw new CloseConnection(CLOSE.badRequest)
      let command: unknown
      try {
        command = JSON.parse(line)
      } catch {
        throw new CloseConnection(CLOSE.badRequest)
      }
      if (typeof command !== 'object' || command === null || Array.isArray(command)) {
        throw new CloseConnection(CLOSE.badRequest)
      }
      await onCommand(conn, command as Command)
    }
  }

  async function drain(conn: Conn, first: RawData) {
    conn.busy = true
    let data: RawData | undefined = first
    try {
      while (data !== undefined && !conn.closed) {
        await onFrame(conn, data)
        data = conn.queue?.shift()
      }
    } catch (err) {
      if (err instanceof CloseConnection) disconnect(conn, err.close)
      else {
        log.error({ err }, 'realtime command failed')
        disconnect(conn, CLOSE.badRequest)
      }
    } finally {
      conn.busy = false
      if (conn.queue?.length === 0) conn.queue = null
    }
  }

  function onConnection(ws: WebSocket) {
    const conn = new Conn(ws, Date.now(), burst, connectTimeoutMs)
    if (closing) return void ws.close(...CLOSE.shutdown)
    conns.add(conn)
    ws.on('message', (data, isBinary) => {
      if (conn.closed) return
      if (isBinary) return disconnect(conn, CLOSE.badRequest)
      if (conn.busy) {
        ;(conn.queue ??= []).push(data)
        if (conn.queue.length > maxCommands) disconnect(conn, CLOSE.tooManyRequests)
        return
      }
      void drain(conn, data)
    })
    ws.on('close', () => drop(conn))
    ws.on('error', () => drop(conn))
  }

  // ---- pings, deadlines ------------------------------------------------------------------------

  const tick = Math.max(20, Math.min(1000, pingMs / 4, pongMs / 4))
  const sweep = setInterval(() => {
    const now = Date.now()
    for (const conn of conns) {
      if (!conn.userId) {
        if (now > conn.connectDeadline && !conn.busy) disconnect(conn, CLOSE.stale)
        continue
      }
      if (conn.pongDeadline && now > conn.pongDeadline) disconnect(conn, CLOSE.noPong)
      // A token the client did not refresh in time (a grace for the refresh round trip).
      else if (conn.expiresAt && now > conn.expiresAt + Math.max(pongMs, 5000)) disconnect(conn, CLOSE.expired)
      else if (now >= conn.pingDue) {
        conn.pingDue = now + pingMs
        conn.pongDeadline = now + pongMs
        send(conn, '{}')
      }
    }
  }, tick)
  sweep.unref()

  // Sign-outs and password resets on any instance: their sessions' connections end here too
  // (3005: the client reconnects, and its token is then refused with 109).
  const onControl = (d: Delivery) => {
    const end = (JSON.parse(d.json) as { end?: { userId?: unknown; sessionId?: unknown } }).end
    if (!end || typeof end.userId !== 'string') return
    for (const conn of [...conns])
      if (conn.userId === end.userId && (end.sessionId === undefined || conn.sessionId === end.sessionId))
        disconnect(conn, CLOSE.expired)
  }
  broker.subscribe(CONTROL_CHANNEL, onControl)

  broker.onReset(() => {
    if (conns.size) log.warn({ connections: conns.size }, 'realtime: broker reset, clients reconnect to recover')
    for (const conn of [...conns]) disconnect(conn, CLOSE.insufficientState)
  })

  return {
    handleUpgrade(req, socket, head) {
      const path = (req.url ?? '').split('?')[0]
      if (path !== WS_PATH) return false
      if (closing) {
        socket.destroy()
        return true
      }
      socket.on('error', () => socket.destroy())
      wss.handleUpgrade(req, socket, head, onConnection)
      return true
    },
    connectionCount: () => conns.size,
    async close() {
      closing = true
      clearInterval(sweep)
      broker.unsubscribe(CONTROL_CHANNEL, onControl)
      const sockets = [...conns].map((c) => c.ws)
      for (const conn of [...conns]) disconnect(conn, CLOSE.shutdown)
      // Give the clients a moment to answer the close frame, then cut the rest.
      await new Promise<void>((resolve) => {
        const open = () => sockets.filter((ws) => ws.readyState !== ws.CLOSED)
        if (open().length === 0) return resolve()
        const timer = setTimeout(() => {
          for (const ws of open()) ws.terminate()
          clearInterval(poll)
          resolve()
        }, 1000)
        const poll = setInterval(() => {
          if (open().length) return
          clearTimeout(timer)
          clearInterval(poll)
          resolve()
        }, 20)
      })
      wss.close()
    },
  }
}
