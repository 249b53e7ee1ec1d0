import { and, eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { describe, expect, it } from 'vitest'
import type { Database } from '../../db/client.ts'
import { useTestApp } from '../../testing/app.ts'
import { createTestUser, sessionCookieFrom, TEST_PASSWORD } from '../../testing/auth.ts'
import { BACKENDS } from '../../testing/database.ts'
import { lastMailTo, linkToken } from '../../testing/mail.ts'
import { emailOutbox } from '../mail/mail.table.ts'
import { organizationInput } from '../organizations/organizations.testing.ts'
import { sessions, users } from './identity.table.ts'

let ipSeq = 1
const nextIp = () => `10.30.${Math.floor(ipSeq / 250)}.${ipSeq++ % 250}`
const SAME_ORIGIN = { 'sec-fetch-site': 'same-origin' }

describe.each(BACKENDS)('e-mail links on %s', (backend) => {
  let database: Database
  let app: FastifyInstance

  useTestApp(backend, (started) => {
    database = started.database
    app = started.app
  })

  const call = (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object, cookie?: string) =>
    app.inject({
      method,
      url: `/api/v1${url}`,
      payload,
      remoteAddress: nextIp(),
      headers: { ...SAME_ORIGIN, ...(cookie ? { cookie } : {}) },
    })
  const whoami = (cookie?: string) => call('GET', '/users/whoami', undefined, cookie)

  const lastMail = (to: string) => lastMailTo(database.db, to)
  const tokenIn = linkToken

  const registration = (email: string, name = 'Анна Петрова') => ({
    email,
    password: 'долгий-пароль-2026',
    name,
    phone: '8 (916) 555-12-34',
    consent: true,
  })

  it('registers only when the link sent to the address is opened, then signs that browser in', async () => {
    const res = await call('POST', '/auth/register', registration('Anna.Petrova@Example.TEST'))
    expect(res.statusCode).toBe(202)
    expect(res.json()).toEqual({ data: { email: 'anna.petrova@example.test' } })
    expect(res.headers['set-cookie']).toBeUndefined()
    expect(await database.db.select().from(users).where(eq(users.email, 'anna.petrova@example.test'))).toHaveLength(0)

    const mail = await lastMail('anna.petrova@example.test')
    expect(mail.kind).toBe('registration_confirm')
    const token = tokenIn(mail.text, 'confirmEmail')!
    const confirmed = await call('POST', '/auth/email/confirm', { token })
    expect(confirmed.statusCode).toBe(200)
    expect(confirmed.json().data).toEqual({ kind: 'registered', email: 'anna.petrova@example.test' })
    const setCookie = String(confirmed.headers['set-cookie'])
    expect(setCookie).toMatch(/sid=[A-Za-z0-9_-]{43};/)
    expect(setCookie).toContain('HttpOnly')
    expect(setCookie).toContain('SameSite=Lax')
    const me = await whoami(sessionCookieFrom(confirmed.headers))
    expect(me.json().data).toMatchObject({
      email: 'anna.petrova@example.test',
      emailConfirmed: true,
      name: 'Анна Петрова',
      phone: '+79165551234',
      organizations: [],
    })
    // A link works once.
    const again = await call('POST', '/auth/email/confirm', { token })
    expect(again.statusCode).toBe(400)
    expect(again.json().error.message).toBe('Ссылка недействительна, уже использована или устарела.')
  })

  it('answers a registration with a taken address exactly as a new one, and tells the owner instead', async () => {
    const owner = await createTestUser(database.db, { name: 'Ольга Владелец' })
    const fresh = await call('POST', '/auth/register', registration(`fresh-${owner.email}`))
    const taken = await call('POST', '/auth/register', registration(owner.email.toUpperCase(), 'Кто-то Другой'))
    expect(taken.statusCode).toBe(fresh.statusCode)
    expect(Object.keys(taken.json().data)).toEqual(Object.keys(fresh.json().data))
    expect(taken.headers['set-cookie']).toBeUndefined()
    const notice = await lastMail(owner.email)
    expect(notice.kind).toBe('registration_existing')
    expect(notice.text).toContain('Ольга Владелец')
    expect(notice.text).not.toMatch(/confirmEmail=/)
    // The owner's password still works; the registrant's never does.
    expect((await call('POST', '/auth/login', { email: owner.email, password: TEST_PASSWORD })).statusCode).toBe(200)
    expect((await call('POST', '/auth/login', { email: owner.email, password: 'долгий-пароль-2026' })).statusCode).toBe(
      401,
    )
  })

  it('keeps the first confirmed of two registrations for one address', async () => {
    const email = `twice-${Date.now()}@example.test`
    await call('POST', '/auth/register', registration(email, 'Первый Человек'))
    const first = tokenIn((await lastMail(email)).text, 'confirmEmail')!
    await call('POST', '/auth/register', registration(email, 'Второй Человек'))
    const second = tokenIn((await lastMail(email)).text, 'confirmEmail')!
    expect((await call('POST', '/auth/email/confirm', { token: second })).statusCode).toBe(200)
    expect((await call('POST', '/auth/email/confirm', { token: first })).statusCode).toBe(400)
    const [row] = await database.db.select().from(users).where(eq(users.email, email))
    expect(row!.name).toBe('Второй Человек')
  })

  it('changes the address only when the link sent to the new one is opened; the old one is told', async () => {
    const user = await createTestUser(database.db, { name: 'Игорь Смена' })
    const newEmail = `new-${user.email}`
    const wrong = await call('POST', '/users/me/email', { email: newEmail, password: 'bad' }, user.cookie)
    expect(wrong.statusCode).toBe(400)
    const same = await call('POST', '/users/me/email', { email: user.email, password: TEST_PASSWORD }, user.cookie)
    expect(same.json().error.fields.email).toBe('Это ваш текущий адрес')

    const asked = await call('POST', '/users/me/email', { email: newEmail, password: TEST_PASSWORD }, user.cookie)
    expect(asked.statusCode).toBe(202)
    expect(asked.json().data.email).toBe(newEmail)
    // Nothing has changed yet: the old address still signs in, the new one does not.
    expect((await whoami(user.cookie)).json().data.email).toBe(user.email)
    expect((await call('POST', '/auth/login', { email: newEmail, password: TEST_PASSWORD })).statusCode).toBe(401)
    const notice = await lastMail(user.email)
    expect(notice.kind).toBe('email_change_requested')
    expect(notice.text).toContain(newEmail)
    expect(tokenIn(notice.text, 'cancelEmailChange')).toBeTruthy()

    const token = tokenIn((await lastMail(newEmail)).text, 'confirmEmail')!
    const confirmed = await call('POST', '/auth/email/confirm', { token })
    expect(confirmed.json().data).toEqual({ kind: 'changed', email: newEmail })
    expect(confirmed.headers['set-cookie']).toBeUndefined()
    expect((await whoami(user.cookie)).json().data).toMatchObject({ email: newEmail, emailConfirmed: true })
    expect((await lastMail(user.email)).kind).toBe('email_changed')
    expect((await call('POST', '/auth/login', { email: newEmail, password: TEST_PASSWORD })).statusCode).toBe(200)
  })

  it('cancels a pending change from the old address, or from the profile', async () => {
    const user = await createTestUser(database.db)
    const newEmail = `cancel-${user.email}`
    await call('POST', '/users/me/email', { email: newEmail, password: TEST_PASSWORD }, user.cookie)
    const confirmToken = tokenIn((await lastMail(newEmail)).text, 'confirmEmail')!
    const cancelToken = tokenIn((await lastMail(user.email)).text, 'cancelEmailChange')!
    const cancelled = await call('POST', '/auth/email/cancel', { token: cancelToken })
    expect(cancelled.json().data).toEqual({ kind: 'cancelled', email: user.email })
    expect((await call('POST', '/auth/email/confirm', { token: confirmToken })).statusCode).toBe(400)
    expect((await whoami(user.cookie)).json().data.email).toBe(user.email)

    await call('POST', '/users/me/email', { email: `second-${user.email}`, password: TEST_PASSWORD }, user.cookie)
    const secondToken = tokenIn((await lastMail(`second-${user.email}`)).text, 'confirmEmail')!
    expect((await call('DELETE', '/users/me/email/pending', undefined, user.cookie)).statusCode).toBe(204)
    expect((await call('POST', '/auth/email/confirm', { token: secondToken })).statusCode).toBe(400)
  })

  it('undoes a change already made by the link to the old address, ending every session', async () => {
    const user = await createTestUser(database.db)
    const hijacked = `hijack-${user.email}`
    await call('POST', '/users/me/email', { email: hijacked, password: TEST_PASSWORD }, user.cookie)
    const cancelToken = tokenIn((await lastMail(user.email)).text, 'cancelEmailChange')!
    await call('POST', '/auth/email/confirm', { token: tokenIn((await lastMail(hijacked)).text, 'confirmEmail')! })
    expect((await whoami(user.cookie)).json().data.email).toBe(hijacked)

    const undone = await call('POST', '/auth/email/cancel', { token: cancelToken })
    expect(undone.json().data).toEqual({ kind: 'reverted', email: user.email })
    const [row] = await database.db.select().from(users).where(eq(users.id, user.id))
    expect(row!.email).toBe(user.email)
    expect(await database.db.select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(0)
  })

  it('never moves an account to an address another account has, and says nothing about it', async () => {
    const user = await createTestUser(database.db)
    const other = await createTestUser(database.db)
    const asked = await call('POST', '/users/me/email', { email: other.email, password: TEST_PASSWORD }, user.cookie)
    expect(asked.statusCode).toBe(202)
    const toOther = await lastMail(other.email)
    expect(toOther.kind).toBe('email_change_taken')
    expect(toOther.text).not.toMatch(/confirmEmail=/)
    expect((await whoami(user.cookie)).json().data.email).toBe(user.email)
  })

  it('closes the invitation takeover: staff see no usable link, and only the confirmed invitee can accept', async () => {
    const owner = await createTestUser(database.db)
    const staff = await createTestUser(database.db, { isStaff: true })
    const invitee = `invitee-${owner.email}`
    const org = await call('POST', '/organizations', organizationInput(), owner.cookie)
    const orgId = org.json().data.id as string
    expect(
      (await call('POST', `/organizations/${orgId}/invitations`, { email: invitee, role: 'admin' }, owner.cookie))
        .statusCode,
    ).toBe(201)
    const invitation = await lastMail(invitee)
    const token = tokenIn(invitation.text, 'invitation')!

    // 1. The outbox shows that a link went out, never the link.
    const outbox = await call('GET', '/staff/outbox', undefined, staff.cookie)
    expect(outbox.statusCode).toBe(200)
    const shown = JSON.stringify(outbox.json())
    expect(shown).toContain('invitation=••••••')
    expect(shown).not.toContain(token)

    // 2. Staff cannot make the invitee's address theirs without reading the invitee's mail.
    await call('POST', '/users/me/email', { email: invitee, password: TEST_PASSWORD }, staff.cookie)
    expect((await whoami(staff.cookie)).json().data.email).toBe(staff.email)
    const accepted = await call('POST', '/invitations/accept', { token }, staff.cookie)
    expect(accepted.statusCode).toBe(403)
    const members = await call('GET', `/organizations/${orgId}/members`, undefined, owner.cookie)
    expect(JSON.stringify(members.json())).not.toContain(staff.email)
  })

  it('lets an account accept an invitation only once its address is confirmed', async () => {
    const owner = await createTestUser(database.db)
    const invitee = await createTestUser(database.db, { emailConfirmed: false })
    const org = await call('POST', '/organizations', organizationInput(), owner.cookie)
    const orgId = org.json().data.id as string
    await call('POST', `/organizations/${orgId}/invitations`, { email: invitee.email, role: 'member' }, owner.cookie)
    const token = tokenIn((await lastMail(invitee.email)).text, 'invitation')!
    expect((await whoami(invitee.cookie)).json().data.emailConfirmed).toBe(false)

    const refused = await call('POST', '/invitations/accept', { token }, invitee.cookie)
    expect(refused.statusCode).toBe(403)
    expect(refused.json().error.message).toContain('Подтвердите адрес электронной почты')

    expect((await call('POST', '/users/me/email/confirmation', undefined, invitee.cookie)).statusCode).toBe(202)
    const link = tokenIn((await lastMail(invitee.email)).text, 'confirmEmail')!
    expect((await call('POST', '/auth/email/confirm', { token: link })).json().data.kind).toBe('confirmed')
    expect((await call('POST', '/invitations/accept', { token }, invitee.cookie)).statusCode).toBe(200)
  })

  it('answers a join request by INN without the organization’s name', async () => {
    const owner = await createTestUser(database.db)
    const input = organizationInput({ shortName: 'ООО «Секретное имя»' })
    await call('POST', '/organizations', input, owner.cookie)
    const stranger = await createTestUser(database.db, { emailConfirmed: false })
    const res = await call('POST', '/organizations/join-requests', { inn: input.inn, message: '' }, stranger.cookie)
    expect(res.statusCode).toBe(201)
    expect(JSON.stringify(res.json())).not.toContain('Секретное имя')
    expect(res.json().data).toMatchObject({ inn: input.inn, status: 'pending' })
  })

  it('keeps registration links out of the staff outbox as well', async () => {
    const staff = await createTestUser(database.db, { isStaff: true })
    const email = `masked-${Date.now()}@example.test`
    await call('POST', '/auth/register', registration(email))
    const token = tokenIn((await lastMail(email)).text, 'confirmEmail')!
    const outbox = JSON.stringify((await call('GET', '/staff/outbox', undefined, staff.cookie)).json())
    expect(outbox).toContain(email)
    expect(outbox).not.toContain(token)
    const [row] = await database.db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.to, email), eq(emailOutbox.kind, 'registration_confirm')))
    expect(row!.text).toContain(token) // the addressee's copy keeps it
  })
})
