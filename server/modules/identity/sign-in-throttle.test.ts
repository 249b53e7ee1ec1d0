import { randomInt } from 'node:crypto'
import { desc, eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { describe, expect, it } from 'vitest'
import type { Database } from '../../db/client.ts'
import { buildTestApp, manualClock, untilRedisReady, useTestApp } from '../../testing/app.ts'
import { createTestUser, sessionCookieFrom, TEST_PASSWORD } from '../../testing/auth.ts'
import { BACKENDS, openTestDatabase } from '../../testing/database.ts'
import { emailOutbox } from '../mail/mail.table.ts'
import { knownDevices } from './identity.table.ts'
import { hashToken } from './tokens.ts'

const WRONG = 'wrong-password-123'
let addressSeq = 1
/** A client address of its own, as the proxy reports it in X-Forwarded-For. */
const nextAddress = () => `198.51.${Math.floor(addressSeq / 250)}.${addressSeq++ % 250}`

/** The `did` cookie a response set, as a Cookie header value. */
function deviceCookieFrom(headers: Record<string, unknown>): string | undefined {
  const raw = headers['set-cookie']
  const list = Array.isArray(raw) ? raw.map(String) : raw ? [String(raw)] : []
  return list.find((c) => c.startsWith('did='))?.split(';')[0]
}

function signInWith(
  app: FastifyInstance,
  email: string,
  password: string,
  opts: { ip?: string; device?: string } = {},
) {
  return app.inject({
    method: 'POST',
    url: '/api/v1/auth/login',
    payload: { email, password },
    headers: { 'x-forwarded-for': opts.ip ?? nextAddress(), ...(opts.device ? { cookie: opts.device } : {}) },
  })
}

describe.each(BACKENDS)('sign-in throttling on %s', (backend) => {
  let database: Database
  let app: FastifyInstance
  // The throttle's time moves only when a test moves it: a slow password hash on a busy machine
  // cannot let an attempt through that came «too soon».
  const time = manualClock()

  // Behind a proxy: every attempt below claims its own client address in X-Forwarded-For.
  useTestApp(
    backend,
    (started) => {
      database = started.database
      app = started.app
    },
    { TRUST_PROXY: 'true' },
    { clock: time.clock },
  )

  const signIn = (email: string, password: string, opts: { ip?: string; device?: string } = {}) =>
    signInWith(app, email, password, opts)

  /** Wrong passwords for the account, each from another address. */
  async function spray(email: string, times: number) {
    const statuses = []
    for (let i = 0; i < times; i++) statuses.push((await signIn(email, WRONG)).statusCode)
    return statuses
  }

  it('remembers the browser of a successful sign-in in an HttpOnly cookie for 90 days, storing only its hash', async () => {
    const owner = await createTestUser(database.db)
    const res = await signIn(owner.email, TEST_PASSWORD)
    expect(res.statusCode).toBe(200)
    const setCookie = [res.headers['set-cookie']]
      .flat()
      .map(String)
      .find((c) => c.startsWith('did='))!
    expect(setCookie).toMatch(/^did=[A-Za-z0-9_-]{43};/)
    expect(setCookie).toContain('HttpOnly')
    expect(setCookie).toContain('SameSite=Lax')
    expect(setCookie).toContain('Path=/api/v1/auth')
    const expires = Date.parse(/Expires=([^;]+)/.exec(setCookie)![1]!)
    expect(expires - Date.now()).toBeGreaterThan(89 * 86_400_000)
    expect(expires - Date.now()).toBeLessThan(91 * 86_400_000)
    const token = setCookie.slice(4, 47)
    const rows = await database.db.select().from(knownDevices).where(eq(knownDevices.userId, owner.id))
    expect(rows.map((r) => r.tokenHash)).toEqual([hashToken(token)])
    // The same browser keeps its token at the next sign-in.
    const again = await signIn(owner.email, TEST_PASSWORD, { device: `did=${token}` })
    expect(deviceCookieFrom(again.headers)).toBe(`did=${token}`)
  })

  it('ten wrong passwords from ten addresses slow the account down but do not keep its owner out', async () => {
    const owner = await createTestUser(database.db)
    const device = deviceCookieFrom((await signIn(owner.email, TEST_PASSWORD)).headers)!
    time.advance(2 * 3_600_000) // the owner signed in from this browser a while ago

    expect(await spray(owner.email, 10)).toEqual(Array(10).fill(401))
    // From now on every unknown browser waits, whoever it is …
    const slowed = await signIn(owner.email, TEST_PASSWORD)
    expect(slowed.statusCode).toBe(429)
    expect(slowed.headers['retry-after']).toBe('1')
    expect(slowed.json().error.message).toBe(
      'Слишком много неудачных попыток входа. Попробуйте ещё раз через 1 секунду или восстановите пароль по ссылке «Забыли пароль?».',
    )
    // … but the owner's own browser signs in at once, however much the guessing goes on.
    expect(await spray(owner.email, 5)).toEqual(Array(5).fill(429))
    const known = await signIn(owner.email, TEST_PASSWORD, { device })
    expect(known.statusCode).toBe(200)
    expect(sessionCookieFrom(known.headers)).toBeDefined()
    // A slowdown, not a lock: after the wait an unknown browser gets its turn too.
    time.advance(1000)
    expect((await signIn(owner.email, TEST_PASSWORD)).statusCode).toBe(200)
  })

  it('lets the owner in through the reset link, and the new password starts with a clean slate', async () => {
    const owner = await createTestUser(database.db)
    expect(await spray(owner.email, 12)).toEqual([...Array(10).fill(401), 429, 429])
    const reset = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/password-reset',
      payload: { email: owner.email },
      headers: { 'x-forwarded-for': nextAddress() },
    })
    expect(reset.statusCode).toBe(202)
    const [mail] = await database.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.to, owner.email))
      .orderBy(desc(emailOutbox.createdAt))
    const token = /resetToken=([A-Za-z0-9_-]+)/.exec(mail!.text)![1]!
    const confirmed = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/password-reset/confirm',
      payload: { token, password: 'новый-надёжный-пароль' },
      headers: { 'x-forwarded-for': nextAddress() },
    })
    expect(confirmed.statusCode).toBe(200)
    expect(sessionCookieFrom(confirmed.headers)).toBeDefined()
    // Any browser, from any address, signs in with the new password straight away.
    expect((await signIn(owner.email, 'новый-надёжный-пароль')).statusCode).toBe(200)
  })

  it('makes a guesser from one address wait 1, 2, 4 … seconds, leaving other addresses alone', async () => {
    const owner = await createTestUser(database.db)
    const guesser = nextAddress()
    for (let i = 0; i < 5; i++) expect((await signIn(owner.email, WRONG, { ip: guesser })).statusCode).toBe(401)
    for (const [seconds, words] of [
      [1, '1 секунду'],
      [2, '2 секунды'],
      [4, '4 секунды'],
      [8, '8 секунд'],
    ] as const) {
      const refused = await signIn(owner.email, TEST_PASSWORD, { ip: guesser })
      expect(refused.statusCode).toBe(429)
      expect(refused.headers['retry-after']).toBe(String(seconds))
      expect(refused.json().error.message).toContain(`через ${words} `)
      time.advance(seconds * 1000 - 1)
      expect((await signIn(owner.email, WRONG, { ip: guesser })).statusCode).toBe(429) // not a moment early
      time.advance(1)
      expect((await signIn(owner.email, WRONG, { ip: guesser })).statusCode).toBe(401)
    }
    // The owner at another address is not held up by this one.
    expect((await signIn(owner.email, TEST_PASSWORD)).statusCode).toBe(200)
  })

  it('caps the wait: at most 5 minutes for an address, said in minutes', async () => {
    const owner = await createTestUser(database.db)
    const guesser = nextAddress()
    for (let i = 0; i < 5; i++) await signIn(owner.email, WRONG, { ip: guesser })
    for (let wait = 1; wait < 300; wait *= 2) {
      time.advance(wait * 1000)
      expect((await signIn(owner.email, WRONG, { ip: guesser })).statusCode).toBe(401)
    }
    const refused = await signIn(owner.email, WRONG, { ip: guesser })
    expect(refused.headers['retry-after']).toBe('300')
    expect(refused.json().error.message).toContain('через 5 минут ')
  })

  it('holds a known browser that guesses to its own pace', async () => {
    const owner = await createTestUser(database.db)
    const device = deviceCookieFrom((await signIn(owner.email, TEST_PASSWORD)).headers)!
    for (let i = 0; i < 5; i++) expect((await signIn(owner.email, WRONG, { device })).statusCode).toBe(401)
    const refused = await signIn(owner.email, TEST_PASSWORD, { device })
    expect(refused.statusCode).toBe(429)
    expect(refused.headers['retry-after']).toBe('1')
  })

  it('keeps the limit per address across accounts', async () => {
    const address = nextAddress()
    for (let i = 0; i < 30; i++) {
      expect((await signIn(`nobody-${i}@example.test`, WRONG, { ip: address })).statusCode).toBe(401)
    }
    const limited = await signIn('nobody-31@example.test', WRONG, { ip: address })
    expect(limited.statusCode).toBe(429)
  })
})

// Several instances behind a load balancer slow the same guesser down.
describe.runIf(process.env.REDIS_URL_TEST)('sign-in throttling through Redis', () => {
  it('counts attempts made on another instance', async () => {
    const database = await openTestDatabase('pglite')
    const env = { REDIS_URL: process.env.REDIS_URL_TEST!, TRUST_PROXY: 'true' }
    const [one, two] = [await buildTestApp(database, env), await buildTestApp(database, env)]
    await untilRedisReady(one, two)
    try {
      const owner = await createTestUser(database.db)
      // Redis outlives a run: an address of this run's own, so that an earlier run's count of a
      // fixed one (within its window) cannot refuse the first attempts.
      const guesser = `203.0.${randomInt(256)}.${randomInt(256)}`
      for (let i = 0; i < 5; i++) {
        expect((await signInWith(i % 2 ? one : two, owner.email, WRONG, { ip: guesser })).statusCode).toBe(401)
      }
      const refused = await signInWith(one, owner.email, WRONG, { ip: guesser })
      expect(refused.statusCode).toBe(429)
      expect(refused.headers['retry-after']).toBe('1')
      expect((await signInWith(two, owner.email, TEST_PASSWORD, { ip: guesser })).statusCode).toBe(429)
      // The owner elsewhere is let in by either instance.
      expect((await signInWith(two, owner.email, TEST_PASSWORD)).statusCode).toBe(200)
    } finally {
      await one.close()
      await two.close()
      await database.close()
    }
  })
})
