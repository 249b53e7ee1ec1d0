import pg from 'pg'

/**
 * The scratch databases benchmarks run on: each benchmark creates its own on the PostgreSQL
 * server named by BENCH_DATABASE_URL (or DATABASE_URL; the local `test` database's server by
 * default), drops it afterwards, and never touches the database it connects through.
 */
export const ADMIN_URL =
  process.env.BENCH_DATABASE_URL || process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test'

async function adminQuery(text: string): Promise<void> {
  const client = new pg.Client({ connectionString: ADMIN_URL })
  await client.connect()
  try {
    await client.query(text)
  } finally {
    await client.end()
  }
}

function urlOf(name: string): string {
  const url = new URL(ADMIN_URL)
  url.pathname = `/${name}`
  return url.toString()
}

/** A fresh, empty database `name` and its URL; null (said why) when PostgreSQL is not reachable. */
export async function createScratchDatabase(name: string): Promise<string | null> {
  try {
    await adminQuery(`drop database if exists ${name} with (force)`)
    await adminQuery(`create database ${name}`)
  } catch (err) {
    console.log(`\nPostgreSQL at ${ADMIN_URL} is not reachable (${(err as Error).message}): skipped`)
    return null
  }
  return urlOf(name)
}

/**
 * The URL of scratch database `name` if an earlier run kept it (BENCH_KEEP=1), else null: filling
 * 100 000 products takes minutes, measuring them again after a change does not need that.
 */
export async function keptScratchDatabase(name: string): Promise<string | null> {
  const client = new pg.Client({ connectionString: ADMIN_URL })
  await client.connect()
  try {
    const found = await client.query('select 1 from pg_database where datname = $1', [name])
    return found.rowCount ? urlOf(name) : null
  } finally {
    await client.end()
  }
}

export async function dropScratchDatabase(name: string): Promise<void> {
  await adminQuery(`drop database if exists ${name} with (force)`).catch(() => {})
}
