import { randomBytes } from 'node:crypto'
import { eq, sql } from 'drizzle-orm'
import { defineModule } from '../module.ts'
import * as tables from './system.table.ts'
import { systemMeta } from './system.table.ts'

/**
 * The process itself: its probe of the database (the probes' routes are outside /api/v1, see
 * app.ts), and the installation's own secrets.
 */
export const systemModule = defineModule({
  name: 'system',
  tables,
  service: ({ database, redis }) => ({
    /** Redis is optional: «off» without REDIS_URL; away, the instance works on in a degraded way. */
    redisState(): 'ok' | 'unavailable' | 'off' {
      if (!redis) return 'off'
      return redis.ready ? 'ok' : 'unavailable'
    },

    async isDatabaseReady(): Promise<boolean> {
      try {
        await database.ping()
        return true
      } catch {
        return false
      }
    },

    /**
     * A random secret of the installation, made on first use and kept in the database, so every
     * restart and every instance on the same database agrees on it (the realtime tokens' key when
     * none is configured).
     */
    async installationSecret(name: string): Promise<string> {
      const key = `secret:${name}`
      await database.db
        .insert(systemMeta)
        .values({ key, value: sql`to_jsonb(${randomBytes(32).toString('hex')}::text)` })
        .onConflictDoNothing()
      const [row] = await database.db
        .select({ value: systemMeta.value })
        .from(systemMeta)
        .where(eq(systemMeta.key, key))
      return row!.value as string
    },
  }),
})
