import { eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { describe, expect, it } from 'vitest'
import { BANK_MESSAGES } from '#common/bank-requisites.schemas.ts'
import { systemCtx } from '../../context.ts'
import type { Database } from '../../db/client.ts'
import { useTestApp } from '../../testing/app.ts'
import { BACKENDS } from '../../testing/database.ts'
import { auditLog } from '../audit/audit.table.ts'
import { organizations } from './organizations.table.ts'
import { addTestMember, apiClient, createTestOwner } from './organizations.testing.ts'

// ПАО Сбербанк's published BIK and correspondent account; a settlement account with its key
// computed by the Bank of Russia's rule.
const SBER = {
  bankName: 'ПАО Сбербанк',
  bik: '044525225',
  settlementAccount: '40702810938000012345',
  correspondentAccount: '30101810400000000225',
}

describe.each(BACKENDS)('bank requisites of an organization on %s', (backend) => {
  let database: Database
  let app: FastifyInstance
  let api: ReturnType<typeof apiClient>

  useTestApp(backend, async (started) => {
    database = started.database
    app = started.app
    api = apiClient(app)
  })

  const ownerWithOrganization = () => createTestOwner(app, database.db)
  const addMember = (organizationId: string, role: 'admin' | 'member') =>
    addTestMember(database.db, organizationId, role)

  const put = (organizationId: string, cookie: string | undefined, body: object) =>
    api('PUT', `/organizations/${organizationId}/bank-requisites`, cookie, body)

  it('starts without requisites, saves them as digits and shows them to every member', async () => {
    const { owner, org } = await ownerWithOrganization()
    expect(org.bankRequisites).toBeNull()
    const ctx = systemCtx(database.db, { requestId: 'test' })
    expect(await app.services.organizations.bankRequisitesOf(ctx, org.id)).toBeNull()

    const saved = await put(org.id, owner.cookie, {
      bankName: '  ПАО Сбербанк ',
      bik: '044 525 225',
      settlementAccount: '40702 810 9 3800 0012345',
      correspondentAccount: '30101 810 4 0000 0000225',
    })
    expect(saved.statusCode).toBe(200)
    expect(saved.json().data).toEqual(SBER)

    const member = await addMember(org.id, 'member')
    for (const cookie of [owner.cookie, member.cookie]) {
      const read = await api('GET', `/organizations/${org.id}`, cookie)
      expect(read.json().data.bankRequisites).toEqual(SBER)
    }
    expect(await app.services.organizations.bankRequisitesOf(ctx, org.id)).toEqual(SBER)
    const [audit] = await database.db.select().from(auditLog).where(eq(auditLog.action, 'organization.bank_requisites'))
    expect(audit).toMatchObject({ actorUserId: owner.id, targetId: org.id, details: { bik: SBER.bik } })

    // An administrator may change them too.
    const admin = await addMember(org.id, 'admin')
    const vtb = {
      bankName: 'Банк ВТБ (ПАО)',
      bik: '044525187',
      settlementAccount: '40702810700000012345',
      correspondentAccount: '30101810700000000187',
    }
    const changed = await put(org.id, admin.cookie, vtb)
    expect(changed.statusCode, changed.body).toBe(200)
    expect(await app.services.organizations.bankRequisitesOf(ctx, org.id)).toEqual(vtb)
  })

  it('refuses account numbers that do not fit the BIK, with Russian messages per field', async () => {
    const { owner, org } = await ownerWithOrganization()
    const wrongDigit = await put(org.id, owner.cookie, { ...SBER, settlementAccount: '40702810938000012346' })
    expect(wrongDigit.statusCode).toBe(400)
    expect(wrongDigit.json().error.fields).toEqual({
      settlementAccount: 'Расчётный счёт не сходится с БИК (не совпал контрольный ключ): проверьте цифры счёта и БИК',
    })
    const bad = await put(org.id, owner.cookie, {
      bankName: '',
      bik: '04452522',
      settlementAccount: '4070281093800001234',
      correspondentAccount: '301018105',
    })
    expect(bad.json().error.fields).toEqual({
      bankName: BANK_MESSAGES.bankName,
      bik: BANK_MESSAGES.bikShape,
      settlementAccount: BANK_MESSAGES.settlementShape,
      correspondentAccount: BANK_MESSAGES.correspondentShape,
    })
    const wrongKey = await put(org.id, owner.cookie, { ...SBER, correspondentAccount: '30101810500000000225' })
    expect(wrongKey.json().error.fields).toEqual({ correspondentAccount: BANK_MESSAGES.correspondentKey })
    // Nothing was stored.
    const [row] = await database.db.select().from(organizations).where(eq(organizations.id, org.id))
    expect(row!.bik).toBeNull()
  })

  it('lets only owners and administrators set them; another organization is not found', async () => {
    const { org } = await ownerWithOrganization()
    const { owner: outsider, org: theirs } = await ownerWithOrganization()
    const member = await addMember(org.id, 'member')

    const byMember = await put(org.id, member.cookie, SBER)
    expect(byMember.statusCode).toBe(403)
    expect(byMember.json().error.message).toBe('Это могут делать только владелец и администраторы организации')
    expect((await put(org.id, outsider.cookie, SBER)).statusCode).toBe(404)
    expect((await put('not-a-uuid', outsider.cookie, SBER)).statusCode).toBe(404)
    expect((await put(org.id, undefined, SBER)).statusCode).toBe(401)
    // A refused request tells nothing about the input: the outsider's bad body is still a 404.
    expect((await put(org.id, outsider.cookie, { ...SBER, bik: '1' })).statusCode).toBe(404)

    const ctx = systemCtx(database.db, { requestId: 'test' })
    expect(await app.services.organizations.bankRequisitesOf(ctx, org.id)).toBeNull()
    expect(await app.services.organizations.bankRequisitesOf(ctx, theirs.id)).toBeNull()
    await expect(
      app.services.organizations.bankRequisitesOf(ctx, '00000000-0000-4000-8000-000000000000'),
    ).rejects.toMatchObject({ kind: 'not_found' })
  })

  it('keeps all four or none in the table', async () => {
    const { org } = await ownerWithOrganization()
    await expect(
      database.db.update(organizations).set({ bik: SBER.bik }).where(eq(organizations.id, org.id)),
    ).rejects.toThrow()
  })

  it('is documented in OpenAPI', async () => {
    const doc = (await app.inject('/api/docs/json')).json()
    expect(Object.keys(doc.paths['/api/v1/organizations/{id}/bank-requisites'])).toEqual(['put'])
  })
})
