import { defineModule } from '../module.ts'
import { isOrganizationMember } from '../organizations/organizations.context.ts'
import { filesRoutes } from './files.routes.ts'
import { createFilesService } from './files.service.ts'
import { createFileStorage } from './files.storage.ts'
import * as tables from './files.table.ts'

export const filesModule = defineModule({
  name: 'files',
  tables,
  routes: filesRoutes,
  // Any attached file, whoever asks: the owning module checks access first.
  internal: ['readAttached'],
  service: ({ config, limiter }) =>
    createFilesService({
      storage: createFileStorage(config),
      limiter,
      isMember: async (ctx, organizationId) =>
        ctx.user ? isOrganizationMember(ctx.db, ctx.user.id, organizationId) : false,
    }),
})
