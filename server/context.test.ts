import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ctxForUser, systemCtx } from './context.ts'
import { AppError } from './errors.ts'
import { loadConfig } from './config.ts'
import type { Database } from './db/client.ts'
import { organizationInput } from './modules/organizations/organizations.testing.ts'
import { createServices, type Services } from './services.ts'
import { createTestUser } from './testing/auth.ts'
import { BACKENDS, openTestDatabase } from './testing/database.ts'

describe.each(BACKENDS)('a Ctx without an HTTP request on %s', (backend) => {
  let database: Database
  let services: Services

  beforeAll(async () => {
    database = await openTestDatabase(backend)
    services = createServices({ config: loadConfig({ MAIL_DIR: '' }), database, log: () => {} })
  })
  afterAll(async () => {
    await services.close()
    await database.close()
  })

  it('carries the user and their selected organization, and services accept it', async () => {
    const user = await createTestUser(database.db, { emailConfirmed: true })
    const asUser = await ctxForUser(database.db, user.id, { requestId: 'job:test' })
    const org = await services.organizations.create(asUser, organizationInput())

    // Built again, as a job would, it sees the organization the user selected by creating it.
    const ctx = await ctxForUser(database.db, user.id, { requestId: 'job:test' })
    expect(ctx).toMatchObject({ requestId: 'job:test', isSystem: false, sessionId: null })
    expect(ctx.user).toMatchObject({ id: user.id, email: user.email, selectedOrganizationId: org.id })
    expect(ctx.organization).toMatchObject({ id: org.id, memberRole: 'owner' })
    const whoami = await services.identity.whoami(ctx)
    expect(whoami.organizations.map((o) => [o.id, o.isSelected])).toEqual([[org.id, true]])
  })

  it('refuses an account that does not exist', async () => {
    await expect(ctxForUser(database.db, '00000000-0000-4000-8000-000000000000')).rejects.toMatchObject({
      kind: 'unauthorized',
    })
    await expect(ctxForUser(database.db, 'not-an-id')).rejects.toBeInstanceOf(AppError)
  })

  it('gives the platform a context of its own that signed-in rules refuse', async () => {
    const ctx = systemCtx(database.db, { requestId: 'job:cleanup' })
    expect(ctx).toMatchObject({ isSystem: true, user: null, organization: null, requestId: 'job:cleanup' })
    await expect(services.identity.whoami(ctx)).rejects.toMatchObject({ kind: 'unauthorized' })
  })
})
