import type { RawData, WebSocket } from 'ws'
import type { Delivery } from './broker.ts'

export const NONE = 0
export const SUBSCRIBING = 1
export const SUBSCRIBED = 2

/** One connection of the endpoint. Kept small: an instance holds thousands. */
export class Conn {
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

/** A client's command as it came: `{ id, <method>: { … } }`, or `{}` for a pong. */
export type Command = Record<string, unknown> & { id?: unknown }

/** Thrown by a command's handler: the connection ends with this close code and reason. */
export class CloseConnection extends Error {
  readonly close: readonly [number, string]
  constructor(close: readonly [number, string]) {
    super(close[1])
    this.close = close
  }
}
