import { defineModule } from '../module.ts'
import { isOrganizationMember } from '../organizations/index.ts'
import { filesRoutes } from './files.routes.ts'
import { createFilesService } from './files.service.ts'
import { createFileStorage } from './files.storage.ts'
import * as tables from './files.table.ts'

export { contentDisposition, FILE_POLICY, filePartBytes, receiveUpload, sendStoredFile } from './files.routes.ts'
export type { FilesService, StoreFileInput } from './files.service.ts'
export { createFileStorage, type FileStorage } from './files.storage.ts'

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
