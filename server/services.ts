import type { Config } from './config.ts'
import type { Database } from './db/client.ts'

/**
 * The services every adapter (REST, loaders, realtime) calls. Modules add their service here,
 * so a loader reaches business rules only through `context.services`.
 */
export interface Services {
  health: { isDatabaseReady(): Promise<boolean> }
}

export function createServices(deps: { config: Config; database: Database }): Services {
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
  }
}
