import { randomUUID } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import { RouterContextProvider, type UNSAFE_DataWithResponseInit } from 'react-router'
import { describe, expect, it } from 'vitest'
import { appContext, type AppLoadContext } from '#app/lib/load-context.ts'
import { submitLead } from '#app/lib/lead-action.server.ts'
import { companyAction } from '#app/routes/account/company.server.ts'
import { action as profileAction } from '#app/routes/account/profile.tsx'
import { loader as catalogLoader } from '#app/routes/catalog.tsx'
import { loader as productLoader } from '#app/routes/product.tsx'
import { loader as sellerLoader } from '#app/routes/seller.tsx'
import { TEXT_MESSAGES } from '#common/text.ts'
import { type Ctx, guestCtx } from './context.ts'
import type { Database } from './db/client.ts'
import { ctxFor, organizationInput } from './modules/organizations/organizations.testing.ts'
import { useTestApp } from './testing/app.ts'
import { createTestUser } from './testing/auth.ts'
import { BACKENDS } from './testing/database.ts'

/**
 * The pages' loaders and actions with the real services and database: the page renderer needs a
 * build, but what a page does with a request is all here. Text nobody can type is a 400 with the
 * field's message, kept in the form; an address that cannot exist is the 404 page. (A form or
 * a URL arrives as UTF-8, where a lone surrogate cannot be written: it decodes to U+FFFD.)
 */
const INVALID = [
  ['NUL', '\u0000'],
  ['BEL', '\u0007'],
  ['NEL (C1)', '\u0085'],
] as const

type Args = { request: Request; params: Record<string, string>; context: RouterContextProvider }

/** What a loader or an action answered or threw: a status and a body. */
async function settle(run: () => unknown): Promise<{ status: number; body: unknown }> {
  let result: unknown
  try {
    result = await run()
  } catch (thrown) {
    result = thrown
  }
  if (result instanceof Response) return { status: result.status, body: null }
  const withInit = result as UNSAFE_DataWithResponseInit<unknown>
  if (withInit && typeof withInit === 'object' && 'init' in withInit && 'data' in withInit) {
    return { status: withInit.init?.status ?? 200, body: withInit.data }
  }
  return { status: 200, body: result }
}

const refusedForm = (field: string) => ({
  status: 400,
  body: { ok: false, fieldErrors: { [field]: TEXT_MESSAGES.invalidCharacters } },
})

describe.each(BACKENDS)('pages with invalid text on %s', (backend) => {
  let database: Database
  let app: FastifyInstance

  useTestApp(backend, (started) => {
    database = started.database
    app = started.app
  })

  function args(ctx: Ctx, url: string, opts: { params?: Record<string, string>; form?: Record<string, string> } = {}) {
    const context = new RouterContextProvider()
    const load: AppLoadContext = {
      requestId: 'test',
      cspNonce: 'test',
      viewport: 'desktop',
      skipPageCache: () => {},
      databaseAway: false,
      publicConfig: {
        apiBaseUrl: '/api/v1',
        cdnUrl: '',
        metrikaId: null,
        buildId: 'test',
        assetsVersion: 'test-assets',
        publicUrl: 'http://x',
        chatWsUrl: null,
      },
      services: app.services,
      ctx,
    }
    context.set(appContext, load)
    const init = opts.form ? { method: 'POST', body: new URLSearchParams(opts.form) } : {}
    return { request: new Request(`http://x${url}`, init), params: opts.params ?? {}, context } as Args
  }

  const guest = (): Ctx => guestCtx(database.db, { requestId: 'test', ip: '127.0.0.1', userAgent: 'test' })

  describe.each(INVALID)('%s', (_name, bad) => {
    it('is refused by the profile form', async () => {
      const user = await createTestUser(database.db)
      const post = args(await ctxFor(database.db, user), '/personal-account/profile', {
        form: { intent: 'profile', name: `Иван${bad}`, phone: '' },
      })
      expect(await settle(() => profileAction(post as never))).toMatchObject(refusedForm('name'))
    })

    it('is refused by the company forms', async () => {
      const owner = await createTestUser(database.db)
      const ctx = await ctxFor(database.db, owner)
      const url = '/personal-account/company'
      const create = args(ctx, url, {
        form: { intent: 'create', ...organizationInput({ legalAddress: `Москва${bad}` }) },
      })
      expect(await settle(() => companyAction(create.request, create.context))).toMatchObject(
        refusedForm('legalAddress'),
      )

      const org = await app.services.organizations.create(ctx, organizationInput())
      const update = args(ctx, url, { form: { intent: 'update', organizationId: org.id, description: `О нас${bad}` } })
      expect(await settle(() => companyAction(update.request, update.context))).toMatchObject(
        refusedForm('description'),
      )

      const joiner = await createTestUser(database.db)
      const join = args(await ctxFor(database.db, joiner), url, {
        form: { intent: 'joinRequest', inn: org.inn, message: `Добавьте меня${bad}` },
      })
      expect(await settle(() => companyAction(join.request, join.context))).toMatchObject(refusedForm('message'))
    })

    it('is refused by the lead form of /for-sellers', async () => {
      const post = args(guest(), '/for-sellers', {
        form: {
          name: 'Ирина',
          phone: '+7 (916) 123-45-67',
          email: 'irina@example.test',
          message: `Хотим продавать у вас${bad}`,
          consent: 'on',
          submissionId: randomUUID(),
        },
      })
      expect(await settle(() => submitLead(post.request, post.context))).toMatchObject(refusedForm('message'))
    })

    it('makes /product/{slug} and /sellers/{slug} the 404 page', async () => {
      for (const slug of [bad, `dji${bad}`]) {
        const product = args(guest(), `/product/x`, { params: { slug } })
        expect((await settle(() => productLoader(product as never))).status).toBe(404)
        const seller = args(guest(), `/sellers/x`, { params: { slug } })
        expect((await settle(() => sellerLoader(seller as never))).status).toBe(404)
      }
    })
  })

  it('ignores a search the catalogue page cannot use, instead of failing', async () => {
    for (const q of ['%00', '%07', 'дрон%00']) {
      const page = args(guest(), `/catalog/bespilotniki?q=${q}`, { params: { slug: 'bespilotniki' } })
      const { status, body } = await settle(() => catalogLoader(page as never))
      expect(status).toBe(200)
      expect((body as { listing: { query: { q?: string } } }).listing.query.q).toBeUndefined()
    }
  })
})
