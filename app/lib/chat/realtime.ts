import { Centrifuge, type Subscription, UnauthorizedError } from 'centrifuge'
import { api } from '#app/lib/api.ts'
import { isApiError } from '#app/lib/api-client.ts'
import { type ChatEvent, chatChannel } from '#common/chat.ts'
import { emitChatEvent, emitChatResync, type ResyncReason } from './events.ts'

/**
 * The chat's realtime connection: the official `centrifuge` client, unmodified, with the options
 * of spec section 9, subscribed to the user's own channel with recovery. Loaded only for a
 * signed-in user whose selected organization is confirmed (ChatClient), never on a public
 * page's first load.
 */
export const REALTIME_OPTIONS = {
  timeout: 5000,
  minReconnectDelay: 500,
  maxReconnectDelay: 20000,
  maxServerPingDelay: 10000,
} as const

/** The WebSocket address: the configured one, or this site's own endpoint. */
export function realtimeEndpoint(chatWsUrl: string | null, location: { protocol: string; host: string }): string {
  const path = '/connection/websocket'
  if (chatWsUrl) return chatWsUrl.endsWith(path) ? chatWsUrl : `${chatWsUrl.replace(/\/+$/, '')}${path}`
  return `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}${path}`
}

/** POST /chat/token; a refusal (signed out, no confirmed role) stops the client from retrying. */
export async function fetchChatToken(): Promise<string> {
  try {
    const { token } = await api.post<{ token: string }>('/chat/token', undefined, { forbiddenPage: false })
    return token
  } catch (error) {
    if (isApiError(error) && (error.status === 401 || error.status === 403)) throw new UnauthorizedError('')
    throw error
  }
}

export interface RealtimeHandlers {
  /** The subscription came back without the publications missed meanwhile. */
  onLost: () => void
}

/**
 * Connects and subscribes; returns the function that disconnects. After every reconnect the
 * state on screen is read again from the REST API (`resync`); when recovery failed the user is
 * told too (`onLost`).
 */
export function startRealtime(
  userId: string,
  endpoint: string,
  handlers: RealtimeHandlers,
  getToken: () => Promise<string> = fetchChatToken,
): () => void {
  const client = new Centrifuge(endpoint, { ...REALTIME_OPTIONS, getToken })
  const subscription: Subscription = client.newSubscription(chatChannel(userId), { recoverable: true })
  let subscribedOnce = false

  subscription.on('publication', (ctx) => {
    const event = ctx.data as ChatEvent
    if (event && typeof event === 'object' && 'eventType' in event) emitChatEvent(event)
  })
  subscription.on('subscribed', (ctx) => {
    // The first subscription too: what the page read before it (its loader, the header's
    // counters) may have missed a publication made in between.
    const reason: ResyncReason = !subscribedOnce
      ? 'subscribed'
      : ctx.wasRecovering && !ctx.recovered
        ? 'lost'
        : 'reconnected'
    subscribedOnce = true
    if (reason === 'lost') handlers.onLost()
    emitChatResync(reason)
  })

  subscription.subscribe()
  client.connect()
  return () => {
    subscription.removeAllListeners()
    client.removeSubscription(subscription)
    client.disconnect()
  }
}
