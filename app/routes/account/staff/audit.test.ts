import type { FastifyInstance } from 'fastify'
import { RouterContextProvider } from 'react-router'
import { beforeAll, describe, expect, it } from 'vitest'
import { appContext, type AppLoadContext } from '#app/lib/load-context.ts'
// The page's loader over the real services and a test database: the test builds the load
// context the server would hand it.
import type { Database } from '#server/db/client.ts'
import { enqueueJob } from '#server/jobs/queue.ts'
import { createJobRunner } from '#server/jobs/runner.ts'
import { ctxFor } from '#server/modules/organizations/organizations.testing.ts'
import { createTestUser } from '#server/testing/auth.ts'
import { useTestApp } from '#server/testing/app.ts'
import { loader } from './audit.tsx'

type Args = Parameters<typeof loader>[0]

describe('the staff log page lists the failed background jobs', () => {
  let database: Database
  let app: FastifyInstance
  let staff: { id: string }

  useTestApp('pglite', (started) => {
    database = started.database
    app = started.app
  })

  beforeAll(async () => {
    staff = await createTestUser(database.db, { isStaff: true })
  })

  it('shows a job that used up its attempts, with its last error', async () => {
    const runner = createJobRunner({ db: database.db, log: () => {} })
    runner.register('test.broken', async () => {
      throw new Error('адрес фото недоступен')
    })
    const { id } = await enqueueJob(database.db, 'test.broken', {}, { maxAttempts: 1 })
    await runner.runUntilIdle()

    const context = new RouterContextProvider()
    context.set(appContext, {
      services: app.services,
      ctx: await ctxFor(database.db, staff),
      publicConfig: {
        apiBaseUrl: '/api/v1',
        cdnUrl: '',
        metrikaId: null,
        buildId: 'test',
        publicUrl: '',
        chatWsUrl: null,
      },
    } as unknown as AppLoadContext)
    const data = await loader({
      request: new Request('http://x/personal-account/staff/audit'),
      context,
      params: {},
    } as unknown as Args)
    expect(data?.failedJobs.total).toBe(1)
    expect(data?.failedJobs.items[0]).toMatchObject({
      id,
      kind: 'test.broken',
      attempts: 1,
      lastError: 'адрес фото недоступен',
    })
  })
})
