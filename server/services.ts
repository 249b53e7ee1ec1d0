import { Redis } from 'ioredis'
import { isLeadFormPath } from '#content/lead-forms.ts'
import type { Config } from './config.ts'
import type { Database } from './db/client.ts'
import { createLeadsService, type LeadsService } from './modules/leads/leads.service.ts'
import { createRateLimiter, type RateLimiter } from './modules/rate-limit/rate-limiter.ts'

/**
 * The services every adapter (REST, loaders and actions, realtime) calls. Modules add their
 * service here, so a loader reaches business rules only through `context.services`.
 */
export interface Services {
  health: { isDatabaseReady(): Promise<boolean> }
  leads: LeadsService
  /** Releases connections the services hold (Redis). */
  close(): Promise<void>
}

export function createServices(deps: { config: Config; database: Database }): Services {
  const redis = deps.config.REDIS_URL
    ? new Redis(deps.config.REDIS_URL, { maxRetriesPerRequest: 2, connectTimeout: 2000 })
    : undefined
  const limiter: RateLimiter = createRateLimiter(redis)
  return {
    health: {
      async isDatabaseReady() {
        try {
          await deps.database.ping()
          return true
        } catch {
          return false
        }
      },
    },
    leads: createLeadsService({ limiter, isLeadFormPath }),
    close: () => limiter.close(),
  }
}
