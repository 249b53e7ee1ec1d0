import { readdirSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { is } from 'drizzle-orm'
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core'
import { describe, expect, it } from 'vitest'
import { MODULES } from './index.ts'
import type { ModuleDefinition } from './module.ts'

const modulesDir = fileURLToPath(new URL('.', import.meta.url))
const modules = MODULES as readonly ModuleDefinition[]

function tableNames(exports: Record<string, unknown>): string[] {
  return Object.values(exports).flatMap((value) => (is(value, PgTable) ? [getTableConfig(value).name] : []))
}

describe('the module list', () => {
  it('names each module once', () => {
    const names = modules.map((m) => m.name)
    expect(new Set(names).size).toBe(names.length)
  })

  // drizzle-kit reads every modules/**/*.table.ts and jobs/*.table.ts (drizzle.config.ts): a module
  // left out of the list would still get migrations but no service, routes or place in the registry.
  it('holds every table drizzle-kit sees', async () => {
    const onDisk: string[] = []
    const files = [
      ...readdirSync(modulesDir, { recursive: true, encoding: 'utf8' }).map((f) => `./${f}`),
      ...readdirSync(new URL('../jobs/', import.meta.url), { encoding: 'utf8' }).map((f) => `../jobs/${f}`),
    ]
    for (const file of files.filter((f) => f.endsWith('.table.ts'))) onDisk.push(...tableNames(await import(file)))
    const listed = modules.flatMap((m) => (m.tables ? tableNames(m.tables) : []))
    expect(onDisk.length).toBeGreaterThan(10)
    expect(listed.sort()).toEqual(onDisk.sort())
  })
})
