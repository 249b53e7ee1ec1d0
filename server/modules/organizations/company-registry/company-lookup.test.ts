import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '../../../db/client.ts'
import { useTestApp } from '../../../testing/app.ts'
import { createTestUser } from '../../../testing/auth.ts'
import { BACKENDS } from '../../../testing/database.ts'
import { apiClient, ctxFor, nextLegalInn, organizationInput } from '../organizations.testing.ts'
import { REGISTRY_MESSAGES } from './company-registry.ts'
import { STAND_IN_INN, STAND_IN_KEY, startRegistryStandIn } from './registry-stand-in.testing.ts'

describe.each(BACKENDS)('company details from the register on %s', (backend) => {
  let standIn: Awaited<ReturnType<typeof startRegistryStandIn>>
  let database: Database
  let app: FastifyInstance
  let api: ReturnType<typeof apiClient>
  // Filled in once the stand-in listens, before the app is built with them.
  const settings: Record<string, string> = { DADATA_API_KEY: STAND_IN_KEY }
  beforeAll(async () => {
    standIn = await startRegistryStandIn()
    settings.DADATA_URL = standIn.url
  })
  afterAll(() => standIn.close())
  useTestApp(
    backend,
    (started) => {
      database = started.database
      app = started.app
      api = apiClient(app)
    },
    settings,
  )

  it('gives a signed-in user a company’s name, KPP, OGRN and address by its INN', async () => {
    const user = await createTestUser(database.db)
    const found = await api('GET', `/organizations/lookup?inn=${STAND_IN_INN.company}`, user.cookie)
    expect(found.statusCode).toBe(200)
    expect(found.json().data).toMatchObject({
      shortName: 'ООО «ЯНДЕКС»',
      kpp: '770401001',
      ogrn: '1027700229193',
      legalForm: 'ooo',
      active: true,
    })
    expect(app.services.organizations.companyLookupEnabled()).toBe(true)
  })

  it('says what is wrong: a bad INN, one the register lacks, a provider that fails, a guest', async () => {
    const user = await createTestUser(database.db)
    const bad = await api('GET', '/organizations/lookup?inn=1234567890', user.cookie)
    expect(bad.statusCode).toBe(400)
    expect(bad.json().error.fields.inn).toMatch(/ИНН/)
    const unknown = nextLegalInn()
    const missing = await api('GET', `/organizations/lookup?inn=${unknown}`, user.cookie)
    expect(missing.statusCode, missing.body).toBe(404)
    expect(missing.json().error.message).toBe(REGISTRY_MESSAGES.notFound(unknown))
    const failing = await api('GET', `/organizations/lookup?inn=${STAND_IN_INN.failing}`, user.cookie)
    expect(failing.statusCode).toBe(503)
    expect(failing.json().error.message).toBe(REGISTRY_MESSAGES.unavailable)
    expect((await api('GET', `/organizations/lookup?inn=${STAND_IN_INN.company}`)).statusCode).toBe(401)
  })

  it('shows staff what the register says beside what the organization typed, with the differences', async () => {
    const owner = await createTestUser(database.db)
    const typed = organizationInput({
      inn: STAND_IN_INN.company,
      shortName: 'ООО «Яндекс»',
      fullName: 'Общество с ограниченной ответственностью «Яндекс»',
      kpp: '770401001',
      ogrn: '1027700132195',
      legalAddress: '119021, г. Москва, ул. Льва Толстого, д. 16',
    })
    const org = (await api('POST', '/organizations', owner.cookie, typed)).json().data
    const role = (await api('POST', `/organizations/${org.id}/roles`, owner.cookie, { type: 'buyer' })).json().data
    const staff = await createTestUser(database.db, { isStaff: true })
    const view = await app.services.organizations.getVerification(await ctxFor(database.db, staff), role.id)
    // Case, quotes, dots and commas aside, only the OGRN differs.
    expect(view.register).toMatchObject({ state: 'found', differences: ['ogrn'] })
  })
})

describe.each(BACKENDS)('company details without a provider on %s', (backend) => {
  let app: FastifyInstance
  let database: Database
  useTestApp(backend, (started) => {
    app = started.app
    database = started.database
  })

  it('is off: the lookup answers 404 with its reason, and says it is off', async () => {
    const user = await createTestUser(database.db)
    const res = await apiClient(app)('GET', `/organizations/lookup?inn=${STAND_IN_INN.company}`, user.cookie)
    expect(res.statusCode).toBe(404)
    expect(res.json().error.message).toBe(REGISTRY_MESSAGES.off)
    expect(app.services.organizations.companyLookupEnabled()).toBe(false)
  })
})
