import { randomBytes } from 'node:crypto'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { PGlite } from '@electric-sql/pglite'
import { openDatabase } from '../db/client.ts'
import { databaseUrl, runAdmin, TEMPLATE_ENV } from './database.ts'

/**
 * Vitest's global set-up: one migrated database per backend for the run, which every test file's
 * database is then copied from (see openTestDatabase). Removed again when the run ends.
 */
export default async function setup(): Promise<() => Promise<void>> {
  const dir = await mkdtemp(join(tmpdir(), 'bas-test-template-'))
  const pglite = await openDatabase({ pgliteDir: 'memory://' })
  await pglite.migrate()
  const file = join(dir, 'pglite.tar')
  const client = (pglite.db as unknown as { $client: PGlite }).$client
  await writeFile(file, Buffer.from(await (await client.dumpDataDir('none')).arrayBuffer()))
  await pglite.close()
  process.env[TEMPLATE_ENV.pglite] = file

  const adminUrl = process.env.TEST_DATABASE_URL
  const template = `t_template_${randomBytes(4).toString('hex')}`
  if (adminUrl) {
    await runAdmin(adminUrl, `create database ${template}`)
    const postgres = await openDatabase({ url: databaseUrl(adminUrl, template), pgliteDir: '' })
    await postgres.migrate()
    await postgres.close()
    process.env[TEMPLATE_ENV.postgres] = template
  }

  return async () => {
    await rm(dir, { recursive: true, force: true })
    if (adminUrl) await runAdmin(adminUrl, `drop database if exists ${template} with (force)`)
  }
}
