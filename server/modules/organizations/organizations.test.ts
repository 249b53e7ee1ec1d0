import { and, desc, eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { describe, expect, it } from 'vitest'
import type { Database } from '../../db/client.ts'
import { useTestApp } from '../../testing/app.ts'
import { createTestUser } from '../../testing/auth.ts'
import { BACKENDS } from '../../testing/database.ts'
import { emailOutbox } from '../mail/mail.table.ts'
import { organizationInvitations } from './organizations.table.ts'
import { apiClient, nextPersonInn, organizationInput } from './organizations.testing.ts'

describe.each(BACKENDS)('organizations on %s', (backend) => {
  let database: Database
  let app: FastifyInstance
  let api: ReturnType<typeof apiClient>

  useTestApp(backend, async (started) => {
    database = started.database
    app = started.app
    api = apiClient(app)
  })

  async function ownerWithOrganization(overrides: Record<string, unknown> = {}) {
    const owner = await createTestUser(database.db)
    const res = await api('POST', '/organizations', owner.cookie, organizationInput(overrides))
    expect(res.statusCode).toBe(201)
    return { owner, org: res.json().data as { id: string; inn: string } }
  }

  const lastMailTo = async (to: string) =>
    (await database.db.select().from(emailOutbox).where(eq(emailOutbox.to, to)).orderBy(desc(emailOutbox.createdAt)))[0]

  it('creates an organization: the creator is its owner, it is selected, it has no roles', async () => {
    const { owner, org } = await ownerWithOrganization()
    expect(org).toMatchObject({ memberRole: 'owner', website: 'https://aero.example', contactPhone: '+74955005550' })
    const me = await api('GET', '/users/whoami', owner.cookie)
    expect(me.json().data.organizations).toEqual([
      { id: org.id, name: 'ООО «Аэросъёмка»', inn: org.inn, isSelected: true, memberRole: 'owner', roles: [] },
    ])
    // A repeated submission by the same user returns the same organization.
    const again = await api('POST', '/organizations', owner.cookie, organizationInput({ inn: org.inn }))
    expect(again.statusCode).toBe(201)
    expect(again.json().data.id).toBe(org.id)
  })

  it('refuses bad INN, KPP and OGRN with Russian field errors', async () => {
    const user = await createTestUser(database.db)
    const bad = await api(
      'POST',
      '/organizations',
      user.cookie,
      organizationInput({ inn: '7707083894', kpp: '77360100', ogrn: '1027700132196', fullName: '' }),
    )
    expect(bad.statusCode).toBe(400)
    expect(bad.json().error.fields).toEqual({
      inn: 'ИНН указан с ошибкой: не сходится контрольная цифра',
      kpp: 'КПП — 9 символов: 4 цифры, 2 цифры или латинские буквы, 3 цифры',
      ogrn: 'Номер указан с ошибкой: проверьте цифры',
      fullName: 'Укажите полное наименование',
    })
    const soleTrader = await api('POST', '/organizations', user.cookie, organizationInput({ legalForm: 'ip' }))
    expect(soleTrader.json().error.fields).toMatchObject({
      inn: 'ИНН индивидуального предпринимателя — 12 цифр',
      kpp: 'У индивидуального предпринимателя нет КПП — оставьте поле пустым',
      ogrn: 'У индивидуального предпринимателя — ОГРНИП, 15 цифр',
    })
    const ok = await api(
      'POST',
      '/organizations',
      user.cookie,
      organizationInput({ legalForm: 'ip', inn: nextPersonInn(), kpp: '', ogrn: '304500116000157' }),
    )
    expect(ok.statusCode).toBe(201)
    expect(ok.json().data.kpp).toBeNull()
    expect((await api('POST', '/organizations', undefined, organizationInput())).statusCode).toBe(401)
  })

  it('refuses a second organization with the same INN (409) and lets the user ask to join', async () => {
    const { owner, org } = await ownerWithOrganization()
    const other = await createTestUser(database.db, { name: 'Ольга Смирнова' })
    const dup = await api('POST', '/organizations', other.cookie, organizationInput({ inn: org.inn }))
    expect(dup.statusCode).toBe(409)
    const message = `Организация с ИНН ${org.inn} уже зарегистрирована. Вы можете попросить владельца добавить вас.`
    expect(dup.json().error).toMatchObject({ message, fields: { inn: message, existingOrganizationId: org.id } })

    const ask = () => api('POST', '/organizations/join-requests', other.cookie, { inn: org.inn, message: 'Я инженер' })
    const first = await ask()
    expect(first.statusCode).toBe(201)
    expect((await ask()).json().data.id).toBe(first.json().data.id) // idempotent
    const notices = await database.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.kind, 'organization_join_request'))
    expect(notices.filter((n) => n.to === owner.email)).toHaveLength(1)

    const list = await api('GET', `/organizations/${org.id}/join-requests`, owner.cookie)
    expect(list.json().data).toEqual([expect.objectContaining({ name: 'Ольга Смирнова', message: 'Я инженер' })])
    expect((await api('GET', `/organizations/${org.id}/join-requests`, other.cookie)).statusCode).toBe(404)
    const requestId = first.json().data.id
    const accept = () =>
      api('POST', `/organizations/${org.id}/join-requests/${requestId}`, owner.cookie, { decision: 'accept' })
    expect((await accept()).json().data.status).toBe('accepted')
    expect((await accept()).statusCode).toBe(200) // the same decision again changes nothing
    const decline = await api('POST', `/organizations/${org.id}/join-requests/${requestId}`, owner.cookie, {
      decision: 'decline',
    })
    expect(decline.statusCode).toBe(409)
    const members = await api('GET', `/organizations/${org.id}/members`, other.cookie)
    expect(members.json().data.members.map((m: { role: string }) => m.role)).toEqual(['owner', 'member'])
    expect((await lastMailTo(other.email))?.kind).toBe('organization_join_decision')
    const unknown = await api('POST', '/organizations/join-requests', other.cookie, { inn: '7736207543' })
    expect(unknown.statusCode).toBe(404)
  })

  it('invites by e-mail, accepts with the token, changes roles and removes members', async () => {
    const { owner, org } = await ownerWithOrganization()
    const invitee = await createTestUser(database.db)
    const invite = () =>
      api('POST', `/organizations/${org.id}/invitations`, owner.cookie, { email: invitee.email.toUpperCase() })
    expect((await invite()).statusCode).toBe(201)
    expect((await invite()).statusCode).toBe(201) // a double click: one invitation, one e-mail
    const mails = await database.db.select().from(emailOutbox).where(eq(emailOutbox.to, invitee.email))
    expect(mails).toHaveLength(1)
    expect(mails[0]!.kind).toBe('organization_invitation')
    const token = /\/personal-account\/company\?invitation=([A-Za-z0-9_-]+)/.exec(mails[0]!.text)![1]!
    const stored = await database.db
      .select()
      .from(organizationInvitations)
      .where(eq(organizationInvitations.organizationId, org.id))
    expect(stored).toHaveLength(1)
    expect(stored[0]!.tokenHash).not.toBe(token) // only the hash is kept
    expect(stored[0]!.expiresAt.getTime() - Date.now()).toBeGreaterThan(6.9 * 24 * 3600_000)

    const pending = await api('GET', `/organizations/${org.id}/members`, owner.cookie)
    expect(pending.json().data.invitations).toEqual([expect.objectContaining({ email: invitee.email, expired: false })])

    const stranger = await createTestUser(database.db)
    expect((await api('POST', '/invitations/accept', stranger.cookie, { token })).statusCode).toBe(403)
    const accepted = await api('POST', '/invitations/accept', invitee.cookie, { token })
    expect(accepted.statusCode).toBe(200)
    expect((await api('POST', '/invitations/accept', invitee.cookie, { token })).statusCode).toBe(200)
    const me = (await api('GET', '/users/whoami', invitee.cookie)).json().data
    expect(me.organizations).toEqual([expect.objectContaining({ id: org.id, isSelected: true, memberRole: 'member' })])

    // A plain member manages nothing.
    expect(
      (await api('POST', `/organizations/${org.id}/invitations`, invitee.cookie, { email: 'x@e.test' })).statusCode,
    ).toBe(403)
    expect((await api('PATCH', `/organizations/${org.id}`, invitee.cookie, { shortName: 'Моё' })).statusCode).toBe(403)
    expect((await api('DELETE', `/organizations/${org.id}/members/${owner.id}`, invitee.cookie)).statusCode).toBe(403)

    // The owner makes the invitee an admin; an admin cannot remove an owner or change roles.
    const promote = await api('PATCH', `/organizations/${org.id}/members/${invitee.id}`, owner.cookie, {
      role: 'admin',
    })
    expect(promote.statusCode).toBe(204)
    expect((await api('DELETE', `/organizations/${org.id}/members/${owner.id}`, invitee.cookie)).statusCode).toBe(403)
    expect(
      (await api('PATCH', `/organizations/${org.id}/members/${owner.id}`, invitee.cookie, { role: 'member' }))
        .statusCode,
    ).toBe(403)
    const renamed = await api('PATCH', `/organizations/${org.id}`, invitee.cookie, { shortName: 'ООО «Аэро»' })
    expect(renamed.json().data.shortName).toBe('ООО «Аэро»')

    // The last owner can neither leave nor be demoted.
    expect((await api('DELETE', `/organizations/${org.id}/members/${owner.id}`, owner.cookie)).statusCode).toBe(409)
    const demote = await api('PATCH', `/organizations/${org.id}/members/${owner.id}`, owner.cookie, { role: 'admin' })
    expect(demote.statusCode).toBe(409)
    expect(demote.json().error.message).toContain('хотя бы один владелец')

    expect((await api('DELETE', `/organizations/${org.id}/members/${invitee.id}`, owner.cookie)).statusCode).toBe(204)
    expect((await api('GET', `/organizations/${org.id}`, invitee.cookie)).statusCode).toBe(404)
  })

  it('revokes an invitation: its link stops working', async () => {
    const { owner, org } = await ownerWithOrganization()
    const invitee = await createTestUser(database.db)
    const created = await api('POST', `/organizations/${org.id}/invitations`, owner.cookie, { email: invitee.email })
    const token = /invitation=([A-Za-z0-9_-]+)/.exec((await lastMailTo(invitee.email))!.text)![1]!
    const revoke = await api('DELETE', `/organizations/${org.id}/invitations/${created.json().data.id}`, owner.cookie)
    expect(revoke.statusCode).toBe(204)
    expect((await api('POST', '/invitations/accept', invitee.cookie, { token })).statusCode).toBe(400)
    const [row] = await database.db
      .select()
      .from(organizationInvitations)
      .where(and(eq(organizationInvitations.organizationId, org.id)))
    expect(row!.revokedAt).not.toBeNull()
  })

  it('edits the seller page’s description and region, within their limits', async () => {
    const { owner, org } = await ownerWithOrganization()
    const description = 'Производим и обслуживаем агродроны.\n\nСервисный центр в Казани.'
    const saved = await api('PATCH', `/organizations/${org.id}`, owner.cookie, {
      description: `  ${description} `,
      region: ' Республика Татарстан ',
    })
    expect(saved.statusCode).toBe(200)
    expect(saved.json().data).toMatchObject({
      description,
      region: 'Республика Татарстан',
      shortName: 'ООО «Аэросъёмка»',
    })

    const tooLong = await api('PATCH', `/organizations/${org.id}`, owner.cookie, {
      description: 'а'.repeat(2001),
      region: 'р'.repeat(101),
    })
    expect(tooLong.statusCode).toBe(400)
    expect(tooLong.json().error.fields).toEqual({
      description: 'Не больше 2\u00a0000 символов',
      region: 'Не больше 100 символов',
    })
    // An empty region clears it; the description stays as it was.
    const cleared = await api('PATCH', `/organizations/${org.id}`, owner.cookie, { region: '' })
    expect(cleared.json().data).toMatchObject({ description, region: null })
  })

  it('shows another organization as not found (404), never forbidden', async () => {
    const { org } = await ownerWithOrganization()
    const { owner: outsider } = await ownerWithOrganization()
    for (const path of ['', '/members', '/roles', '/join-requests']) {
      const res = await api('GET', `/organizations/${org.id}${path}`, outsider.cookie)
      expect(res.statusCode, path).toBe(404)
    }
    const writes = [
      api('PATCH', `/organizations/${org.id}`, outsider.cookie, { shortName: 'Чужое' }),
      api('POST', `/organizations/${org.id}/select`, outsider.cookie),
      api('POST', `/organizations/${org.id}/roles`, outsider.cookie, { type: 'buyer' }),
      api('POST', `/organizations/${org.id}/invitations`, outsider.cookie, { email: 'a@b.test' }),
      api('POST', `/organizations/${org.id}/roles/buyer/documents`, outsider.cookie, {
        fileId: '00000000-0000-4000-8000-000000000000',
      }),
      api('GET', '/organizations/not-a-uuid', outsider.cookie),
    ]
    for (const res of await Promise.all(writes)) expect(res.statusCode).toBe(404)
  })

  it('switches the selected organization among the user’s own', async () => {
    const { owner, org: first } = await ownerWithOrganization()
    const second = await api(
      'POST',
      '/organizations',
      owner.cookie,
      organizationInput({ shortName: 'АО «Второе»', legalForm: 'ao' }),
    )
    const selected = () =>
      api('GET', '/users/whoami', owner.cookie).then(
        (r) => r.json().data.organizations.find((o: { isSelected: boolean }) => o.isSelected)?.id,
      )
    expect(await selected()).toBe(second.json().data.id)
    expect((await api('POST', `/organizations/${first.id}/select`, owner.cookie)).statusCode).toBe(204)
    expect(await selected()).toBe(first.id)
  })

  it('documents every endpoint in OpenAPI', async () => {
    const doc = await app.inject('/api/docs/json')
    expect(doc.statusCode).toBe(200)
    const paths = Object.keys(doc.json().paths)
    for (const path of [
      '/api/v1/organizations',
      '/api/v1/organizations/{id}/members/{userId}',
      '/api/v1/organizations/{id}/roles/{type}/documents/{fileId}',
      '/api/v1/invitations/accept',
      '/api/v1/staff/verifications',
      '/api/v1/staff/verifications/{roleId}/request-fixes',
    ])
      expect(paths, path).toContain(path)
  })
})
