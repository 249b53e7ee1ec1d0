import type { FastifyInstance } from 'fastify'
import { beforeAll, describe, expect, it } from 'vitest'
import { REQUEST_MESSAGES } from '#common/exchange/requests.ts'
import { addDays, moscowToday } from '#common/moscow-days.ts'
// The request form's and the request page's loaders and actions over the real services and a
// test database: the test builds the load context the server would hand them.
import type { Database } from '#server/db/client.ts'
import { createTestBuyer, createTestVendor } from '#server/modules/organizations/vendors.testing.ts'
import { createMember } from '#server/modules/products/products.testing.ts'
import { ctxFor } from '#server/modules/organizations/organizations.testing.ts'
import { routeContext } from '#app/lib/load-context.testing.ts'
import { useTestApp } from '#server/testing/app.ts'
import * as form from './services-request.tsx'
import * as page from './services-request-page.tsx'

type Member = { id: string; cookie: string }
type Args<F extends (...args: never[]) => unknown> = Parameters<F>[0]

const today = moscowToday()
const complete = (overrides: Record<string, unknown> = {}) => ({
  type: 'aerial-survey',
  title: 'Ортофотоплан 40 га',
  region: '16',
  address: 'Лаишевский район',
  area: {
    type: 'Polygon',
    coordinates: [
      [
        [49.1, 55.7],
        [49.11, 55.7],
        [49.11, 55.71],
        [49.1, 55.7],
      ],
    ],
  },
  startsOn: addDays(today, 14),
  endsOn: addDays(today, 16),
  volume: 40,
  budgetKopecks: null,
  flight: { maxAltitudeM: 150, controlledAirspace: true, restrictedZone: false, permissionBy: 'contractor' },
  proposalsDeadline: addDays(today, 7),
  ...overrides,
})

describe('the request form and page over the real services', () => {
  let database: Database
  let app: FastifyInstance
  let customer: Member
  let vendor: Member
  let otherBuyer: Member

  useTestApp('pglite', async (started) => {
    database = started.database
    app = started.app
  })

  beforeAll(async () => {
    const db = database.db
    const org = await createTestBuyer(db, { name: 'Заря', slug: 'zarya-rq-page' })
    customer = await createMember(db, org.id, 'owner', 'Вера Заказчик')
    const vendorOrg = await createTestVendor(db, { name: 'Аэросъёмка', slug: 'aero-rq-page' })
    vendor = await createMember(db, vendorOrg.id)
    const other = await createTestBuyer(db, { name: 'Чужие', slug: 'other-rq-page' })
    otherBuyer = await createMember(db, other.id)
  })

  async function openForm(user: Member | null, query = '') {
    const context = await routeContext(app, database, user)
    return form.loader({ request: new Request(`http://x/services/request${query}`), context } as unknown as Args<
      typeof form.loader
    >)
  }

  /** The form's action: a Response when it redirects, otherwise its data and status. */
  async function submit(user: Member, fields: Record<string, string>, query = '') {
    const request = new Request(`http://x/services/request${query}`, {
      method: 'POST',
      body: new URLSearchParams(fields),
    })
    const context = await routeContext(app, database, user)
    const result = (await form.action({ request, context } as unknown as Args<typeof form.action>)) as unknown
    if (result instanceof Response) return { redirect: result.headers.get('location'), status: result.status }
    const wrapped = result as { data?: unknown; init?: { status?: number } | null }
    return 'data' in (wrapped as object)
      ? { data: wrapped.data as Record<string, unknown>, status: wrapped.init?.status ?? 200 }
      : { data: result as Record<string, unknown>, status: 200 }
  }

  async function openPage(user: Member | null, number: string) {
    const context = await routeContext(app, database, user)
    return page.loader({
      request: new Request(`http://x/services/requests/${number}`),
      context,
      params: { number },
    } as unknown as Args<typeof page.loader>)
  }

  async function postPage(user: Member, number: string, fields: Record<string, string>) {
    const request = new Request(`http://x/services/requests/${number}`, {
      method: 'POST',
      body: new URLSearchParams(fields),
    })
    const context = await routeContext(app, database, user)
    const result = (await page.action({ request, context, params: { number } } as unknown as Args<
      typeof page.action
    >)) as {
      data: { ok: boolean; message: string; fieldErrors: Record<string, string> }
      init: { status?: number } | null
    }
    return { ...result.data, status: result.init?.status ?? 200 }
  }

  it('asks guests to sign in and tells organizations without a buyer role what they need', async () => {
    expect(await openForm(null)).toEqual({ kind: 'guest' })
    expect(await openForm(vendor)).toEqual({ kind: 'notBuyer', message: REQUEST_MESSAGES.notBuyer })
    const ready = await openForm(customer)
    expect(ready).toMatchObject({ kind: 'form', draft: null })
    expect((ready as { vendors: { name: string }[] }).vendors.map((v) => v.name)).toContain('ООО «Аэросъёмка»')
  })

  it('saves a draft, comes back to it, refuses bad input with field errors, publishes to the page', async () => {
    const saved = await submit(customer, {
      intent: 'save',
      creationKey: 'form-key-1',
      request: JSON.stringify({ type: 'aerial-survey', title: 'Черновик съёмки' }),
    })
    expect(saved.status).toBe(302)
    const number = /draft=(Z-\d{4}-\d+)/.exec(saved.redirect ?? '')![1]!
    const back = await openForm(customer, `?draft=${number}`)
    expect(back).toMatchObject({ kind: 'form', draft: { number, title: 'Черновик съёмки', status: 'draft' } })

    // Another organization's draft, or a malformed number, is the 404 page.
    await expect(openForm(otherBuyer, `?draft=${number}`)).rejects.toMatchObject({ init: { status: 404 } })
    await expect(openForm(customer, '?draft=nonsense')).rejects.toMatchObject({ init: { status: 404 } })

    const refused = await submit(
      customer,
      { intent: 'publish', draft: number, request: JSON.stringify(complete({ startsOn: addDays(today, -2) })) },
      `?draft=${number}`,
    )
    expect(refused.status).toBe(400)
    expect(refused.data).toMatchObject({ ok: false, fieldErrors: { startsOn: REQUEST_MESSAGES.pastDate } })

    const badArea = await submit(
      customer,
      {
        intent: 'save',
        draft: number,
        request: JSON.stringify(complete({ area: { type: 'Polygon', coordinates: [[[0, 0]]] } })),
      },
      `?draft=${number}`,
    )
    expect(badArea.status).toBe(400)
    expect(badArea.data?.fieldErrors).toMatchObject({ area: 'В контуре участка должно быть не меньше 3 точек' })

    const published = await submit(
      customer,
      { intent: 'publish', draft: number, request: JSON.stringify(complete()) },
      `?draft=${number}`,
    )
    expect(published).toEqual({ redirect: `/services/requests/${number}`, status: 302 })
    // A published request is no longer a draft to edit: the form sends to its page.
    await expect(openForm(customer, `?draft=${number}`)).rejects.toMatchObject({ status: 302 })
  })

  it('publishing a form never saved checks it first: a refusal leaves no «Без названия» draft', async () => {
    const before = await app.services.exchange.cabinet.myRequests(await ctxFor(database.db, customer), {
      filter: 'drafts',
    })
    const refused = await submit(customer, {
      intent: 'publish',
      creationKey: 'form-key-empty',
      request: JSON.stringify({ type: 'aerial-survey' }),
    })
    expect(refused.status).toBe(400)
    expect(refused.data).toMatchObject({
      ok: false,
      message: REQUEST_MESSAGES.fillRequired,
      fieldErrors: { title: REQUEST_MESSAGES.title, region: REQUEST_MESSAGES.region },
    })
    const after = await app.services.exchange.cabinet.myRequests(await ctxFor(database.db, customer), {
      filter: 'drafts',
    })
    expect(after.total).toBe(before.total)

    // The same form filled in publishes at once, as one request.
    const published = await submit(customer, {
      intent: 'publish',
      creationKey: 'form-key-empty',
      request: JSON.stringify(complete()),
    })
    expect(published.status).toBe(302)
    expect(published.redirect).toMatch(/^\/services\/requests\/Z-\d{4}-\d+$/)
  })

  it('shows the page to guests when public, with the customer moves for the customer only', async () => {
    const saved = await submit(customer, {
      intent: 'publish',
      creationKey: 'form-key-2',
      request: JSON.stringify(complete()),
    })
    const number = /\/services\/requests\/(.+)$/.exec(saved.redirect ?? '')![1]!
    const asGuest = await openPage(null, number)
    expect(asGuest).toMatchObject({
      request: { number, status: 'open', viewer: 'reader', actions: [] },
      noindex: false,
      seo: { canonical: `http://x/services/requests/${number}` },
    })
    expect((await openPage(customer, number)).request.actions).toEqual(['close', 'cancel'])

    const noReason = await postPage(customer, number, { intent: 'cancel', reason: '' })
    expect(noReason).toMatchObject({
      ok: false,
      status: 400,
      fieldErrors: { reason: 'Напишите, почему заявка отменяется' },
    })
    const earlier = await postPage(customer, number, { intent: 'extend', proposalsDeadline: addDays(today, 3) })
    expect(earlier).toMatchObject({ ok: false, status: 400 })
    expect(earlier.fieldErrors.proposalsDeadline).toMatch(/можно только продлить/)
    expect(await postPage(customer, number, { intent: 'extend', proposalsDeadline: addDays(today, 9) })).toMatchObject({
      ok: true,
      message: 'Срок приёма предложений продлён',
    })
    expect((await openPage(null, number)).request.proposalsDeadline).toBe(addDays(today, 9))
    expect(await postPage(customer, number, { intent: 'close' })).toMatchObject({ ok: true, status: 200 })
    expect((await openPage(null, number)).request.status).toBe('closed')
    await expect(postPage(otherBuyer, number, { intent: 'cancel', reason: 'Чужая' })).rejects.toMatchObject({
      init: { status: 404 },
    })
    expect(await postPage(customer, number, { intent: 'hack' })).toMatchObject({ ok: false, status: 400 })
  })

  it('answers 404 for drafts and invited requests of others, and marks them not to be indexed', async () => {
    const saved = await submit(customer, {
      intent: 'save',
      creationKey: 'form-key-3',
      request: JSON.stringify({ type: 'repair' }),
    })
    const number = /draft=(.+)$/.exec(saved.redirect ?? '')![1]!
    await expect(openPage(null, number)).rejects.toMatchObject({ init: { status: 404 } })
    await expect(openPage(vendor, number)).rejects.toMatchObject({ init: { status: 404 } })
    expect(await openPage(customer, number)).toMatchObject({
      noindex: true,
      request: { actions: ['publish', 'cancel'] },
    })
    await expect(openPage(null, 'Z-1')).rejects.toMatchObject({ init: { status: 404 } })
  })
})
