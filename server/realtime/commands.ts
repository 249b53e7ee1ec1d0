import { randomUUID } from 'node:crypto'
import type { Broker, Publication } from './broker.ts'
import { CloseConnection, type Command, type Conn, NONE, SUBSCRIBED } from './connection.ts'
import type { Connections } from './connections.ts'
import { CLOSE, ERRORS, subscribePermission } from './protocol.ts'
import type { Tokens } from './tokens.ts'

export interface CommandsOptions {
  connections: Connections
  broker: Broker
  tokens: Tokens
  log: { error(obj: object, msg: string): void }
  /** The `version` of the connect reply. */
  version: string
  pingSeconds: number
  /** Commands a connection may send at once, and refilled per second. */
  burst: number
  perSecond: number
  sessionLive?: (sessionId: string) => Promise<boolean>
}

type Request = Record<string, unknown>

/**
 * The client's commands (connect, refresh, subscribe, unsubscribe; the rest are refused as
 * Centrifugo refuses them without permission), each answered on the connection. A handler throws
 * CloseConnection when the protocol says the connection ends.
 */
export function createCommands(options: CommandsOptions): (conn: Conn, command: Command) => Promise<void> {
  const { connections, broker, tokens, log, burst, perSecond } = options
  const { send, join, leave, push } = connections
  const pingMs = options.pingSeconds * 1000

  const reply = (conn: Conn, id: number, method: string, result: object) =>
    send(conn, `{"id":${id},${JSON.stringify(method)}:${JSON.stringify(result)}}`)
  const replyError = (conn: Conn, id: number, error: { code: number; message: string; temporary?: boolean }) =>
    send(conn, JSON.stringify({ id, error }))

  const sessionStands = async (sessionId: string | null) =>
    !sessionId || !options.sessionLive || (await options.sessionLive(sessionId))

  const ttlOf = (expiresAt: number) => Math.max(1, Math.floor((expiresAt - Date.now()) / 1000))

  async function onConnect(conn: Conn, id: number, req: Request) {
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

  async function onRefresh(conn: Conn, id: number, req: Request) {
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

  async function onSubscribe(conn: Conn, id: number, req: Request) {
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
        streamEpoch = history.position.epoch
        top = recovered ? since : history.position.offset
      } else {
        const position = await broker.position(channel)
        streamEpoch = position.epoch
        top = position.offset
      }
    } catch (err) {
      log.error({ err, channel }, 'realtime subscribe: broker failed')
      if (conn.channel === channel) leave(conn)
      return replyError(conn, id, ERRORS.internal)
    }
    if (conn.closed || conn.channel !== channel) return
    let body = `"recoverable":true,"positioned":true,"epoch":${JSON.stringify(streamEpoch)},"offset":${top}`
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
    for (const d of pending) if (!conn.closed) push(conn, d)
  }

  function onUnsubscribe(conn: Conn, id: number, req: Request) {
    if (typeof req.channel !== 'string') throw new CloseConnection(CLOSE.badRequest)
    if (conn.channel === req.channel) leave(conn)
    reply(conn, id, 'unsubscribe', {})
  }

  /** The connection's token bucket: `burst` commands at once, `perSecond` more each second. */
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

  return async function onCommand(conn, command) {
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
    const body = (req ?? {}) as Request
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
}
