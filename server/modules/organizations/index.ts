import { defineModule } from '../module.ts'
import { organizationsRoutes } from './organizations.routes.ts'
import { createOrganizationsService, type OrganizationsService } from './organizations.service.ts'
import * as tables from './organizations.table.ts'

export const organizationsModule = defineModule({
  name: 'organizations',
  tables,
  routes: organizationsRoutes,
  service: ({ limiter }, services): OrganizationsService =>
    createOrganizationsService({
      identity: services.identity,
      events: services.notifications,
      limiter,
      files: services.files,
    }),
})
