import { desc, eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { describe, expect, it } from 'vitest'
import type { Database } from '../../db/client.ts'
import { useTestApp } from '../../testing/app.ts'
import { createTestUser, sessionCookieFrom, TEST_PASSWORD } from '../../testing/auth.ts'
import { BACKENDS } from '../../testing/database.ts'
import { emailOutbox } from '../mail/mail.table.ts'
import { organizationInput } from '../organizations/organizations.testing.ts'
import { listUserOrganizations } from '../organizations/organizations.context.ts'
import { sessions } from './identity.table.ts'
import { resolveSession } from './sessions.ts'
import { hashToken } from './tokens.ts'

let ipSeq = 1
const nextIp = () => `10.20.${Math.floor(ipSeq / 250)}.${ipSeq++ % 250}`

describe.each(BACKENDS)('identity on %s', (backend) => {
  let database: Database
  let app: FastifyInstance

  useTestApp(backend, (started) => {
    database = started.database
    app = started.app
  })

  const post = (
    url: string,
    payload: object,
    opts: { cookie?: string; ip?: string; headers?: Record<string, string> } = {},
  ) =>
    app.inject({
      method: 'POST',
      url,
      payload,
      remoteAddress: opts.ip ?? nextIp(),
      headers: { ...(opts.cookie ? { cookie: opts.cookie } : {}), ...opts.headers },
    })
  const whoami = (cookie?: string) => app.inject({ url: '/api/v1/users/whoami', headers: cookie ? { cookie } : {} })

  it('refuses registration with Russian field errors', async () => {
    const bad = await post('/api/v1/auth/register', { email: 'nope', password: 'short', name: '', consent: false })
    expect(bad.statusCode).toBe(400)
    expect(bad.json().error.fields).toEqual({
      email: 'Введите адрес электронной почты, например name@company.ru',
      password: 'Пароль — не короче 12 символов',
      name: 'Укажите имя и фамилию',
      consent: 'Нужно согласие с пользовательским соглашением и на обработку персональных данных',
    })
  })

  it('answers whoami from the session’s statement and the memberships’ alone, and shows a change at once', async () => {
    const user = await createTestUser(database.db)
    const headers = { cookie: user.cookie }
    const created = await app.inject({
      method: 'POST',
      url: '/api/v1/organizations',
      payload: organizationInput(),
      headers,
    })
    expect(created.statusCode).toBe(201)

    const before = database.statements.count
    const res = await whoami(user.cookie)
    // The session with the user's profile, then every membership (the selected one is the context's).
    expect(database.statements.count - before).toBe(2)
    expect(res.json().data).toMatchObject({
      id: user.id,
      email: user.email,
      emailConfirmed: true,
      isStaff: false,
      organizations: [{ id: created.json().data.id, isSelected: true, memberRole: 'owner' }],
    })

    const changed = await app.inject({
      method: 'PATCH',
      url: '/api/v1/users/me',
      payload: { name: 'Вера Новикова', phone: '+7 912 000-11-22' },
      headers,
    })
    expect(changed.statusCode).toBe(204)
    expect((await whoami(user.cookie)).json().data).toMatchObject({ name: 'Вера Новикова', phone: '+79120001122' })
  })

  it('reads the sessions and memberships of concurrent requests together, each request its own user', async () => {
    const people = await Promise.all(
      [1, 2, 3, 4].map((n) => createTestUser(database.db, { name: `Параллельный ${n}` })),
    )
    for (const person of people.slice(0, 2)) {
      const created = await app.inject({
        method: 'POST',
        url: '/api/v1/organizations',
        payload: organizationInput(),
        headers: { cookie: person.cookie },
      })
      expect(created.statusCode).toBe(201)
    }
    // Called in one tick: the first goes alone, the rest are read as one group.
    const policy = { idleMs: 3_600_000, absoluteMs: 3_600_000 }
    let before = database.statements.count
    const found = await Promise.all([
      ...people.map((p) => resolveSession(database.db, p.token, policy)),
      resolveSession(database.db, 'x'.repeat(43), policy),
    ])
    expect(database.statements.count - before).toBe(2)
    expect(found.map((f) => f?.user.id ?? null)).toEqual([...people.map((p) => p.id), null])
    expect(found.map((f) => f?.profile.name ?? null)).toEqual([...people.map((_, i) => `Параллельный ${i + 1}`), null])
    before = database.statements.count
    const memberships = await Promise.all(people.map((p) => listUserOrganizations(database.db, p.id, null)))
    expect(database.statements.count - before).toBe(2)
    expect(memberships.map((m) => m.length)).toEqual([1, 1, 0, 0])
    expect(memberships[0]![0]!.id).not.toBe(memberships[1]![0]!.id)
    // Through the API at once: each whoami is its caller's.
    const answers = await Promise.all(people.map((p) => whoami(p.cookie)))
    expect(answers.map((a) => a.json().data.email)).toEqual(people.map((p) => p.email))
    expect(answers.map((a) => a.json().data.organizations.length)).toEqual([1, 1, 0, 0])
  })

  it('answers whoami 401 when signed out', async () => {
    expect((await whoami()).statusCode).toBe(401)
    expect((await whoami('sid=not-a-real-token-but-long-enough-xxxxxxxx')).statusCode).toBe(401)
  })

  it('signs in with 200 and a new cookie, 401 on a wrong password or unknown e-mail', async () => {
    const user = await createTestUser(database.db)
    const ok = await post('/api/v1/auth/login', { email: user.email.toUpperCase(), password: TEST_PASSWORD })
    expect(ok.statusCode).toBe(200)
    expect(sessionCookieFrom(ok.headers)).toBeDefined()
    const wrong = await post('/api/v1/auth/login', { email: user.email, password: 'wrong-password-123' })
    expect(wrong.statusCode).toBe(401)
    expect(wrong.json().error.message).toBe('Неверный email или пароль')
    const unknown = await post('/api/v1/auth/login', { email: 'nobody@example.test', password: 'wrong-password-123' })
    expect(unknown.statusCode).toBe(401)
    expect(unknown.json().error.message).toBe('Неверный email или пароль')
  })

  it('rotates the session at sign-in: the old cookie dies', async () => {
    const user = await createTestUser(database.db)
    const res = await post(
      '/api/v1/auth/login',
      { email: user.email, password: TEST_PASSWORD },
      { cookie: user.cookie },
    )
    const fresh = sessionCookieFrom(res.headers)!
    expect(fresh).not.toBe(user.cookie)
    expect((await whoami(user.cookie)).statusCode).toBe(401)
    expect((await whoami(fresh)).statusCode).toBe(200)
  })

  it('logs out with 204; the session is dead afterwards', async () => {
    const user = await createTestUser(database.db)
    const res = await post('/api/v1/auth/logout', {}, { cookie: user.cookie })
    expect(res.statusCode).toBe(204)
    expect((await whoami(user.cookie)).statusCode).toBe(401)
  })

  it('expires a session after the idle timeout and after the absolute timeout', async () => {
    const idle = await createTestUser(database.db)
    await database.db
      .update(sessions)
      .set({ lastSeenAt: new Date(Date.now() - 31 * 60_000) })
      .where(eq(sessions.id, hashToken(idle.token)))
    expect((await whoami(idle.cookie)).statusCode).toBe(401)
    const old = await createTestUser(database.db)
    await database.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.id, hashToken(old.token)))
    expect((await whoami(old.cookie)).statusCode).toBe(401)
  })

  it('refuses cookie-authenticated writes from another site with 403', async () => {
    const user = await createTestUser(database.db)
    const cross = await post(
      '/api/v1/auth/logout',
      {},
      { cookie: user.cookie, headers: { 'sec-fetch-site': 'cross-site' } },
    )
    expect(cross.statusCode).toBe(403)
    expect(cross.json().error.message).toBe('Запрос отклонён: он отправлен с другого сайта.')
    const foreignOrigin = await post(
      '/api/v1/auth/logout',
      {},
      { cookie: user.cookie, headers: { origin: 'https://evil.example' } },
    )
    expect(foreignOrigin.statusCode).toBe(403)
    expect((await whoami(user.cookie)).statusCode).toBe(200) // still signed in
    const same = await post(
      '/api/v1/auth/logout',
      {},
      { cookie: user.cookie, headers: { 'sec-fetch-site': 'same-origin', origin: 'http://localhost:80' } },
    )
    expect(same.statusCode).toBe(204)
  })

  // More in sign-in-throttle.test.ts: known browsers, the reset link, one address's growing waits.
  it('slows sign-in to an account down, not locks it, with a Russian 429 saying when to try again', async () => {
    const user = await createTestUser(database.db)
    for (let i = 0; i < 10; i++) {
      expect((await post('/api/v1/auth/login', { email: user.email, password: 'wrong-password-123' })).statusCode).toBe(
        401,
      )
    }
    const slowed = await post('/api/v1/auth/login', { email: user.email, password: TEST_PASSWORD })
    expect(slowed.statusCode).toBe(429)
    expect(slowed.headers['retry-after']).toBe('1')
    expect(slowed.json().error.message).toContain('Попробуйте ещё раз через 1 секунду')
  })

  it('rate-limits registration per IP address', async () => {
    const ip = nextIp()
    for (let i = 0; i < 5; i++) {
      const res = await post(
        '/api/v1/auth/register',
        { email: `r${i}-${ip}@example.test`, password: TEST_PASSWORD, name: 'Роман Р', consent: true },
        { ip },
      )
      expect(res.statusCode).toBe(202)
    }
    const limited = await post(
      '/api/v1/auth/register',
      { email: `r9-${ip}@example.test`, password: TEST_PASSWORD, name: 'Роман Р', consent: true },
      { ip },
    )
    expect(limited.statusCode).toBe(429)
  })

  it('resets a password by the e-mailed link once, ending all sessions', async () => {
    const user = await createTestUser(database.db)
    const unknown = await post('/api/v1/auth/password-reset', { email: 'ghost@example.test' })
    const known = await post('/api/v1/auth/password-reset', { email: user.email })
    expect(unknown.statusCode).toBe(202)
    expect(known.statusCode).toBe(202)
    const [mail] = await database.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.to, user.email))
      .orderBy(desc(emailOutbox.createdAt))
    expect(mail!.kind).toBe('password_reset')
    const token = /resetToken=([A-Za-z0-9_-]+)/.exec(mail!.text)![1]!
    const done = await post('/api/v1/auth/password-reset/confirm', { token, password: 'новый-надёжный-пароль' })
    expect(done.statusCode).toBe(200)
    expect((await whoami(user.cookie)).statusCode).toBe(401) // old session ended
    expect((await whoami(sessionCookieFrom(done.headers))).statusCode).toBe(200)
    const again = await post('/api/v1/auth/password-reset/confirm', { token, password: 'ещё-один-пароль-123' })
    expect(again.statusCode).toBe(400)
    expect(
      (await post('/api/v1/auth/login', { email: user.email, password: 'новый-надёжный-пароль' })).statusCode,
    ).toBe(200)
  })

  it('changes the password with the current one and ends the other sessions', async () => {
    const user = await createTestUser(database.db)
    const other = await post('/api/v1/auth/login', { email: user.email, password: TEST_PASSWORD })
    const otherCookie = sessionCookieFrom(other.headers)!
    const wrong = await post(
      '/api/v1/users/me/password',
      { currentPassword: 'nope-nope-nope', newPassword: 'другой-пароль-2026' },
      { cookie: user.cookie },
    )
    expect(wrong.statusCode).toBe(400)
    expect(wrong.json().error.fields).toEqual({ currentPassword: 'Неверный текущий пароль' })
    const ok = await post(
      '/api/v1/users/me/password',
      { currentPassword: TEST_PASSWORD, newPassword: 'другой-пароль-2026' },
      { cookie: user.cookie },
    )
    expect(ok.statusCode).toBe(204)
    expect((await whoami(user.cookie)).statusCode).toBe(200)
    expect((await whoami(otherCookie)).statusCode).toBe(401)
  })

  it('lists the sessions and ends another one; someone else’s is not found', async () => {
    const user = await createTestUser(database.db)
    await post('/api/v1/auth/login', { email: user.email, password: TEST_PASSWORD })
    const list = await app.inject({ url: '/api/v1/users/me/sessions', headers: { cookie: user.cookie } })
    const items = list.json().data as { id: string; current: boolean }[]
    expect(items).toHaveLength(2)
    const other = items.find((s) => !s.current)!
    const stranger = await createTestUser(database.db)
    const foreign = await app.inject({
      method: 'DELETE',
      url: `/api/v1/users/me/sessions/${encodeURIComponent(other.id)}`,
      headers: { cookie: stranger.cookie },
    })
    expect(foreign.statusCode).toBe(404)
    const ended = await app.inject({
      method: 'DELETE',
      url: `/api/v1/users/me/sessions/${encodeURIComponent(other.id)}`,
      headers: { cookie: user.cookie },
    })
    expect(ended.statusCode).toBe(204)
    const after = await app.inject({ url: '/api/v1/users/me/sessions', headers: { cookie: user.cookie } })
    expect(after.json().data).toHaveLength(1)
  })

  it('updates name and phone', async () => {
    const user = await createTestUser(database.db)
    const res = await app.inject({
      method: 'PATCH',
      url: '/api/v1/users/me',
      payload: { name: 'Пётр Иванов', phone: '+7 999 000-11-22' },
      headers: { cookie: user.cookie },
    })
    expect(res.statusCode).toBe(204)
    expect((await whoami(user.cookie)).json().data).toMatchObject({ name: 'Пётр Иванов', phone: '+79990001122' })
  })

  it('serves the header summary with zero counters', async () => {
    const res = await app.inject('/api/v1/header/summary')
    expect(res.json()).toEqual({ chatUnreadMessagesCount: 0, cartCount: 0, compareCount: 0 })
  })
})
