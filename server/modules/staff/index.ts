import { defineModule } from '../module.ts'
import { staffRoutes } from './staff.routes.ts'

/** The staff console's endpoints over the leads, mail and audit services; no service of its own. */
export const staffModule = defineModule({ name: 'staff', routes: staffRoutes })
