import { defineModule } from '../modules/module.ts'
import { realtimeRoutes } from './realtime.routes.ts'
import { createRealtime, type RealtimeService } from './realtime.service.ts'

/**
 * Realtime publications (`services.realtime.publish`) and connection tokens; the endpoint itself is
 * attached to the HTTP server by app.ts (attach.ts). Decision 022.
 */
export const realtimeModule = defineModule({
  name: 'realtime',
  routes: realtimeRoutes,
  service: ({ config, log }, { system }): RealtimeService =>
    createRealtime(config, log, () => system.installationSecret('chat_token')),
  close: (service) => service.close(),
})
