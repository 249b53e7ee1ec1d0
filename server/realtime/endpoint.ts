import type { IncomingMessage } from 'node:http'
import type { Duplex } from 'node:stream'
import { type RawData, type WebSocket, WebSocketServer } from 'ws'
import type { Broker, Delivery } from './broker.ts'
import { createCommands } from './commands.ts'
import { CloseConnection, type Command, Conn } from './connection.ts'
import { createConnections } from './connections.ts'
import { CLOSE, CONTROL_CHANNEL, WS_PATH } from './protocol.ts'
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

/**
 * The embedded realtime endpoint: the Centrifugo client protocol (v2, JSON) subset that the
 * official `centrifuge` client needs (shared/realtime-protocol.md), over `ws` on the app's own
 * HTTP server. One listener per channel on the broker (connections.ts); each connection holds at
 * most one subscription, its owner's `chat:{userId}`; its commands are answered by commands.ts.
 * Here: the sockets' frames, pings and deadlines, sign-outs from other instances, and shutdown.
 */
export function createEndpoint(options: EndpointOptions): Endpoint {
  const { broker, log } = options
  const pingMs = options.pingSeconds * 1000
  const pongMs = options.pongTimeoutSeconds * 1000
  const maxCommands = options.maxCommandsPerFrame ?? 100
  const burst = options.rateBurst ?? 100
  const connectTimeoutMs = options.connectTimeoutMs ?? 10_000

  const wss = new WebSocketServer({
    noServer: true,
    maxPayload: options.maxFrameBytes ?? 64 * 1024,
    perMessageDeflate: false,
    clientTracking: false,
  })
  const connections = createConnections(broker, options.maxBufferedBytes ?? 1024 * 1024)
  const { all: conns, send, disconnect, drop } = connections
  const onCommand = createCommands({
    connections,
    broker,
    tokens: options.tokens,
    log,
    version: options.version,
    pingSeconds: options.pingSeconds,
    burst,
    perSecond: options.ratePerSecond ?? 20,
    sessionLive: options.sessionLive,
  })
  let closing = false

  // ---- frames ----------------------------------------------------------------------------------

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
