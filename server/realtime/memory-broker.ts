import { randomBytes } from 'node:crypto'
import {
  type Broker,
  DEFAULT_META_TTL_SECONDS,
  type HistoryOptions,
  type HistorySince,
  ListenerMap,
  type Publication,
} from './broker.ts'

interface Stream {
  epoch: string
  offset: number
  /** Oldest first; each with the time it was published. */
  kept: { offset: number; json: string; at: number }[]
  touched: number
}

/**
 * One process's broker: history in memory, delivery in-process. Its epochs are random per
 * process (and per stream), so a client recovering after a restart is told its history is gone.
 */
export function createMemoryBroker(
  options: HistoryOptions & { now?: () => number; log?: (msg: string, err?: unknown) => void },
): Broker {
  const now = options.now ?? Date.now
  const ttlMs = options.ttlSeconds * 1000
  const metaTtlMs = Math.max(ttlMs, (options.metaTtlSeconds ?? DEFAULT_META_TTL_SECONDS) * 1000)
  const streams = new Map<string, Stream>()
  const listeners = new ListenerMap()
  const log = options.log ?? (() => {})

  function stream(channel: string): Stream {
    let s = streams.get(channel)
    if (!s) {
      s = { epoch: randomBytes(6).toString('base64url'), offset: 0, kept: [], touched: now() }
      streams.set(channel, s)
    }
    trim(s)
    return s
  }
  function trim(s: Stream) {
    const oldest = now() - ttlMs
    let drop = Math.max(0, s.kept.length - options.size)
    while (drop < s.kept.length && s.kept[drop]!.at < oldest) drop++
    if (drop) s.kept.splice(0, drop)
  }
  // Forget positions of channels idle for longer than the meta TTL (their next epoch is new).
  const sweep = setInterval(
    () => {
      const limit = now() - metaTtlMs
      for (const [channel, s] of streams) if (s.touched < limit) streams.delete(channel)
    },
    Math.min(metaTtlMs, 60_000),
  )
  sweep.unref()

  return {
    async publish(channel, data) {
      const s = stream(channel)
      const json = JSON.stringify(data ?? null)
      s.offset += 1
      s.touched = now()
      s.kept.push({ offset: s.offset, json, at: s.touched })
      trim(s)
      listeners.deliver({ channel, epoch: s.epoch, offset: s.offset, json }, (err) =>
        log('realtime delivery failed', err),
      )
      return { epoch: s.epoch, offset: s.offset }
    },
    subscribe: (channel, listener) => listeners.add(channel, listener),
    unsubscribe: (channel, listener) => listeners.delete(channel, listener),
    async history(channel, sinceOffset): Promise<HistorySince> {
      const s = stream(channel)
      s.touched = now()
      const position = { epoch: s.epoch, offset: s.offset }
      if (sinceOffset > s.offset || sinceOffset < 0) return { position, publications: null }
      if (sinceOffset === s.offset) return { position, publications: [] }
      const first = s.kept[0]
      if (!first || first.offset > sinceOffset + 1) return { position, publications: null }
      const publications: Publication[] = s.kept
        .filter((p) => p.offset > sinceOffset)
        .map((p) => ({ offset: p.offset, json: p.json }))
      return { position, publications }
    },
    async position(channel) {
      const s = stream(channel)
      s.touched = now()
      return { epoch: s.epoch, offset: s.offset }
    },
    onReset() {},
    async close() {
      clearInterval(sweep)
      listeners.clear()
    },
  }
}
