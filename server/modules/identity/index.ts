import { defineModule } from '../module.ts'
import { HOUSEKEEPING_JOB } from './housekeeping.ts'
import { identityRoutes } from './identity.routes.ts'
import { createIdentityService, type IdentityService } from './identity.service.ts'
import * as tables from './identity.table.ts'

export type { IdentityService } from './identity.service.ts'
export { hashToken, newToken } from './tokens.ts'
export { hashPassword, verifyPassword } from './passwords.ts'
export { USER_PROFILE } from './sessions.ts'

export const identityModule = defineModule({
  name: 'identity',
  tables,
  routes: identityRoutes,
  // Other users' names and e-mail addresses: for notices and histories, never a page as it is.
  internal: ['describeUsers'],
  jobs: [HOUSEKEEPING_JOB],
  service: ({ config, limiter }, services): IdentityService =>
    createIdentityService({
      limiter,
      events: services.notifications,
      jobs: services.jobs,
      // Organizations is built after identity (it is made of identity's users); whoami reads it
      // when called, by which time every module is in the registry.
      listOrganizations: (ctx) => services.organizations.listMine(ctx),
      endConnections: (target) => services.realtime.endConnections(target),
      policy: {
        idleMs: config.SESSION_IDLE_MINUTES * 60_000,
        absoluteMs: config.SESSION_ABSOLUTE_HOURS * 3_600_000,
      },
    }),
})
