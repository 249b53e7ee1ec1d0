import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import type { FastifyInstance, InjectOptions } from 'fastify'
import { describe, expect, it } from 'vitest'
import { TEXT_MESSAGES } from '#common/text.ts'
import type { Database } from './db/client.ts'
import { recordAudit } from './modules/audit/audit.service.ts'
import { auditLog } from './modules/audit/audit.table.ts'
import { leads } from './modules/leads/leads.table.ts'
import { organizations } from './modules/organizations/organizations.table.ts'
import { ctxFor, nextLegalInn, organizationInput, PDF } from './modules/organizations/organizations.testing.ts'
import { useTestApp } from './testing/app.ts'
import { createTestUser } from './testing/auth.ts'
import { BACKENDS } from './testing/database.ts'

/**
 * Text a keyboard cannot produce, in every kind of input the API takes: PostgreSQL refuses NUL
 * in text and an unpaired surrogate in jsonb, so each must be a 400 with a Russian field message
 * (or a 404 for an address that cannot exist) before the database sees it.
 */
const INVALID = [
  ['NUL', '\u0000'],
  ['a lone surrogate', '\ud800'],
  ['BEL', '\u0007'],
  ['NEL (C1)', '\u0085'],
] as const

const refused = (field: string) => ({
  statusCode: 400,
  body: {
    error: { code: 'invalid', message: expect.any(String), fields: { [field]: TEXT_MESSAGES.invalidCharacters } },
  },
})

describe.each(BACKENDS)('invalid text on %s', (backend) => {
  let database: Database
  let app: FastifyInstance
  let ip = 1
  // Each request from an address of its own: the rate limits of sign-up and leads stay out of the way.
  const api = (method: InjectOptions['method'], url: string, cookie?: string, payload?: object) =>
    app.inject({
      method,
      url: `/api/v1${url}`,
      payload,
      headers: cookie ? { cookie } : {},
      remoteAddress: `10.9.${Math.floor(ip / 250)}.${ip++ % 250}`,
    })
  const answer = async (res: Promise<{ statusCode: number; json: () => unknown }>) => {
    const { statusCode, json } = await res
    return { statusCode, body: json() }
  }

  useTestApp(backend, (started) => {
    database = started.database
    app = started.app
  })

  describe.each(INVALID)('%s', (_name, bad) => {
    it('is refused in a user name (sign-up and profile)', async () => {
      const user = await createTestUser(database.db)
      const signUp = api('POST', '/auth/register', undefined, {
        email: `u-${randomUUID().slice(0, 8)}@example.test`,
        password: 'correct-horse-battery',
        name: `Иван${bad} Петров`,
        consent: true,
      })
      expect(await answer(signUp)).toMatchObject(refused('name'))
      expect(await answer(api('PATCH', '/users/me', user.cookie, { name: `Иван${bad}`, phone: '' }))).toMatchObject(
        refused('name'),
      )
    })

    it('is refused in every text field of an organization', async () => {
      const owner = await createTestUser(database.db)
      for (const field of ['fullName', 'shortName', 'legalAddress', 'website']) {
        const res = api('POST', '/organizations', owner.cookie, organizationInput({ [field]: `aero${bad}.example` }))
        expect(await answer(res), field).toMatchObject(refused(field))
      }
      const org = (await api('POST', '/organizations', owner.cookie, organizationInput())).json().data
      for (const field of ['fullName', 'shortName', 'legalAddress', 'website', 'description', 'region']) {
        const res = api('PATCH', `/organizations/${org.id}`, owner.cookie, { [field]: `aero${bad}.example` })
        expect(await answer(res), field).toMatchObject(refused(field))
      }
      const [stored] = await database.db.select().from(organizations).where(eq(organizations.id, org.id))
      expect(stored!.fullName).toBe(organizationInput().fullName)
    })

    it('is refused in a join request message', async () => {
      const owner = await createTestUser(database.db)
      const inn = nextLegalInn()
      await api('POST', '/organizations', owner.cookie, organizationInput({ inn }))
      const joiner = await createTestUser(database.db)
      const res = api('POST', '/organizations/join-requests', joiner.cookie, { inn, message: `Добавьте меня${bad}` })
      expect(await answer(res)).toMatchObject(refused('message'))
    })

    it('is refused in a lead, and nothing is stored', async () => {
      const lead: Record<string, string> = {
        name: 'Ирина Соколова',
        organization: 'АО «Заря»',
        phone: '+7 (916) 123-45-67',
        email: 'i.sokolova@zarya-agro.ru',
        message: 'Нужен ремонт агродрона после жёсткой посадки.',
        consent: 'on',
        sourcePath: '/for-sellers',
      }
      for (const field of ['name', 'organization', 'message']) {
        const submissionId = randomUUID()
        const res = api('POST', '/leads', undefined, { ...lead, submissionId, [field]: `${lead[field]}${bad}` })
        expect(await answer(res), field).toMatchObject(refused(field))
        expect(await database.db.select().from(leads).where(eq(leads.submissionId, submissionId))).toEqual([])
      }
    })

    it('is refused in a staff comment on a role request, before the audit log', async () => {
      const staff = await createTestUser(database.db, { isStaff: true })
      const owner = await createTestUser(database.db)
      const org = (await api('POST', '/organizations', owner.cookie, organizationInput())).json().data
      const role = (await api('POST', `/organizations/${org.id}/roles`, owner.cookie, { type: 'vendor' })).json().data
      const file = await app.services.files.store(await ctxFor(database.db, owner), {
        filename: 'Выписка.pdf',
        mimeType: 'application/pdf',
        data: PDF,
        organizationId: org.id,
      })
      await api('POST', `/organizations/${org.id}/roles/vendor/documents`, owner.cookie, { fileId: file.id })
      expect((await api('POST', `/organizations/${org.id}/roles/vendor/submit`, owner.cookie)).statusCode).toBe(200)

      for (const decision of ['request-fixes', 'approve']) {
        const res = api('POST', `/staff/verifications/${role.id}/${decision}`, staff.cookie, {
          comment: `Приложите устав${bad}`,
        })
        expect(await answer(res), decision).toMatchObject(refused('comment'))
      }
      const status = (await api('GET', `/staff/verifications/${role.id}`, staff.cookie)).json().data.status
      expect(status).toBe('moderation')
    })

    it('is a 400 in a search or a filter', async () => {
      const staff = await createTestUser(database.db, { isStaff: true })
      const q = encodeURIComponent(bad === '\ud800' ? '\ufffd' : bad) // a URL cannot carry a lone surrogate
      if (bad !== '\ud800') {
        expect(await answer(api('GET', `/catalog/products?q=${q}`))).toMatchObject(refused('q'))
        expect(await answer(api('GET', `/catalog/products?q=дрон${q}агро`))).toMatchObject(refused('q'))
        expect(await answer(api('GET', `/sellers/aerotekh-sistemy/products?q=${q}`))).toMatchObject(refused('q'))
        expect(await answer(api('GET', `/staff/audit?action=${q}`, staff.cookie))).toMatchObject(refused('action'))
      }
      const suggestions = await api('GET', `/catalog/suggestions?q=${q}${q}дрон`)
      expect(suggestions.statusCode).toBe(200)
    })
  })

  describe('addresses that cannot exist', () => {
    it.each(['%00', 'dji%00', '%07', 'DJI-Mavic', 'a'.repeat(200), 'dji--mavic', 'dji%20mavic'])(
      '%s is a 404 for products and sellers',
      async (slug) => {
        for (const url of [`/catalog/products/${slug}`, `/sellers/${slug}`, `/sellers/${slug}/products`]) {
          const res = await api('GET', url)
          expect(res.statusCode, url).toBe(404)
          expect(res.json().error.code, url).toBe('not_found')
        }
      },
    )
  })

  describe('bodies the API cannot read', () => {
    const login = (payload: string | Buffer, contentType: string) =>
      app.inject({ method: 'POST', url: '/api/v1/auth/login', payload, headers: { 'content-type': contentType } })

    it('answers in Russian to broken JSON, another format and a body over the limit', async () => {
      const broken = await login('{"email":', 'application/json')
      expect(broken.statusCode).toBe(400)
      expect(broken.json().error).toEqual({ code: 'invalid', message: 'Проверьте правильность заполнения полей.' })
      const xml = await login('<login/>', 'text/xml')
      expect(xml.statusCode).toBe(415)
      expect(xml.json().error.message).toBe('Неподдерживаемый формат запроса: отправьте JSON.')
      const huge = await login(`{"email":"${'a'.repeat(1_100_000)}"}`, 'application/json')
      expect(huge.statusCode).toBe(413)
      expect(huge.json().error.message).toBe('Запрос слишком большой.')
    })
  })

  describe('addresses with a % that starts no valid escape', () => {
    it.each(['%E0%A4%A', '%', 'dji%zz'])('/catalog/products/%s is the API’s Russian 404', async (slug) => {
      const res = await api('GET', `/catalog/products/${slug}`)
      expect(res.statusCode).toBe(404)
      expect(res.json().error).toEqual({ code: 'not_found', message: 'Товар не найден' })
    })
  })

  describe('multi-line text', () => {
    it('keeps line breaks as LF and tabs where text is multi-line', async () => {
      const owner = await createTestUser(database.db)
      const org = (await api('POST', '/organizations', owner.cookie, organizationInput())).json().data
      const res = await api('PATCH', `/organizations/${org.id}`, owner.cookie, {
        description: 'Ремонт\r\nи обслуживание\rдронов:\n\tагро',
      })
      expect(res.statusCode).toBe(200)
      expect(res.json().data.description).toBe('Ремонт\nи обслуживание\nдронов:\n\tагро')
      // …and refuses them where it is one line.
      expect(
        await answer(api('PATCH', `/organizations/${org.id}`, owner.cookie, { region: 'Москва\nи область' })),
      ).toMatchObject(refused('region'))
    })
  })

  describe('the audit log', () => {
    it('stores details with characters jsonb refuses, replaced', async () => {
      const user = await createTestUser(database.db)
      const targetId = randomUUID()
      await recordAudit(await ctxFor(database.db, user), {
        action: 'test.invalid_text',
        targetType: 'test',
        targetId,
        details: { comment: 'a\u0000b\ud800c', nested: { list: ['\udc00', 'строка\nвторая'] } },
      })
      const [row] = await database.db.select().from(auditLog).where(eq(auditLog.targetId, targetId))
      expect(row!.details).toEqual({ comment: 'a\ufffdb\ufffdc', nested: { list: ['\ufffd', 'строка\nвторая'] } })
    })
  })
})
