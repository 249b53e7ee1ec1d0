import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from './db/client.ts'
import { MODULES } from './modules/index.ts'
import type { ModuleDefinition } from './modules/module.ts'
import { buildTestApp } from './testing/app.ts'
import { openTestDatabase } from './testing/database.ts'

const modules = MODULES as readonly ModuleDefinition[]

describe('what requests may call', () => {
  let database: Database
  let app: FastifyInstance

  beforeAll(async () => {
    database = await openTestDatabase('pglite')
    app = await buildTestApp(database)
  })
  afterAll(async () => {
    await app?.close()
    await database?.close()
  })

  it('is each service without the methods its module keeps for other modules', () => {
    const kept = modules.filter((m) => m.internal?.length)
    expect(kept.map((m) => m.name).sort()).toEqual([
      'chat',
      'documents',
      'files',
      'identity',
      'orders',
      'organizations',
      'productImports',
    ])
    for (const module of kept) {
      const full = (app.modules as unknown as Record<string, Record<string, unknown>>)[module.name]!
      const seen = (app.services as unknown as Record<string, Record<string, unknown>>)[module.name]!
      for (const name of module.internal!) {
        expect(full[name], `${module.name}.${name} exists`).toBeDefined()
        expect(seen[name], `${module.name}.${name} is hidden`).toBeUndefined()
        expect(name in seen).toBe(false)
      }
    }
    // The rest of a service is the same object's, read live.
    expect(app.services.identity.whoami).toBe(app.modules.identity.whoami)
    expect(app.services.catalog).toBe(app.modules.catalog)
  })

  it('includes the flows, which are built on the services in full', () => {
    expect(app.services.flows).toBe(app.modules.flows)
    expect(typeof app.services.flows.placeOrders).toBe('function')
    expect(typeof app.services.flows.moveOrder.ship).toBe('function')
    expect('checkout' in app.services.orders).toBe(false)
  })
})
