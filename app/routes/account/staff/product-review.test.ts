import type { FastifyInstance } from 'fastify'
import { RouterContextProvider } from 'react-router'
import { beforeAll, describe, expect, it } from 'vitest'
import { appContext, type AppLoadContext } from '#app/lib/load-context.ts'
// The pages' loaders and actions over the real services and a test database: the test builds
// the load context the server would hand them.
import type { Database } from '#server/db/client.ts'
import { apiClient, ctxFor } from '#server/modules/organizations/organizations.testing.ts'
import { createTestVendor } from '#server/modules/organizations/vendors.testing.ts'
import { completeDraft, createMember, givePhoto } from '#server/modules/products/products.testing.ts'
import { createTestUser } from '#server/testing/auth.ts'
import { useTestApp } from '#server/testing/app.ts'
import { action, loader } from './product-review.tsx'
import { loader as queueLoader } from './products.tsx'

type ReviewArgs = Parameters<typeof loader>[0]

describe('the staff product pages over the real services', () => {
  let database: Database
  let app: FastifyInstance
  let api: ReturnType<typeof apiClient>
  let staff: { id: string; cookie: string }
  let owner: { id: string; cookie: string }
  let vendor: { id: string }

  useTestApp('pglite', async (started) => {
    database = started.database
    app = started.app
    api = apiClient(app)
  })

  beforeAll(async () => {
    vendor = await createTestVendor(database.db, { name: 'Аэроскан', slug: 'aeroskan' })
    owner = await createMember(database.db, vendor.id, 'owner', 'Анна Владелец')
    staff = await createTestUser(database.db, { isStaff: true, name: 'Ольга Модератор' })
  })

  async function contextOf(user: { id: string }) {
    const context = new RouterContextProvider()
    const publicConfig = {
      apiBaseUrl: '/api/v1',
      cdnUrl: '',
      metrikaId: null,
      buildId: 'test',
      publicUrl: '',
      chatWsUrl: null,
    }
    context.set(appContext, {
      services: app.services,
      ctx: await ctxFor(database.db, user),
      publicConfig,
    } as unknown as AppLoadContext)
    return context
  }

  /** A complete product of the vendor, sent to moderation. */
  async function onModeration(sku: string, title: string) {
    const created = await api('POST', '/cabinet/products', owner.cookie, completeDraft({ sku, title }))
    expect(created.statusCode).toBe(201)
    const id = created.json().data.id as string
    await givePhoto(database.db, id)
    expect((await api('POST', `/cabinet/products/${id}/submit`, owner.cookie)).statusCode).toBe(200)
    return id
  }

  const request = (id: string, form?: Record<string, string>) =>
    new Request(`http://x/personal-account/staff/products/${id}`, {
      method: form ? 'POST' : 'GET',
      body: form ? new URLSearchParams(form) : undefined,
    })

  async function review(id: string, user: { id: string } = staff) {
    const args = { request: request(id), context: await contextOf(user), params: { id } }
    return loader(args as unknown as ReviewArgs)
  }

  async function decide(id: string, form: Record<string, string>) {
    const args = { request: request(id, form), context: await contextOf(staff), params: { id } }
    return action(args as unknown as Parameters<typeof action>[0])
  }

  it('lists the queue with its filters, the wait and the category title', async () => {
    const id = await onModeration('Q-1', 'Аэроскан Кондор')
    const context = await contextOf(staff)
    const url = `http://x/personal-account/staff/products?vendor=${vendor.id}&category=multirotornye`
    const page = await queueLoader({ request: new Request(url), context, params: {} } as unknown as Parameters<
      typeof queueLoader
    >[0])
    expect(page?.items.find((i) => i.id === id)).toMatchObject({
      title: 'Аэроскан Кондор',
      categoryTitle: 'Мультироторные',
      isUpdate: false,
      waiting: 'меньше часа',
      vendor: { name: 'ООО «Аэроскан»', slug: 'aeroskan' },
    })
    expect(page).toMatchObject({ vendor: vendor.id, category: 'multirotornye' })
    expect(page?.filters.vendors).toContainEqual(expect.objectContaining({ id: vendor.id, count: page?.total }))
  })

  it('shows who moved the product, refuses an empty comment at the field and sends it back with one', async () => {
    const id = await onModeration('R-1', 'Аэроскан Беркут')
    const before = await review(id)
    expect(before?.product).toMatchObject({ status: 'moderation', live: null })
    expect(before?.product.history.at(-1)).toMatchObject({ toStatus: 'moderation', by: 'Анна Владелец' })
    expect(before?.waiting).toBe('меньше часа')

    expect(await decide(id, { intent: 'requestFixes', comment: '   ' })).toEqual({
      ok: false,
      intent: 'requestFixes',
      message: expect.any(String),
      fieldErrors: { comment: 'Напишите, что нужно исправить' },
      values: {},
    })
    expect((await review(id))?.product.status).toBe('moderation')

    expect(await decide(id, { intent: 'requestFixes', comment: 'Добавьте фото' })).toMatchObject({ ok: true })
    const after = await review(id)
    expect(after?.product).toMatchObject({ status: 'needFixes', staffComment: 'Добавьте фото' })
    expect(after?.product.history.at(-1)).toMatchObject({
      fromStatus: 'moderation',
      toStatus: 'needFixes',
      comment: 'Добавьте фото',
      by: 'Ольга Модератор',
    })
  })

  it('approves with the address of the product page, and refuses a late second decision in Russian', async () => {
    const id = await onModeration('A-1', 'Аэроскан Ястреб')
    const approved = await decide(id, { intent: 'approve' })
    expect(approved).toMatchObject({ ok: true, intent: 'approve', slug: expect.stringMatching(/^[a-z0-9-]+$/) })
    expect((await review(id))?.product).toMatchObject({ status: 'approved', published: true })

    const late = await decide(id, { intent: 'requestFixes', comment: 'Уточните комплектацию' })
    expect(late).toMatchObject({ ok: false, message: expect.stringMatching(/вернуть на доработку можно только/i) })
  })

  it('gives anyone but staff the 403 page', async () => {
    const id = await onModeration('F-1', 'Аэроскан Кобчик')
    await expect(review(id, owner)).rejects.toMatchObject({ init: { status: 403 } })
  })
})
