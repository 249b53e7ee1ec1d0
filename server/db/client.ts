import { mkdirSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { PGlite } from '@electric-sql/pglite'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import { sql } from 'drizzle-orm'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator'
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres'
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator'
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'
import pg from 'pg'
/**
 * The query builder every module writes with. It knows no tables: each module imports its own
 * (its *.table.ts), so the client depends on no module.
 */
export type Db = PgDatabase<PgQueryResultHKT>

export interface Database {
  db: Db
  kind: 'pglite' | 'postgres'
  /** How many statements went through `db` so far: tests hold a request to a fixed number. */
  readonly statements: { count: number }
  migrate(): Promise<void>
  ping(): Promise<void>
  /**
   * The first column of the first row of a statement without parameters, sent over the simple
   * query protocol: about half the cost of going through `db`, for the one read made on every
   * cacheable request (the page cache's content version). Not counted in `statements`.
   */
  queryValue(text: string): Promise<unknown>
  close(): Promise<void>
}

function firstValue(rows: readonly Record<string, unknown>[]): unknown {
  const row = rows[0]
  return row ? Object.values(row)[0] : undefined
}

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url))

/**
 * PGlite when no URL is given (a directory, or in memory with `memory://`), a pg pool otherwise.
 * Both speak the same dialect, so one set of migrations serves both.
 */
export async function openDatabase(opts: {
  url?: string
  pgliteDir: string
  /** An embedded database to start from (PGlite's `dumpDataDir`), instead of an empty one. */
  pgliteDataDir?: Blob
  /**
   * A pooled connection failed (server restart, failover, an administrator's terminate), idle or
   * inside a transaction. The statement it was running fails; the pool replaces the connection.
   */
  onConnectionError?: (err: Error) => void
}): Promise<Database> {
  const statements = { count: 0 }
  const logger = {
    logQuery() {
      statements.count++
    },
  }
  if (opts.url) {
    // A connection that cannot be had in 5 s fails the request (503) rather than holding it.
    const pool = new pg.Pool({ connectionString: opts.url, max: 10, connectionTimeoutMillis: 5_000 })
    const lost = opts.onConnectionError ?? ((err: Error) => console.error('database connection lost:', err.message))
    // An 'error' event without a listener is thrown and ends the process. The pool listens to its
    // idle connections only; a connection lost while checked out (inside a transaction, between
    // statements) emits on the client, so every client gets a listener for its whole life.
    pool.on('connect', (client) => client.on('error', lost))
    pool.on('error', () => {}) // the same error, already reported by the client's listener
    const db = drizzlePg(pool, { logger }) as unknown as Db
    return {
      db,
      kind: 'postgres',
      statements,
      migrate: () => migratePg(drizzlePg(pool), { migrationsFolder }),
      ping: async () => {
        await pool.query('select 1')
      },
      queryValue: async (text) => firstValue((await pool.query(text)).rows),
      close: () => pool.end(),
    }
  }
  const inMemory = opts.pgliteDir === 'memory://'
  if (!inMemory) mkdirSync(opts.pgliteDir, { recursive: true })
  const client = await PGlite.create(inMemory ? undefined : opts.pgliteDir, {
    extensions: { pg_trgm },
    loadDataDir: opts.pgliteDataDir,
  })
  const db = drizzlePglite(client, { logger }) as unknown as Db
  return {
    db,
    kind: 'pglite',
    statements,
    migrate: () => migratePglite(drizzlePglite(client), { migrationsFolder }),
    ping: async () => {
      await db.execute(sql`select 1`)
    },
    queryValue: async (text) => firstValue((await client.exec(text))[0]?.rows ?? []),
    close: () => client.close(),
  }
}
