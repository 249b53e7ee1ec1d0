import { isLeadFormPath } from '#content/lead-forms.ts'
import { defineModule } from '../module.ts'
import { leadsRoutes } from './leads.routes.ts'
import { createLeadsService } from './leads.service.ts'
import * as tables from './leads.table.ts'

export const leadsModule = defineModule({
  name: 'leads',
  tables,
  routes: leadsRoutes,
  service: ({ limiter }) => createLeadsService({ limiter, isLeadFormPath }),
})
