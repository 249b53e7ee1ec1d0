import { randomUUID } from 'node:crypto'
import { and, eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { describe, expect, it } from 'vitest'
import { type Ctx, ctxForUser, withDb } from '../../context.ts'
import type { Database, Db } from '../../db/client.ts'
import { useTestApp } from '../../testing/app.ts'
import { createTestUser } from '../../testing/auth.ts'
import { BACKENDS } from '../../testing/database.ts'
import { auditLog } from '../audit/audit.table.ts'
import { leads } from '../leads/leads.table.ts'
import { emailOutbox } from '../mail/mail.table.ts'

const leadRow = (i: number, status: 'new' | 'in_progress' | 'done' = 'new') => ({
  submissionId: randomUUID(),
  sourcePath: '/platforms/repair',
  name: `Клиент ${i}`,
  phone: '+79161234567',
  email: `client${i}@example.test`,
  message: 'Нужен ремонт агродрона после жёсткой посадки.',
  consentAt: new Date(),
  status,
  createdAt: new Date(Date.UTC(2026, 0, 1, 0, i)),
})

/** Counts the statements a service starts: each select/insert/update/delete/execute is one query. */
function countingDb(db: Db) {
  let queries = 0
  const proxy = new Proxy(db, {
    get(target, prop, receiver) {
      const value = Reflect.get(target, prop, receiver)
      if (typeof value !== 'function') return value
      if (['select', 'insert', 'update', 'delete', 'execute'].includes(String(prop))) {
        return (...args: unknown[]) => {
          queries++
          return value.apply(target, args)
        }
      }
      return value.bind(target)
    },
  })
  return { db: proxy, count: () => queries }
}

describe.each(BACKENDS)('staff endpoints on %s', (backend) => {
  let database: Database
  let app: FastifyInstance
  let staff: Awaited<ReturnType<typeof createTestUser>>
  let plain: Awaited<ReturnType<typeof createTestUser>>

  useTestApp(backend, async (started) => {
    database = started.database
    app = started.app
    staff = await createTestUser(database.db, { isStaff: true, name: 'Ольга Модератор' })
    plain = await createTestUser(database.db)
    await database.db
      .insert(leads)
      .values([
        ...Array.from({ length: 55 }, (_, i) => leadRow(i)),
        ...Array.from({ length: 3 }, (_, i) => leadRow(100 + i, 'done')),
      ])
  })

  const get = (url: string, cookie?: string) => app.inject({ url, headers: cookie ? { cookie } : {} })

  it('is closed to guests (401) and to non-staff users (403)', async () => {
    for (const url of ['/api/v1/staff/leads', '/api/v1/staff/outbox', '/api/v1/staff/audit']) {
      expect((await get(url)).statusCode).toBe(401)
      const forbidden = await get(url, plain.cookie)
      expect(forbidden.statusCode).toBe(403)
      expect(forbidden.json().error.message).toBe('Доступно только сотрудникам платформы')
    }
    const patch = await app.inject({
      method: 'PATCH',
      url: `/api/v1/staff/leads/${randomUUID()}`,
      payload: { status: 'done' },
      headers: { cookie: plain.cookie },
    })
    expect(patch.statusCode).toBe(403)
  })

  it('lists leads 50 a page, newest first, with the total and a status filter', async () => {
    const first = await get('/api/v1/staff/leads', staff.cookie)
    expect(first.statusCode).toBe(200)
    const body = first.json()
    expect(body.meta).toEqual({ page: 1, pageSize: 50, total: 58 })
    expect(body.data).toHaveLength(50)
    expect(body.data[0].name).toBe('Клиент 102')
    const second = (await get('/api/v1/staff/leads?page=2', staff.cookie)).json()
    expect(second.data).toHaveLength(8)
    const done = (await get('/api/v1/staff/leads?status=done', staff.cookie)).json()
    expect(done.meta.total).toBe(3)
    expect(done.data.every((l: { status: string }) => l.status === 'done')).toBe(true)
    expect((await get('/api/v1/staff/leads?status=', staff.cookie)).json().meta.total).toBe(58)
    const bad = await get('/api/v1/staff/leads?status=lost&page=x', staff.cookie)
    expect(bad.statusCode).toBe(400)
    expect(bad.json().error.fields).toEqual({ page: 'Номер страницы — число', status: 'Неизвестный статус' })
  })

  it('changes a lead’s status and writes it to the audit log', async () => {
    const [lead] = await database.db.insert(leads).values(leadRow(200)).returning({ id: leads.id })
    const patch = (status: unknown, id = lead!.id) =>
      app.inject({
        method: 'PATCH',
        url: `/api/v1/staff/leads/${id}`,
        payload: { status },
        headers: { cookie: staff.cookie },
      })
    const res = await patch('in_progress')
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ data: { id: lead!.id, status: 'in_progress' } })
    const [row] = await database.db.select().from(leads).where(eq(leads.id, lead!.id))
    expect(row!.status).toBe('in_progress')
    const trail = await database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'lead.status_change'), eq(auditLog.targetId, lead!.id)))
    expect(trail).toHaveLength(1)
    expect(trail[0]).toMatchObject({ actorUserId: staff.id, details: { from: 'new', to: 'in_progress' } })

    const invalid = await patch('archived')
    expect(invalid.statusCode).toBe(400)
    expect(invalid.json().error.fields).toEqual({ status: 'Выберите статус' })
    expect((await patch('done', randomUUID())).statusCode).toBe(404)
    expect((await patch('done', 'nope')).statusCode).toBe(404)
  })

  it('shows the outbox with one-time links masked', async () => {
    await database.db.insert(emailOutbox).values({
      to: 'anna@example.test',
      subject: 'Смена пароля в БАС Маркет',
      text: 'Откройте ссылку: http://localhost:3000/?resetToken=secret-token-value_123\nСпасибо',
      kind: 'password_reset',
    })
    const res = await get('/api/v1/staff/outbox', staff.cookie)
    expect(res.statusCode).toBe(200)
    const [mail] = res.json().data
    expect(mail).toMatchObject({ to: 'anna@example.test', kind: 'password_reset', sentAt: null })
    expect(mail.text).toBe('Откройте ссылку: http://localhost:3000/?resetToken=••••••\nСпасибо')
    expect(res.json().meta).toEqual({ page: 1, pageSize: 50, total: 1 })
  })

  it('shows the audit log with the actor’s name, filtered by action or its prefix', async () => {
    const res = await get('/api/v1/staff/audit?action=lead', staff.cookie)
    expect(res.statusCode).toBe(200)
    const items = res.json().data as { action: string; actor: { name: string } | null }[]
    expect(items.length).toBeGreaterThan(0)
    expect(items.every((i) => i.action.startsWith('lead.'))).toBe(true)
    expect(items[0]!.actor).toMatchObject({ id: staff.id, name: 'Ольга Модератор' })
    const exact = (await get('/api/v1/staff/audit?action=lead.status_change', staff.cookie)).json()
    expect(exact.meta.total).toBe(1)
    // LIKE wildcards in the filter match themselves only.
    expect((await get('/api/v1/staff/audit?action=%25', staff.cookie)).json().meta.total).toBe(0)
  })

  it('makes the same number of queries for a page of 1 and a page of 50 (no N+1)', async () => {
    const measure = async (call: (ctx: Ctx) => Promise<{ items: unknown[] }>) => {
      const counting = countingDb(database.db)
      const page = await call(withDb(await ctxForUser(database.db, staff.id), counting.db))
      return { size: page.items.length, queries: counting.count() }
    }
    const services = app.services
    const full = await measure((ctx) => services.leads.list(ctx, { page: 1 }))
    const one = await measure((ctx) => services.leads.list(ctx, { page: 2, status: 'new' }))
    expect(full.size).toBe(50)
    expect(one.size).toBeLessThan(50)
    expect(one.queries).toBe(full.queries)
    expect(full.queries).toBeGreaterThanOrEqual(2) // the page and the total, at least

    for (let i = 0; i < 60; i++) {
      await database.db
        .insert(auditLog)
        .values({ actorUserId: i % 2 ? staff.id : plain.id, action: 'test.bulk', targetType: 'x', targetId: String(i) })
    }
    const auditFull = await measure((ctx) => services.audit.list(ctx, { action: 'test' }))
    const auditOne = await measure((ctx) => services.audit.list(ctx, { action: 'test', page: 2 }))
    expect(auditFull.size).toBe(50)
    expect(auditOne.size).toBe(10)
    expect(auditOne.queries).toBe(auditFull.queries)
    expect(auditFull.queries).toBeLessThanOrEqual(3)

    const outbox = await measure((ctx) => services.mail.listOutbox(ctx, {}))
    expect(outbox.queries).toBeLessThanOrEqual(3)
  })
})
