import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { describe, expect, it } from 'vitest'
import type { Database } from '../../db/client.ts'
import { buildTestApp, untilRedisReady, useTestApp } from '../../testing/app.ts'
import { BACKENDS, openTestDatabase } from '../../testing/database.ts'
import { leads } from './leads.table.ts'

function validLead(overrides: Record<string, unknown> = {}) {
  return {
    name: 'Ирина Соколова',
    organization: 'АО «Агрохолдинг Заря»',
    phone: '+7 (916) 123-45-67',
    email: 'i.sokolova@zarya-agro.ru',
    message: 'Нужен ремонт агродрона после жёсткой посадки, сломан луч рамы.',
    consent: 'on',
    sourcePath: '/platforms/repair',
    submissionId: randomUUID(),
    ...overrides,
  }
}

describe.each(BACKENDS)('leads on %s', (backend) => {
  let database: Database
  let app: FastifyInstance
  // Each test uses its own client address so the rate limit of one does not touch the others.
  let ipCounter = 1
  const post = (payload: unknown, ip = `10.0.0.${ipCounter++}`) =>
    app.inject({ method: 'POST', url: '/api/v1/leads', payload: payload as object, remoteAddress: ip })

  useTestApp(backend, (started) => {
    database = started.database
    app = started.app
  })

  it('stores a valid lead with the page it came from', async () => {
    const lead = validLead()
    const res = await post(lead)
    expect(res.statusCode).toBe(201)
    const [row] = await database.db.select().from(leads).where(eq(leads.id, res.json().data.id))
    expect(row).toMatchObject({
      sourcePath: '/platforms/repair',
      name: 'Ирина Соколова',
      phone: '+79161234567',
      email: 'i.sokolova@zarya-agro.ru',
      status: 'new',
    })
    expect(row!.consentAt).toBeInstanceOf(Date)
  })

  it('answers 400 with Russian field errors and stores nothing', async () => {
    const submissionId = randomUUID()
    const res = await post(
      validLead({ name: 'И', phone: '123', email: 'not-an-email', message: 'мало', consent: undefined, submissionId }),
    )
    expect(res.statusCode).toBe(400)
    const { error } = res.json()
    expect(error.code).toBe('invalid')
    expect(error.fields).toEqual({
      name: 'Укажите, как к вам обращаться',
      phone: 'Введите номер телефона полностью: +7 (XXX) XXX-XX-XX',
      email: 'Введите адрес электронной почты, например name@company.ru',
      message: 'Опишите задачу хотя бы в нескольких словах (от 10 символов)',
      consent: 'Нужно согласие на обработку персональных данных',
    })
    expect(await database.db.select().from(leads).where(eq(leads.submissionId, submissionId))).toHaveLength(0)
  })

  it('refuses a page without a form', async () => {
    const res = await post(validLead({ sourcePath: '/legal-information/privacy-policy' }))
    expect(res.statusCode).toBe(400)
    expect(res.json().error.fields).toEqual({ sourcePath: 'Неизвестная страница' })
  })

  it('stores a repeated submission once', async () => {
    const lead = validLead()
    const ip = '10.1.0.1'
    const [a, b] = [await post(lead, ip), await post(lead, ip)]
    expect(a.statusCode).toBe(201)
    expect(b.statusCode).toBe(201)
    expect(b.json().data.id).toBe(a.json().data.id)
    expect(await database.db.select().from(leads).where(eq(leads.submissionId, lead.submissionId))).toHaveLength(1)
  })

  it('limits an address to 5 leads per 10 minutes with a Russian 429', async () => {
    const ip = '10.2.0.1'
    for (let i = 0; i < 5; i++) expect((await post(validLead(), ip)).statusCode).toBe(201)
    const res = await post(validLead(), ip)
    expect(res.statusCode).toBe(429)
    // When the ten minutes are over, for clients that wait on their own.
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(590)
    expect(Number(res.headers['retry-after'])).toBeLessThanOrEqual(600)
    expect(res.json().error).toEqual({
      code: 'rate_limited',
      message: 'Слишком много запросов. Попробуйте ещё раз через 10 минут.',
    })
    // Another address is not affected.
    expect((await post(validLead(), '10.2.0.2')).statusCode).toBe(201)
  })
})

// The limiter must count across instances: two apps sharing Redis see each other's hits.
describe.runIf(process.env.REDIS_URL_TEST)('leads rate limit through Redis', () => {
  it('counts hits made on another instance', async () => {
    const database = await openTestDatabase('pglite')
    const env = { REDIS_URL: process.env.REDIS_URL_TEST! }
    const [one, two] = [await buildTestApp(database, env), await buildTestApp(database, env)]
    await untilRedisReady(one, two)
    const ip = `10.9.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`
    const send = (app: FastifyInstance) =>
      app.inject({ method: 'POST', url: '/api/v1/leads', payload: validLead(), remoteAddress: ip })
    for (let i = 0; i < 5; i++) expect((await send(i % 2 ? one : two)).statusCode).toBe(201)
    expect((await send(one)).statusCode).toBe(429)
    expect((await send(two)).statusCode).toBe(429)
    await one.close()
    await two.close()
    await database.close()
  })
})
