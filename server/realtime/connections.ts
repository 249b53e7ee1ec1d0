import type { Broker, Delivery } from './broker.ts'
import { type Conn, NONE, SUBSCRIBED, SUBSCRIBING } from './connection.ts'
import { CLOSE } from './protocol.ts'

export type Connections = ReturnType<typeof createConnections>

/**
 * The endpoint's open connections and the channels they listen to: one broker listener per
 * channel, however many connections of this instance hold it, and the publications it delivers
 * pushed to each of them in order.
 */
export function createConnections(broker: Broker, maxBufferedBytes: number) {
  const all = new Set<Conn>()
  const channels = new Map<string, Set<Conn>>()

  function send(conn: Conn, text: string) {
    if (conn.closed) return
    if (conn.ws.bufferedAmount > maxBufferedBytes) return disconnect(conn, CLOSE.slow)
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
    all.delete(conn)
    leave(conn)
    conn.queue = null
  }

  const pushFrame = (d: Delivery) =>
    `{"push":{"channel":${JSON.stringify(d.channel)},"pub":{"data":${d.json},"offset":${d.offset}}}}`

  /**
   * Sends a publication unless the client has it already (Redis may hand over a publication the
   * subscribe reply held: the reply and the pub/sub message come on different connections). A
   * gap or another epoch means deliveries were lost: the client reconnects and recovers.
   */
  function push(conn: Conn, d: Delivery, frame = pushFrame(d)) {
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

  /** Listens to a channel for the connection; what arrives before its reply waits in `pending`. */
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

  return { all, send, disconnect, drop, push, join, leave }
}
