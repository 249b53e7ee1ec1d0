import type { FastifyInstance } from 'fastify'
import { RouterContextProvider } from 'react-router'
import type { Database } from '#server/db/client.ts'
import { guestCtx } from '#server/context.ts'
import { ctxFor } from '#server/modules/organizations/organizations.testing.ts'
import { type AppLoadContext, appContext, type PublicConfig } from './load-context.ts'

export const TEST_PUBLIC_CONFIG: PublicConfig = {
  apiBaseUrl: '/api/v1',
  cdnUrl: '',
  metrikaId: null,
  buildId: 'test',
  assetsVersion: 'test-assets',
  publicUrl: 'http://x',
  chatWsUrl: null,
}

/**
 * What a route's loader or action gets from the server for this user (a guest when null): the
 * real services of the test app and the user's context, for tests that call them directly.
 */
export async function routeContext(
  app: FastifyInstance,
  database: Database,
  user: { id: string } | null,
): Promise<RouterContextProvider> {
  const context = new RouterContextProvider()
  context.set(appContext, {
    services: app.services,
    ctx: user ? await ctxFor(database.db, user) : guestCtx(database.db, { requestId: 't', ip: '', userAgent: '' }),
    publicConfig: TEST_PUBLIC_CONFIG,
  } as unknown as AppLoadContext)
  return context
}
