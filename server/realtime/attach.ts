import type { FastifyInstance } from 'fastify'
import { createEndpoint, type Endpoint } from './endpoint.ts'

/**
 * Serves the realtime endpoint at /connection/websocket on the app's HTTP server (its 'upgrade'
 * event), unless Centrifugo is the endpoint. Connections are closed with 3001 before the server
 * closes, so clients reconnect (to another instance, or to this one when it is back).
 */
export function attachRealtimeEndpoint(app: FastifyInstance, version: string): Endpoint | null {
  const { realtime } = app.services
  if (!realtime.broker) return null
  const endpoint = createEndpoint({
    broker: realtime.broker,
    tokens: realtime,
    log: app.log,
    version,
    pingSeconds: app.config.REALTIME_PING_SECONDS,
    pongTimeoutSeconds: app.config.REALTIME_PONG_TIMEOUT_SECONDS,
    sessionLive: (sessionId) => app.services.identity.sessionLive(app.db, sessionId),
  })
  app.server.on('upgrade', (req, socket, head) => {
    if (endpoint.handleUpgrade(req, socket, head)) return
    // Nobody else takes upgrades (Vite's HMR has its own port): do not leave the socket hanging.
    if (app.server.listenerCount('upgrade') === 1) socket.destroy()
  })
  app.addHook('preClose', () => endpoint.close())
  return endpoint
}
