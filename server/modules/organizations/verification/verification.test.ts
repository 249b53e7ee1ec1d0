import { and, eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { describe, expect, it } from 'vitest'
import type { Database } from '../../../db/client.ts'
import { useTestApp } from '../../../testing/app.ts'
import { createTestVendor } from '../vendors.testing.ts'
import { createTestUser } from '../../../testing/auth.ts'
import { BACKENDS } from '../../../testing/database.ts'
import { auditLog } from '../../audit/audit.table.ts'
import { emailOutbox } from '../../mail/mail.table.ts'
import { organizationRoleEvents } from '../organizations.table.ts'
import { apiClient, ctxFor, organizationInput, PDF } from '../organizations.testing.ts'
import { VERIFICATION_TRANSITIONS } from './verification.machine.ts'

describe.each(BACKENDS)('role verification on %s', (backend) => {
  let database: Database
  let app: FastifyInstance
  let api: ReturnType<typeof apiClient>
  let staff: Awaited<ReturnType<typeof createTestUser>>

  useTestApp(backend, async (started) => {
    database = started.database
    app = started.app
    api = apiClient(app)
    staff = await createTestUser(database.db, { isStaff: true, name: 'Мария Модератор' })
  })

  /** An owner, their organization with a requested role, and a PDF uploaded as its document. */
  async function requestedRole(type: 'buyer' | 'vendor' = 'vendor') {
    const owner = await createTestUser(database.db, { name: 'Олег Владелец' })
    const org = (await api('POST', '/organizations', owner.cookie, organizationInput())).json().data
    const role = await api('POST', `/organizations/${org.id}/roles`, owner.cookie, { type })
    expect(role.statusCode).toBe(201)
    const file = await app.services.files.store(await ctxFor(database.db, owner), {
      filename: 'Выписка ЕГРЮЛ.pdf',
      mimeType: 'application/pdf',
      data: PDF,
      organizationId: org.id,
    })
    const base = `/organizations/${org.id}/roles/${type}`
    return { owner, org, roleId: role.json().data.id as string, fileId: file.id, base }
  }

  const whoamiRoles = async (cookie: string) =>
    (await api('GET', '/users/whoami', cookie)).json().data.organizations[0].roles

  it('lists the machine’s transitions: member requests and submits, staff decides', () => {
    expect(VERIFICATION_TRANSITIONS.map((t) => `${t.from}-${t.event}->${t.to} by ${t.who}`)).toEqual([
      'null-request->new by member',
      'new-submit->moderation by member',
      'needFixes-submit->moderation by member',
      'moderation-approve->confirmed by staff',
      'moderation-requestFixes->needFixes by staff',
    ])
  })

  it('goes new → moderation → needFixes → moderation → confirmed, with history, comments, mail and audit', async () => {
    const { owner, org, roleId, fileId, base } = await requestedRole()
    expect(await whoamiRoles(owner.cookie)).toEqual([{ type: 'vendor', status: 'new', confirmed: false }])
    // Requesting the same role again returns the same request.
    const again = await api('POST', `/organizations/${org.id}/roles`, owner.cookie, { type: 'vendor' })
    expect(again.json().data.id).toBe(roleId)

    const noDocs = await api('POST', `${base}/submit`, owner.cookie)
    expect(noDocs.statusCode).toBe(409)
    expect(noDocs.json().error.message).toContain('приложите хотя бы один документ')

    const attached = await api('POST', `${base}/documents`, owner.cookie, { fileId })
    expect(attached.json().data.documents).toEqual([
      expect.objectContaining({ id: fileId, originalName: 'Выписка ЕГРЮЛ.pdf', available: true }),
    ])
    expect((await api('POST', `${base}/submit`, owner.cookie)).json().data.status).toBe('moderation')
    expect((await api('POST', `${base}/submit`, owner.cookie)).statusCode).toBe(200) // double click
    // Documents are frozen while staff look at them.
    expect((await api('DELETE', `${base}/documents/${fileId}`, owner.cookie)).statusCode).toBe(409)

    const queue = await api('GET', '/staff/verifications?status=moderation', staff.cookie)
    expect(queue.json().data).toContainEqual(
      expect.objectContaining({ id: roleId, organization: expect.objectContaining({ name: 'ООО «Аэросъёмка»' }) }),
    )
    expect(queue.json().meta).toMatchObject({ page: 1, pageSize: 50 })
    expect(queue.json().meta.total).toBe(queue.json().data.length)
    const noComment = await api('POST', `/staff/verifications/${roleId}/request-fixes`, staff.cookie, { comment: ' ' })
    expect(noComment.statusCode).toBe(400)
    expect(noComment.json().error.fields).toEqual({ comment: 'Напишите, что нужно исправить' })

    const fixes = await api('POST', `/staff/verifications/${roleId}/request-fixes`, staff.cookie, {
      comment: 'Приложите устав',
    })
    expect(fixes.json().data).toMatchObject({ status: 'needFixes', staffComment: 'Приложите устав' })
    expect((await database.db.select().from(emailOutbox).where(eq(emailOutbox.to, owner.email))).at(-1)).toMatchObject({
      kind: 'organization_role_need_fixes',
    })
    expect(await whoamiRoles(owner.cookie)).toEqual([{ type: 'vendor', status: 'needFixes', confirmed: false }])

    expect((await api('POST', `${base}/submit`, owner.cookie)).json().data.status).toBe('moderation')
    const approved = await api('POST', `/staff/verifications/${roleId}/approve`, staff.cookie)
    expect(approved.json().data).toMatchObject({ status: 'confirmed', confirmed: true, staffComment: null })
    expect(await whoamiRoles(owner.cookie)).toEqual([{ type: 'vendor', status: 'confirmed', confirmed: true }])

    const roles = (await api('GET', `/organizations/${org.id}/roles`, owner.cookie)).json().data
    expect(
      roles[0].history.map((h: { toStatus: string; by: { kind: string; name: string }; comment: string | null }) => [
        h.toStatus,
        h.by.kind,
        h.by.name,
        h.comment,
      ]),
    ).toEqual([
      ['new', 'member', 'Олег Владелец', null],
      ['moderation', 'member', 'Олег Владелец', null],
      ['needFixes', 'staff', 'Модератор платформы', 'Приложите устав'],
      ['moderation', 'member', 'Олег Владелец', null],
      ['confirmed', 'staff', 'Модератор платформы', null],
    ])
    const events = await database.db
      .select()
      .from(organizationRoleEvents)
      .where(eq(organizationRoleEvents.roleId, roleId))
    expect(events.filter((e) => e.byUserId === staff.id)).toHaveLength(2)
    const audit = await database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetType, 'organization_role'), eq(auditLog.targetId, roleId)))
    expect(audit.map((a) => [a.action, a.actorUserId])).toEqual([
      ['organization_role.requestFixes', staff.id],
      ['organization_role.approve', staff.id],
    ])
    const staffView = await api('GET', `/staff/verifications/${roleId}`, staff.cookie)
    expect(staffView.json().data.history[2].by.name).toBe('Мария Модератор')
    expect(staffView.json().data.organization.inn).toBe(org.inn)
  })

  it('pages the queue 50 at a time, oldest change first, with the total', async () => {
    const db = database.db
    for (let i = 0; i < 52; i++) {
      await createTestVendor(db, { name: `Очередь ${i}`, slug: `queue-${i}-${backend}`, vendorStatus: 'needFixes' })
    }
    const list = async (query: string) =>
      (await api('GET', `/staff/verifications?status=needFixes${query}`, staff.cookie)).json()
    const first = await list('')
    const second = await list('&page=2')
    expect(first.meta).toEqual({ page: 1, pageSize: 50, total: second.meta.total })
    expect(first.meta.total).toBeGreaterThanOrEqual(52)
    expect(first.data).toHaveLength(50)
    expect(second.data).toHaveLength(first.meta.total - 50)
    const ids = [...first.data, ...second.data].map((r: { id: string }) => r.id)
    expect(new Set(ids).size).toBe(first.meta.total)
    const times = [...first.data, ...second.data].map((r: { updatedAt: string }) => r.updatedAt)
    expect(times).toEqual([...times].sort())
    const bad = await api('GET', '/staff/verifications?page=0', staff.cookie)
    expect(bad.statusCode).toBe(400)
    expect(bad.json().error.fields.page).toBeTruthy()
  })

  it('refuses illegal transitions and non-staff decisions', async () => {
    const { owner, org, roleId, fileId, base } = await requestedRole('buyer')
    const approveNew = await api('POST', `/staff/verifications/${roleId}/approve`, staff.cookie)
    expect(approveNew.statusCode).toBe(409)
    expect(approveNew.json().error.message).toBe(
      'Роль «Покупатель»: подтвердить можно только заявку, которая находится на проверке. Сейчас статус «Новая заявка».',
    )
    const fixesNew = await api('POST', `/staff/verifications/${roleId}/request-fixes`, staff.cookie, { comment: 'x' })
    expect(fixesNew.statusCode).toBe(409)

    await api('POST', `${base}/documents`, owner.cookie, { fileId })
    await api('POST', `${base}/submit`, owner.cookie)
    for (const path of ['approve', 'request-fixes']) {
      const res = await api('POST', `/staff/verifications/${roleId}/${path}`, owner.cookie, { comment: 'сам себе' })
      expect(res.statusCode, path).toBe(403)
    }
    expect((await api('GET', '/staff/verifications', owner.cookie)).statusCode).toBe(403)
    expect((await api('GET', '/staff/verifications/not-a-uuid', staff.cookie)).statusCode).toBe(404)
    expect((await api('GET', '/staff/verifications?status=bogus', staff.cookie)).statusCode).toBe(400)

    await api('POST', `/staff/verifications/${roleId}/approve`, staff.cookie)
    const resubmit = await api('POST', `${base}/submit`, owner.cookie)
    expect(resubmit.statusCode).toBe(409)
    expect((await api('POST', `/organizations/${org.id}/roles/pilot/submit`, owner.cookie)).statusCode).toBe(404)
  })

  it('keeps documents to the organization: a stranger’s file or organization is not found', async () => {
    const { owner, org, fileId, base } = await requestedRole()
    const other = await requestedRole()
    // Another organization's file cannot be attached here, even by its own uploader's colleague.
    const foreign = await api('POST', `${base}/documents`, owner.cookie, { fileId: other.fileId })
    expect(foreign.statusCode).toBe(404)
    // A member of another organization sees neither the roles nor the documents.
    expect((await api('GET', `/organizations/${org.id}/roles`, other.owner.cookie)).statusCode).toBe(404)
    const detach = await api('DELETE', `${base}/documents/${fileId}`, other.owner.cookie)
    expect(detach.statusCode).toBe(404)
    const bad = await api('POST', `${base}/documents`, owner.cookie, { fileId: 'nope' })
    expect(bad.statusCode).toBe(400)
    await api('POST', `${base}/documents`, owner.cookie, { fileId })
    const detached = await api('DELETE', `${base}/documents/${fileId}`, owner.cookie)
    expect(detached.json().data.documents).toEqual([])
  })

  it('lets only owners and admins request roles and submit', async () => {
    const { owner, org } = await requestedRole()
    const member = await createTestUser(database.db)
    await api('POST', `/organizations/${org.id}/invitations`, owner.cookie, { email: member.email })
    const [mail] = await database.db.select().from(emailOutbox).where(eq(emailOutbox.to, member.email))
    const token = /invitation=([A-Za-z0-9_-]+)/.exec(mail!.text)![1]!
    await api('POST', '/invitations/accept', member.cookie, { token })
    expect((await api('POST', `/organizations/${org.id}/roles`, member.cookie, { type: 'buyer' })).statusCode).toBe(403)
    expect((await api('POST', `/organizations/${org.id}/roles/vendor/submit`, member.cookie)).statusCode).toBe(403)
    expect((await api('GET', `/organizations/${org.id}/roles`, member.cookie)).statusCode).toBe(200)
  })
})
