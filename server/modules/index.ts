import { jobsModule } from '../jobs/index.ts'
import { realtimeModule } from '../realtime/index.ts'
import { auditModule } from './audit/index.ts'
import { catalogModule } from './catalog/index.ts'
import { chatModule } from './chat/index.ts'
import { compareModule } from './compare/index.ts'
import { documentsModule } from './documents/index.ts'
import { exchangeModule } from './exchange/index.ts'
import { exchange1cModule } from './exchange-1c/index.ts'
import { filesModule } from './files/index.ts'
import { headerModule } from './header/index.ts'
import { identityModule } from './identity/index.ts'
import { leadsModule } from './leads/index.ts'
import { mailModule } from './mail/index.ts'
import { mediaModule } from './media/index.ts'
import { notificationsModule } from './notifications/index.ts'
import { ordersModule } from './orders/index.ts'
import { organizationsModule } from './organizations/index.ts'
import { productImportsModule } from './products/import/index.ts'
import { procurementModule } from './procurement/index.ts'
import { productsModule } from './products/index.ts'
import { reviewsModule } from './reviews/index.ts'
import { sellersModule } from './sellers/index.ts'
import { staffModule } from './staff/index.ts'
import { systemModule } from './system/index.ts'

/**
 * Every domain module, once. The service registry, the REST routes and the Drizzle tables are
 * derived from this list (services.ts, app.ts, index.test.ts for drizzle-kit). In dependency order: a
 * module's service is built from the services listed above it. Adding a module is one line here.
 */
export const MODULES = [
  systemModule,
  jobsModule,
  mailModule,
  notificationsModule,
  realtimeModule,
  identityModule,
  auditModule,
  leadsModule,
  filesModule,
  organizationsModule,
  catalogModule,
  productsModule,
  productImportsModule,
  sellersModule,
  chatModule,
  documentsModule,
  ordersModule,
  reviewsModule,
  exchangeModule,
  compareModule,
  procurementModule,
  exchange1cModule,
  mediaModule,
  headerModule,
  staffModule,
] as const
