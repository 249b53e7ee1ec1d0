import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '../db/client.ts'
import { buildTestApp, testConfig } from '../testing/app.ts'
import { openTestDatabase } from '../testing/database.ts'

describe('API documentation', () => {
  it('is public by default only with the embedded database', () => {
    expect(testConfig().apiDocsPublic).toBe(true)
    expect(testConfig({ DATABASE_URL: 'postgres://db.internal/market' }).apiDocsPublic).toBe(false)
    expect(testConfig({ DATABASE_URL: 'postgres://db.internal/market', API_DOCS_PUBLIC: 'true' }).apiDocsPublic).toBe(
      true,
    )
  })

  describe('served or not', () => {
    let database: Database
    let open: FastifyInstance
    let closed: FastifyInstance
    beforeAll(async () => {
      database = await openTestDatabase('pglite')
      open = await buildTestApp(database)
      closed = await buildTestApp(database, { API_DOCS_PUBLIC: 'false' })
    })
    afterAll(async () => {
      await Promise.all([open.close(), closed.close()])
      await database.close()
    })

    it('answers the UI and the document only when API_DOCS_PUBLIC is on', async () => {
      expect((await open.inject({ url: '/api/docs/json' })).statusCode).toBe(200)
      expect((await open.inject({ url: '/api/docs/json' })).json().paths['/api/v1/users/whoami']).toBeDefined()
      for (const url of ['/api/docs', '/api/docs/', '/api/docs/json', '/api/docs/static/index.html']) {
        expect((await closed.inject({ url })).statusCode, url).toBe(404)
      }
      // The document is still built for the server's own use.
      expect(Object.keys(closed.swagger().paths ?? {})).toContain('/api/v1/users/whoami')
    })
  })
})
