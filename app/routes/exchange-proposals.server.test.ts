import type { FastifyInstance } from 'fastify'
import { beforeAll, describe, expect, it } from 'vitest'
import { PROPOSAL_DONE_MESSAGES, PROPOSAL_MESSAGES } from '#common/exchange/proposals.ts'
// The proposals section's loader part and action over the real services and a test database:
// the test builds the load context the server would hand them.
import type { Database } from '#server/db/client.ts'
import {
  daysFromToday,
  insertMatchingOffer,
  insertOpenRequest,
} from '#server/modules/exchange/proposals/proposals.testing.ts'
import { createTestBuyer, createTestVendor } from '#server/modules/organizations/vendors.testing.ts'
import { createMember } from '#server/modules/products/products.testing.ts'
import { useTestApp } from '#server/testing/app.ts'
import { routeContext } from '#app/lib/load-context.testing.ts'
import { loadRequestProposals, proposalsAction } from './exchange-proposals.server.ts'

type Member = { id: string }
type Result = {
  ok: boolean
  message: string
  serviceOrderNumber?: string
  fieldErrors?: Record<string, string>
  values?: Record<string, string>
}

describe('the proposals section’s loader and action over the real services', () => {
  let database: Database
  let app: FastifyInstance
  let customerOrg: { id: string; name: string; slug: string }
  let customer: Member
  let vendor: Member
  let rival: Member
  let stranger: Member

  useTestApp('pglite', async (started) => {
    database = started.database
    app = started.app
  })

  beforeAll(async () => {
    const db = database.db
    customerOrg = await createTestBuyer(db, { name: 'Заря', slug: 'zarya-pr-page' })
    customer = await createMember(db, customerOrg.id)
    const vendorOrg = await createTestVendor(db, { name: 'Аэроагро', slug: 'aeroagro-pr-page' })
    await insertMatchingOffer(db, vendorOrg)
    vendor = await createMember(db, vendorOrg.id)
    const rivalOrg = await createTestVendor(db, { name: 'Пахарь', slug: 'pakhar-pr-page' })
    await insertMatchingOffer(db, rivalOrg)
    rival = await createMember(db, rivalOrg.id)
    stranger = await createMember(db, (await createTestBuyer(db, { name: 'Чужие', slug: 'other-pr-page' })).id)
  })

  const url = (number: string) => `http://x/services/requests/${number}`

  async function load(user: Member | null, number: string) {
    return loadRequestProposals(new Request(url(number)), await routeContext(app, database, user), number)
  }

  async function post(user: Member, number: string, fields: Record<string, string | string[]>) {
    const body = new URLSearchParams()
    for (const [key, value] of Object.entries(fields)) {
      for (const v of Array.isArray(value) ? value : [value]) body.append(key, v)
    }
    const request = new Request(url(number), { method: 'POST', body })
    const result = (await proposalsAction(request, await routeContext(app, database, user), number)) as {
      data: Result
      init: { status?: number } | null
    }
    return { ...result.data, status: result.init?.status ?? 200 }
  }

  const form = (overrides: Record<string, string> = {}) => ({
    intent: 'propose',
    price: '180 000,50',
    startsOn: daysFromToday(10),
    endsOn: daysFromToday(12),
    terms: 'Два дрона',
    message: 'Готовы',
    ...overrides,
  })

  it('loads what the caller sees with a fresh submission key, and the 404 page for a hidden request', async () => {
    const request = await insertOpenRequest(database.db, customerOrg)
    const first = await load(vendor, request.number)
    expect(first.proposals).toMatchObject({ viewer: 'other', canPropose: true })
    expect(first.submissionKey).toMatch(/^[0-9a-f-]{36}$/)
    expect((await load(vendor, request.number)).submissionKey).not.toBe(first.submissionKey)
    expect((await load(null, request.number)).proposals.blocked?.reason).toBe('signIn')
    const draft = await insertOpenRequest(database.db, customerOrg, { status: 'draft' })
    await expect(load(vendor, draft.number)).rejects.toMatchObject({ init: { status: 404 } })
  })

  it('sends a proposal from the form in rubles, once for a resent form, and refuses bad input with what was typed', async () => {
    const request = await insertOpenRequest(database.db, customerOrg)
    const bad = await post(vendor, request.number, form({ price: 'сто рублей', endsOn: daysFromToday(5) }))
    expect(bad).toMatchObject({
      ok: false,
      status: 400,
      fieldErrors: { price: PROPOSAL_MESSAGES.price, endsOn: PROPOSAL_MESSAGES.dates },
      values: { price: 'сто рублей', terms: 'Два дрона' },
    })

    const { submissionKey } = await load(vendor, request.number)
    const sent = await post(vendor, request.number, { ...form(), submissionKey })
    expect(sent).toMatchObject({ ok: true, status: 200, message: PROPOSAL_DONE_MESSAGES.propose })
    expect(await post(vendor, request.number, { ...form(), submissionKey })).toMatchObject({ ok: true })
    const { proposals } = await load(vendor, request.number)
    expect(proposals.proposals).toHaveLength(1)
    expect(proposals.proposals[0]!.priceKopecks).toBe(180_000_50)

    const again = await post(vendor, request.number, form())
    expect(again).toMatchObject({ ok: false, status: 409, message: PROPOSAL_MESSAGES.duplicate })
    expect(await post(vendor, request.number, { intent: 'launch' })).toMatchObject({ ok: false, status: 400 })
    // The page's action may have read the form already to route by intent.
    const posted = new FormData()
    for (const [key, value] of Object.entries(form())) posted.set(key, value)
    const read = (await proposalsAction(
      new Request(url(request.number), { method: 'POST' }),
      await routeContext(app, database, vendor),
      request.number,
      posted,
    )) as { data: Result }
    expect(read.data).toMatchObject({ ok: false, message: PROPOSAL_MESSAGES.duplicate })
  })

  it('revises, then lets the customer reject one and accept the other with the order’s number', async () => {
    const request = await insertOpenRequest(database.db, customerOrg)
    await post(vendor, request.number, form())
    await post(rival, request.number, form({ price: '150000' }))
    const mine = (await load(vendor, request.number)).proposals.proposals[0]!
    const revised = await post(vendor, request.number, {
      ...form({ price: '170000' }),
      intent: 'revise',
      proposalId: mine.id,
    })
    expect(revised).toMatchObject({ ok: true, message: PROPOSAL_DONE_MESSAGES.revise })
    expect((await load(vendor, request.number)).proposals.proposals[0]).toMatchObject({
      priceKopecks: 170_000_00,
      revision: 2,
    })

    const all = (await load(customer, request.number)).proposals.proposals
    const theirs = all.find((p) => p.id !== mine.id)!
    const noReason = await post(customer, request.number, { intent: 'reject', proposalId: theirs.id, reason: '' })
    expect(noReason).toMatchObject({ ok: false, status: 400, fieldErrors: { reason: PROPOSAL_MESSAGES.reason } })
    expect(
      await post(customer, request.number, { intent: 'reject', proposalId: theirs.id, reason: 'Дорого' }),
    ).toMatchObject({ ok: true, message: PROPOSAL_DONE_MESSAGES.reject })

    const accepted = await post(customer, request.number, { intent: 'accept', proposalId: mine.id })
    expect(accepted).toMatchObject({ ok: true, message: PROPOSAL_DONE_MESSAGES.accept })
    expect(accepted.serviceOrderNumber).toMatch(/^S-\d{4}-\d{5,}$/)
    expect((await load(customer, request.number)).proposals).toMatchObject({ canDecide: false })

    // Someone else's proposal is the 404 page, whatever the form.
    await expect(post(stranger, request.number, { intent: 'accept', proposalId: mine.id })).rejects.toMatchObject({
      init: { status: 404 },
    })
  })
})
