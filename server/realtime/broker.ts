/**
 * Where publications go and come from. Each channel is a stream: an `epoch` (changes when its
 * history is lost: a memory broker's restart, a Redis that lost its data) and an `offset` that
 * grows by one per publication. The last `historySize` publications are kept for `historyTtl`
 * seconds so that a client that reconnects gets what it missed (Centrifugo's recovery).
 */
export interface StreamPosition {
  epoch: string
  offset: number
}

/** A kept publication; `json` is its data serialized once, when it was published. */
export interface Publication {
  offset: number
  json: string
}

/** A publication as delivered to local listeners: `json` is the data already serialized. */
export interface Delivery {
  channel: string
  epoch: string
  offset: number
  json: string
}

export type Listener = (delivery: Delivery) => void

export interface HistorySince {
  position: StreamPosition
  /** Every publication after the requested offset, oldest first; null when some are gone. */
  publications: Publication[] | null
}

export interface Broker {
  /** Appends to the channel's history and delivers to every instance's listeners of it. */
  publish(channel: string, data: unknown): Promise<StreamPosition>
  /** Local delivery: this instance's listener of the channel (the endpoint has one per channel). */
  subscribe(channel: string, listener: Listener): void
  unsubscribe(channel: string, listener: Listener): void
  /** The publications after `sinceOffset` if all of them are still kept, and the current position. */
  history(channel: string, sinceOffset: number): Promise<HistorySince>
  position(channel: string): Promise<StreamPosition>
  /**
   * Called when deliveries may have been lost without a trace (the Redis subscription dropped):
   * the endpoint then disconnects its clients so that they recover from history.
   */
  onReset(handler: () => void): void
  close(): Promise<void>
}

export interface HistoryOptions {
  /** Publications kept per channel. */
  size: number
  /** Seconds a publication is kept. */
  ttlSeconds: number
  /** Seconds a channel's position (epoch, offset) outlives its last publication. */
  metaTtlSeconds?: number
}

/** Stream positions outlive their publications by a day by default, as Centrifugo's history_meta_ttl does by a month. */
export const DEFAULT_META_TTL_SECONDS = 24 * 3600

/** Several listeners of one channel (a test may have two endpoints on one broker). */
export class ListenerMap {
  private readonly map = new Map<string, Listener | Set<Listener>>()
  add(channel: string, listener: Listener) {
    const found = this.map.get(channel)
    if (!found) this.map.set(channel, listener)
    else if (found instanceof Set) found.add(listener)
    else if (found !== listener) this.map.set(channel, new Set([found, listener]))
  }
  delete(channel: string, listener: Listener) {
    const found = this.map.get(channel)
    if (found === listener) this.map.delete(channel)
    else if (found instanceof Set) {
      found.delete(listener)
      if (found.size === 0) this.map.delete(channel)
    }
  }
  has(channel: string) {
    return this.map.has(channel)
  }
  deliver(delivery: Delivery, onError: (err: unknown) => void) {
    const found = this.map.get(delivery.channel)
    if (!found) return
    for (const listener of found instanceof Set ? [...found] : [found]) {
      try {
        listener(delivery)
      } catch (err) {
        onError(err)
      }
    }
  }
  clear() {
    this.map.clear()
  }
}
