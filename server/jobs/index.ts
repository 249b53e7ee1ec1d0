import { defineModule } from '../modules/module.ts'
import { jobsRoutes } from './jobs.routes.ts'
import { createJobsService, type JobsService } from './jobs.service.ts'
import * as tables from './jobs.table.ts'

/**
 * The background job queue as a module: listed first after the system module, so every module
 * built after it can register its handlers and enqueue; closed before the database on shutdown.
 */
export const jobsModule = defineModule({
  name: 'jobs',
  tables,
  routes: jobsRoutes,
  service: ({ database, config, log }): JobsService =>
    createJobsService({
      db: database.db,
      log,
      workers: config.JOB_WORKERS,
      leaseMs: config.JOB_LEASE_SECONDS * 1000,
    }),
  close: (service) => service.stop(),
})
