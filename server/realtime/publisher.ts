/**
 * What the chat module (and any other) needs of the realtime machinery: publish an event on a
 * user's channel. Built by the `realtime` module from the configured transport (the embedded
 * endpoint with the memory or Redis broker, or Centrifugo's HTTP API). Publishing is a hint to
 * connected clients; the database stays the source of truth, so a failure is logged, never thrown
 * into the write that caused it.
 */
export interface RealtimePublisher {
  publish(channel: string, data: unknown): Promise<void>
}
