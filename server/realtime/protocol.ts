/**
 * The subset of the Centrifugo client protocol (v2, JSON) the embedded endpoint speaks: codes the
 * official `centrifuge` client acts on (its src/codes.ts) and the replies it expects. See
 * shared/realtime-protocol.md and docs/decisions/022-realtime-endpoint.md.
 */
export const WS_PATH = '/connection/websocket'

/** Errors in replies: 100-series, answered to the command with its id. */
export const ERRORS = {
  internal: { code: 100, message: 'internal server error', temporary: true },
  unknownChannel: { code: 102, message: 'unknown channel' },
  permissionDenied: { code: 103, message: 'permission denied' },
  alreadySubscribed: { code: 105, message: 'already subscribed' },
  notAvailable: { code: 108, message: 'not available' },
  tokenExpired: { code: 109, message: 'token expired' },
  tooManyRequests: { code: 111, message: 'too many requests', temporary: true },
} as const

/** Close codes: 3000-3499 the client reconnects, 3500-3999 it does not. */
export const CLOSE = {
  shutdown: [3001, 'shutdown'],
  expired: [3005, 'connection expired'],
  slow: [3008, 'slow'],
  noPong: [3012, 'no pong'],
  /** Redis lost the deliveries in between: reconnect and recover from history. */
  insufficientState: [3010, 'insufficient state'],
  invalidToken: [3500, 'invalid token'],
  badRequest: [3501, 'bad request'],
  /** A connection that never sent its connect command (Centrifugo's DisconnectStale). */
  stale: [3502, 'stale'],
  tooManyRequests: [3013, 'too many requests'],
} as const satisfies Record<string, readonly [number, string]>

/**
 * The instances' own channel, never a client's (clients may subscribe only to `chat:`): which
 * connections to end, so that a sign-out on one instance ends the session's sockets on all.
 */
export const CONTROL_CHANNEL = '$control'

/** The only namespace: `chat:{userId}`, its owner's channel (spec section 3). */
export const CHAT_NAMESPACE = 'chat:'

/**
 * Who may subscribe to what: the owner to `chat:{userId}`, nobody to anything else. The embedded
 * endpoint and Centrifugo's subscribe proxy (realtime.routes.ts) both ask this.
 */
export function subscribePermission(userId: string, channel: string): 'ok' | 'unknownChannel' | 'permissionDenied' {
  if (!channel.startsWith(CHAT_NAMESPACE)) return 'unknownChannel'
  return channel === `${CHAT_NAMESPACE}${userId}` ? 'ok' : 'permissionDenied'
}
