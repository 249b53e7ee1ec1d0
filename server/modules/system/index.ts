import { defineModule } from '../module.ts'
import * as tables from './system.table.ts'

/** The process itself: its probe of the database (the probes' routes are outside /api/v1, see app.ts). */
export const systemModule = defineModule({
  name: 'system',
  tables,
  service: ({ database }) => ({
    async isDatabaseReady(): Promise<boolean> {
      try {
        await database.ping()
        return true
      } catch {
        return false
      }
    },
  }),
})
