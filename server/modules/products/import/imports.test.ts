import { readFileSync } from 'node:fs'
import { and, eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import iconv from 'iconv-lite'
import { beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '../../../db/client.ts'
import { jobs } from '../../../jobs/jobs.table.ts'
import { useTestApp } from '../../../testing/app.ts'
import { createTestUser } from '../../../testing/auth.ts'
import { BACKENDS } from '../../../testing/database.ts'
import { createTestVendor } from '../../organizations/vendors.testing.ts'
import { catalogModels } from '../../catalog/catalog.table.ts'
import { productDraftEvents, productDrafts } from '../products.table.ts'
import { completeDraft, createMember, givePhoto } from '../products.testing.ts'
import { PRODUCT_IMPORT_MESSAGES } from '#common/product-import.ts'
import { removeStaleImports } from './imports.cleanup.ts'
import { productImports } from './imports.table.ts'
import { multipartFile } from './imports.testing.ts'
import { IMPORT_SKIP_REASONS } from './imports.write.ts'
import { PICTURES_JOB } from './imports.pictures.ts'

const YML = readFileSync(new URL('../../../../tests/e2e/fixtures/catalog-import.yml', import.meta.url))

const CSV = Buffer.from(
  [
    'Артикул;Название;Бренд;Модель;Категория;Цена;НДС;Наличие;Максимальная взлётная масса, кг;Время полёта, мин',
    'CSV-1;Квадрокоптер Табличный;Аэроскан;Т-1;Квадрокоптеры;150000;22%;да;1,9;41',
    'CSV-2;Квадрокоптер Табличный 2;Аэроскан;Т-2;Квадрокоптеры;abc;22%;да;2;30',
    'CSV-3;Квадрокоптер Табличный 3;Аэроскан;Т-3;Квадрокоптеры;;;нет;2,2;35',
  ].join('\r\n'),
)

describe.each(BACKENDS)('importing products from a file on %s', (backend) => {
  let database: Database
  let app: FastifyInstance
  let vendorId: string
  let owner: { id: string; cookie: string }
  let other: { cookie: string }
  let buyer: { cookie: string }
  let pending: { cookie: string }
  let staff: { cookie: string }

  useTestApp(backend, (started) => {
    database = started.database
    app = started.app
  })

  beforeAll(async () => {
    const db = database.db
    vendorId = (await createTestVendor(db, { name: 'Импортёр', slug: 'importer' })).id
    owner = await createMember(db, vendorId, 'owner')
    other = await createMember(db, (await createTestVendor(db, { name: 'Соседи', slug: 'sosedi' })).id)
    buyer = await createMember(
      db,
      (await createTestVendor(db, { name: 'Покупатель', slug: 'buyer-only', vendorStatus: null })).id,
    )
    pending = await createMember(
      db,
      (await createTestVendor(db, { name: 'На проверке', slug: 'pending-importer', vendorStatus: 'moderation' })).id,
    )
    staff = await createTestUser(db, { isStaff: true })
  })

  const upload = (cookie: string | undefined, fileName: string, bytes: Buffer) => {
    const body = multipartFile(fileName, bytes)
    return app.inject({
      method: 'POST',
      url: '/api/v1/cabinet/imports',
      payload: body.payload,
      headers: { ...body.headers, ...(cookie && { cookie }) },
    })
  }
  const call = (method: 'GET' | 'POST' | 'PUT', url: string, cookie?: string, payload?: object) =>
    app.inject({ method, url: `/api/v1${url}`, payload, headers: cookie ? { cookie } : {} })
  /** Uploads (202, `parsing`), lets the parsing job run, and answers the import as it then is. */
  async function uploadParsed(cookie: string, fileName: string, bytes: Buffer) {
    const res = await upload(cookie, fileName, bytes)
    expect(res.statusCode, fileName).toBe(202)
    expect(res.json().data).toMatchObject({ status: 'parsing', fileName, fileSize: bytes.length })
    await app.services.jobs.runUntilIdle()
    return (await call('GET', `/cabinet/imports/${res.json().data.id}`, cookie)).json().data
  }
  const drafts = () => database.db.select().from(productDrafts).where(eq(productDrafts.organizationId, vendorId))
  const snapshot = async () => ({
    drafts: (await drafts()).length,
    imports: (await database.db.select().from(productImports)).length,
    jobs: (await database.db.select().from(jobs)).length,
  })

  it('previews a YML file, then imports it in the background as new drafts', async () => {
    const preview = await uploadParsed(owner.cookie, 'catalog-import.yml', YML)
    expect(preview).toMatchObject({
      status: 'preview',
      counts: { offers: 4, new: 3, updates: 0, onModeration: 0, withErrors: 1, withoutVat: 0 },
      // The parsing job's progress: every character of the file read.
      progress: { done: expect.any(Number), total: expect.any(Number) },
      outcome: null,
    })
    expect(preview.progress.done).toBe(preview.progress.total)
    // The stored upload is gone once parsed.
    await expect(app.services.files.blobs.get('imports', preview.id)).rejects.toThrow()
    expect(preview.mapping.categories).toEqual({ '10': null, '11': 'multirotornye', '12': 'samoletnogo-tipa' })
    expect(preview.mapping.params).toMatchObject({
      'Максимальная взлётная масса': 'max_takeoff_weight',
      'Время полёта': 'flight_time',
      'Цвет корпуса': null,
    })
    expect(preview.categories).toContainEqual({ id: '11', name: 'Квадрокоптеры', offers: 3 })
    expect(preview.errors.items).toEqual([
      {
        line: expect.any(Number),
        message: expect.stringMatching(
          /^Строка \d+: не указана обязательная характеристика «Максимальная взлётная масса»$/,
        ),
      },
    ])
    // The preview writes no product.
    expect(await drafts()).toEqual([])

    const started = await call('POST', `/cabinet/imports/${preview.id}/confirm`, owner.cookie, {})
    expect(started.statusCode).toBe(202)
    expect(started.json().data.status).toBe('importing')
    expect(await app.services.jobs.runUntilIdle()).toBe(1)

    const done = (await call('GET', `/cabinet/imports/${preview.id}`, owner.cookie)).json().data
    expect(done).toMatchObject({
      status: 'done',
      progress: { done: 4, total: 4 },
      outcome: { created: 3, updated: 0, skippedTotal: 1 },
    })
    expect(done.outcome.skipped[0]).toMatchObject({ sku: 'IMP-E2E-4', reason: expect.stringContaining('Максимальная') })
    const rows = await drafts()
    expect(rows.map((r) => r.sku).sort()).toEqual(['IMP-E2E-1', 'IMP-E2E-2', 'IMP-E2E-3'])
    const second = rows.find((r) => r.sku === 'IMP-E2E-2')!
    expect(second).toMatchObject({
      status: 'draft',
      published: false,
      categorySlug: 'multirotornye',
      priceKopecks: 245_000_00,
      vatRate: '22',
      availability: 'to_order',
      specs: { max_takeoff_weight: 3.1, type: 'multirotor' },
      createdByUserId: owner.id,
    })
    expect(rows.find((r) => r.sku === 'IMP-E2E-3')!.specs).toMatchObject({ flight_time: 180, type: 'fixed_wing' })
    const history = await database.db
      .select()
      .from(productDraftEvents)
      .where(eq(productDraftEvents.productId, second.id))
    expect(history).toMatchObject([{ event: 'create', fromStatus: null, toStatus: 'draft', byUserId: owner.id }])

    // Confirming again imports nothing twice: one job, the same drafts.
    const again = await call('POST', `/cabinet/imports/${preview.id}/confirm`, owner.cookie, {})
    expect(again.json().data.status).toBe('done')
    expect(await app.services.jobs.runUntilIdle()).toBe(0)
    expect(await drafts()).toHaveLength(3)
  })

  it('updates products by SKU in any case: drafts in place, an approved one as a new version, one with staff skipped', async () => {
    const create = async (sku: string, title: string) => {
      const res = await call('POST', '/cabinet/products', owner.cookie, completeDraft({ sku, title }))
      expect(res.statusCode).toBe(201)
      const id = res.json().data.id as string
      await givePhoto(database.db, id)
      return id
    }
    // Existing SKUs written in another case than the file's.
    const approvedId = await create('csv-1', 'Одобренный')
    expect((await call('POST', `/cabinet/products/${approvedId}/submit`, owner.cookie)).statusCode).toBe(200)
    expect((await call('POST', `/staff/products/${approvedId}/approve`, staff.cookie)).statusCode).toBe(200)
    const withStaffId = await create('Csv-3', 'На модерации')
    expect((await call('POST', `/cabinet/products/${withStaffId}/submit`, owner.cookie)).statusCode).toBe(200)

    const preview = await uploadParsed(owner.cookie, 'catalog.csv', CSV)
    expect(preview.mapping.categories).toEqual({ Квадрокоптеры: 'multirotornye' })
    // CSV-2's price is an error of the file, CSV-3 has no VAT rate: the vendor chooses one.
    expect(preview.counts).toMatchObject({ offers: 2, updates: 1, withErrors: 2, withoutVat: 1 })
    expect(preview.errors.items.map((e: { message: string }) => e.message)).toEqual([
      expect.stringMatching(/^Строка 3: цена «abc» не число/),
      expect.stringMatching(/^Строка 4: .*ставка НДС/),
    ])

    const mapped = await call('PUT', `/cabinet/imports/${preview.id}/mapping`, owner.cookie, { defaultVatRate: '5' })
    expect(mapped.statusCode).toBe(200)
    expect(mapped.json().data.counts).toMatchObject({ updates: 1, onModeration: 1, withErrors: 1 })
    const refused = await call('PUT', `/cabinet/imports/${preview.id}/mapping`, owner.cookie, {
      categories: { Квадрокоптеры: 'bespilotniki' },
    })
    expect(refused.statusCode).toBe(400)

    await call('POST', `/cabinet/imports/${preview.id}/confirm`, owner.cookie, {})
    await app.services.jobs.runUntilIdle()
    const done = (await call('GET', `/cabinet/imports/${preview.id}`, owner.cookie)).json().data
    expect(done.outcome).toMatchObject({ created: 0, updated: 1, skippedTotal: 1 })
    expect(done.outcome.skipped).toEqual([{ line: 4, sku: 'CSV-3', reason: IMPORT_SKIP_REASONS.onModeration }])

    const [approved] = await database.db.select().from(productDrafts).where(eq(productDrafts.id, approvedId))
    // A new draft version; the catalogue keeps the approved one until staff approve this.
    expect(approved).toMatchObject({ status: 'draft', published: true, title: 'Квадрокоптер Табличный', sku: 'CSV-1' })
    expect(approved!.specs).toMatchObject({ max_takeoff_weight: 1.9, flight_time: 41, range: 8, country: 'RU' })
    const live = (await call('GET', `/cabinet/products/${approvedId}`, owner.cookie)).json().data
    expect(JSON.stringify(live)).toContain('Одобренный')
    const edits = await database.db
      .select()
      .from(productDraftEvents)
      .where(and(eq(productDraftEvents.productId, approvedId), eq(productDraftEvents.event, 'edit')))
    expect(edits).toHaveLength(1)
    const [withStaff] = await database.db.select().from(productDrafts).where(eq(productDrafts.id, withStaffId))
    expect(withStaff).toMatchObject({ status: 'moderation', title: 'На модерации' })
  })

  it('makes rows that name a catalogue model by GTIN or part number offers of it', async () => {
    // A model another vendor sells, with its maker's identity.
    const [model] = await database.db
      .insert(catalogModels)
      .values({
        key: 'геоскан|201гео',
        slug: 'geoskan-201-geo',
        title: 'БПЛА Геоскан 201 Гео',
        brand: 'Геоскан',
        name: '201 Гео',
        partNumber: 'GS-201-GEO',
        gtin: '4006381333931',
        categorySlug: 'samoletnogo-tipa',
        description: 'Картограф с камерой 42 Мп.',
        images: [{ src: 'catalog/fixed-wing-side.svg', alt: 'Геоскан 201' }],
        areas: ['stroitelstvo'],
      })
      .returning()
    const csv = Buffer.from(
      [
        'Артикул;Название;Бренд;Модель;Категория;Цена;НДС;Наличие;GTIN;Партномер (P/N);Фото',
        'M-1;Мой картограф;Геоскан;201;Самолёты;1500000;22%;да;4006381333931;;https://x.example/1.jpg',
        'M-2;Ещё картограф;Геоскан;201;Самолёты;1490000;22%;да;;gs-201-geo;',
        'M-3;Свой дрон;Свой;С-1;Самолёты;100000;22%;да;400638133393;;',
      ].join('\n'),
    )
    const preview = await uploadParsed(owner.cookie, 'models.csv', csv)
    // A GTIN with a wrong check digit is an error of its row.
    expect(preview.errors.items.map((e: { message: string }) => e.message)).toEqual([
      expect.stringMatching(/^Строка 4: GTIN «400638133393» — не 8, 12, 13 или 14 цифр/),
    ])
    await call('PUT', `/cabinet/imports/${preview.id}/mapping`, owner.cookie, {
      categories: { Самолёты: 'samoletnogo-tipa' },
    })
    await call('POST', `/cabinet/imports/${preview.id}/confirm`, owner.cookie, {})
    await app.services.jobs.runUntilIdle()
    const rows = (await drafts()).filter((d) => d.sku.startsWith('M-'))
    expect(rows).toHaveLength(2)
    for (const row of rows) {
      // The model's card, the row's own price.
      expect(row).toMatchObject({ modelId: model!.id, title: 'БПЛА Геоскан 201 Гео', model: '201 Гео' })
      expect(row.images).toEqual(model!.images)
    }
    expect(rows.map((r) => r.priceKopecks).sort()).toEqual([1_490_000_00, 1_500_000_00])
    // No pictures fetched for offers of a model: it has its own.
    const pictureJobs = await database.db.select().from(jobs).where(eq(jobs.kind, PICTURES_JOB))
    expect(pictureJobs.filter((j) => JSON.stringify(j.payload).includes('x.example'))).toEqual([])
  })

  it('keeps a file name with control characters as a clean one', async () => {
    const res = await upload(other.cookie, 'ката\u0000лог\u0007.yml', YML)
    expect(res.statusCode).toBe(202)
    expect(res.json().data.fileName).toBe('каталог.yml')
  })

  it('refuses a broken or hostile file with a Russian reason and changes nothing', async () => {
    const before = await snapshot()
    const refusals: [string, Buffer, RegExp][] = [
      [
        'entities.yml',
        Buffer.from(
          '<?xml version="1.0"?><!DOCTYPE yml_catalog [<!ENTITY x "xxx">]><yml_catalog><shop><offers/></shop></yml_catalog>',
        ),
        /DOCTYPE/,
      ],
      ['broken.yml', Buffer.from('<?xml version="1.0"?><yml_catalog><shop><offers><offer id="1">'), /повреждён/],
      ['notes.xml', Buffer.from('<?xml version="1.0"?><html><body>Привет</body></html>'), /не YML/],
      [
        'cp1251.yml',
        iconv.encode(
          '<?xml version="1.0"?><yml_catalog><shop><offers><offer id="1"><name>Дрон</name></offer></offers></shop></yml_catalog>',
          'win1251',
        ),
        /кодировке|не читается/,
      ],
      ['picture.png', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 1, 2, 3]), /[а-я]/],
    ]
    for (const [name, bytes, reason] of refusals) {
      const refused = await uploadParsed(owner.cookie, name, bytes)
      expect(refused.status, name).toBe('failed')
      expect(refused.failure, name).toMatch(reason)
      // Neither a mapping nor a start for a refused file.
      expect((await call('POST', `/cabinet/imports/${refused.id}/confirm`, owner.cookie, {})).json().data.status).toBe(
        'failed',
      )
    }
    // Too big: refused by its size, before it is read or stored.
    const huge = await upload(owner.cookie, 'huge.yml', Buffer.alloc(21 * 1024 * 1024, 0x20))
    expect(huge.statusCode).toBe(413)
    expect(huge.json().error.message).toMatch(/больше 20 МБ/)
    const after = await snapshot()
    expect(after.drafts).toBe(before.drafts)
  })

  it('lets only the organization’s vendors in: guest 401, buyer 403, another vendor 404', async () => {
    const mine = (await uploadParsed(owner.cookie, 'catalog-import.yml', YML)).id as string
    expect((await upload(undefined, 'catalog-import.yml', YML)).statusCode).toBe(401)
    expect((await upload(buyer.cookie, 'catalog-import.yml', YML)).statusCode).toBe(403)
    // A vendor not confirmed yet does not import (its file is not even read).
    const unconfirmed = await upload(pending.cookie, 'catalog-import.yml', YML)
    expect(unconfirmed.statusCode).toBe(409)
    expect((await call('GET', `/cabinet/imports/${mine}`)).statusCode).toBe(401)
    expect((await call('GET', `/cabinet/imports/${mine}`, buyer.cookie)).statusCode).toBe(403)
    for (const [method, url] of [
      ['GET', `/cabinet/imports/${mine}`],
      ['PUT', `/cabinet/imports/${mine}/mapping`],
      ['POST', `/cabinet/imports/${mine}/confirm`],
    ] as const) {
      const res = await call(method, url, other.cookie, {})
      expect(res.statusCode, `${method} ${url}`).toBe(404)
    }
    expect((await call('GET', '/cabinet/imports/not-a-uuid', owner.cookie)).statusCode).toBe(404)
    const [row] = await database.db.select().from(productImports).where(eq(productImports.id, mine))
    expect(row!.status).toBe('preview')
  })

  it('takes one file of an organization at a time, and no more than its uploads an hour', async () => {
    const first = await upload(other.cookie, 'catalog-import.yml', YML)
    expect(first.statusCode).toBe(202)
    // While the first is parsed, a second upload waits its turn; so does a mapping of the first.
    const second = await upload(other.cookie, 'catalog.csv', CSV)
    expect(second.statusCode).toBe(409)
    expect(second.json().error.message).toBe(PRODUCT_IMPORT_MESSAGES.busy)
    const early = await call('PUT', `/cabinet/imports/${first.json().data.id}/mapping`, other.cookie, {})
    expect(early.json().error.message).toBe(PRODUCT_IMPORT_MESSAGES.stillParsing)
    await app.services.jobs.runUntilIdle()
    expect((await upload(other.cookie, 'catalog.csv', CSV)).statusCode).toBe(202)
    await app.services.jobs.runUntilIdle()
    // The hourly limit of uploads: the 21st in the hour is refused with when to try again.
    const limited = await uploadsUntilRefused(other.cookie)
    expect(limited.statusCode).toBe(429)
    expect(limited.headers['retry-after']).toBeDefined()
  })

  /** Uploads (each parsed at once) until one is refused. */
  async function uploadsUntilRefused(cookie: string) {
    for (let i = 0; i < 30; i++) {
      const res = await upload(cookie, 'catalog.csv', CSV)
      if (res.statusCode !== 202) return res
      await app.services.jobs.runUntilIdle()
    }
    throw new Error('never refused')
  }

  it('removes previews and uploads after a day; imports that ran keep their outcome', async () => {
    const preview = await uploadParsed(owner.cookie, 'catalog-import.yml', YML)
    const stale = new Date(Date.now() - 25 * 60 * 60_000)
    await database.db.update(productImports).set({ createdAt: stale }).where(eq(productImports.id, preview.id))
    // An upload a crash left behind goes with its row.
    await app.services.files.blobs.put('imports', preview.id, Buffer.from('left behind'))
    const removed = await removeStaleImports(database.db, app.services.files.blobs)
    await expect(app.services.files.blobs.get('imports', preview.id)).rejects.toThrow()
    expect(removed.previews).toBeGreaterThanOrEqual(1)
    expect(await database.db.select().from(productImports).where(eq(productImports.id, preview.id))).toEqual([])
    expect((await call('GET', `/cabinet/imports/${preview.id}`, owner.cookie)).statusCode).toBe(404)
    // The finished import of the first test is still there, with its outcome.
    const done = await database.db.select().from(productImports).where(eq(productImports.status, 'done'))
    expect(done.length).toBeGreaterThan(0)
  })

  it('refuses a file of hostile markup row by row, without parsing the markup', async () => {
    const offer = (id: string, description: string) =>
      `<offer id="${id}"><name>Дрон ${id}</name><price>100</price><description><![CDATA[${description}]]></description></offer>`
    const file = Buffer.from(
      `<?xml version="1.0" encoding="UTF-8"?><yml_catalog date="2026-11-20"><shop><offers>${offer('H-1', '<b>'.repeat(80_000))}${offer('H-2', '<p>Обычный</p>')}</offers></shop></yml_catalog>`,
    )
    const preview = await uploadParsed(owner.cookie, 'hostile.yml', file)
    expect(preview.status).toBe('preview')
    expect(preview.errors.items.map((e: { message: string }) => e.message)).toContainEqual(
      expect.stringMatching(/описание: слишком глубокая вложенность разметки/),
    )
  })
})
