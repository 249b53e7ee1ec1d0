import { defineModule } from '../module.ts'
import { createDadataRegistry } from './company-registry/company-registry.ts'
import { organizationsRoutes } from './organizations.routes.ts'
import { createOrganizationsService, type OrganizationsService } from './organizations.service.ts'
import * as tables from './organizations.table.ts'

export { confirmedVendors, type ConfirmedVendorRef, type ConfirmedVendors } from './confirmed-vendors.ts'
export { memberDirectory, type MemberDirectory } from './member-directory.ts'
export { isOrganizationMember, loadSelectedOrganization } from './organizations.context.ts'
export type { OrganizationsService } from './organizations.service.ts'
export { partyDirectory, type PartyDirectory } from './party-directory.ts'
export { vendorDirectory, type ConfirmedVendor, type VendorDirectory } from './vendor-directory.ts'

export const organizationsModule = defineModule({
  name: 'organizations',
  tables,
  routes: organizationsRoutes,
  // Names and e-mail addresses of any organization's members.
  internal: ['peopleOf'],
  service: ({ limiter, config }, services): OrganizationsService =>
    createOrganizationsService({
      identity: services.identity,
      events: services.notifications,
      limiter,
      files: services.files,
      registry: config.DADATA_API_KEY
        ? createDadataRegistry({ url: config.DADATA_URL, apiKey: config.DADATA_API_KEY })
        : null,
    }),
})
