import { randomBytes } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import pg from 'pg'
import { openDatabase, type Database } from '../db/client.ts'

export type Backend = 'pglite' | 'postgres'

/** PGlite always; PostgreSQL too when TEST_DATABASE_URL is set (CI sets it). */
export const BACKENDS: Backend[] = process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite']

/**
 * Migrated databases that each test file's database is copied from (made once per run by
 * template-databases.ts): an empty embedded database costs seconds of initdb, a copy half a
 * second; a PostgreSQL `create database … template` costs less than running the migrations.
 * Without them (a test run outside Vitest's set-up) every database is made and migrated afresh.
 */
export const TEMPLATE_ENV = { pglite: 'TEST_PGLITE_TEMPLATE', postgres: 'TEST_POSTGRES_TEMPLATE' } as const

let pgliteTemplate: Promise<Blob> | undefined

/**
 * A migrated database of its own for one test file: PGlite in memory, or a fresh PostgreSQL
 * database created next to TEST_DATABASE_URL's and dropped on close, so parallel runs never meet.
 */
export async function openTestDatabase(backend: Backend): Promise<Database & { url?: string }> {
  if (backend === 'pglite') {
    const templateFile = process.env[TEMPLATE_ENV.pglite]
    if (templateFile) {
      pgliteTemplate ??= readFile(templateFile).then((bytes) => new Blob([bytes]))
      return openDatabase({ pgliteDir: 'memory://', pgliteDataDir: await pgliteTemplate })
    }
    const database = await openDatabase({ pgliteDir: 'memory://' })
    await database.migrate()
    return database
  }
  const adminUrl = process.env.TEST_DATABASE_URL
  if (!adminUrl) throw new Error('TEST_DATABASE_URL is not set')
  const name = `t_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`
  const template = process.env[TEMPLATE_ENV.postgres]
  await runAdmin(adminUrl, `create database ${name}${template ? ` template ${template}` : ''}`)
  // A test database is thrown away after the file: its commits need not wait for the disk.
  await runAdmin(adminUrl, `alter database ${name} set synchronous_commit = off`)

  // Dropping the database WITH (FORCE) terminates the pool's connections: expected here.
  const database = await openDatabase({ url: databaseUrl(adminUrl, name), pgliteDir: '', onConnectionError: () => {} })
  if (!template) await database.migrate()
  return {
    ...database,
    url: databaseUrl(adminUrl, name),
    async close() {
      await database.close()
      await runAdmin(adminUrl, `drop database if exists ${name} with (force)`)
    },
  }
}

export function databaseUrl(adminUrl: string, name: string): string {
  const url = new URL(adminUrl)
  url.pathname = `/${name}`
  return url.toString()
}

export async function runAdmin(adminUrl: string, statement: string): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl })
  await admin.connect()
  try {
    await admin.query(statement)
  } finally {
    await admin.end()
  }
}
