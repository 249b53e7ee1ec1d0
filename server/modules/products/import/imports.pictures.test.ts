import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MEDIA_MESSAGES, uploadedPhotoKey } from '#common/product-media.ts'
import { PRODUCT_LIMITS } from '#common/products.ts'
import type { Database } from '../../../db/client.ts'
import { jobs } from '../../../jobs/jobs.table.ts'
import { useTestApp } from '../../../testing/app.ts'
import { until } from '../../../testing/poll.ts'
import { BACKENDS } from '../../../testing/database.ts'
import { createTestVendor } from '../../organizations/vendors.testing.ts'
import { productDrafts } from '../products.table.ts'
import { completeDraft, createMember, givePhoto } from '../products.testing.ts'
import { PICTURE_MESSAGES, PICTURES_JOB } from './imports.pictures.ts'
import { productImportPictures } from './imports.table.ts'
import { multipartFile } from './imports.testing.ts'

/** A vendor's picture host on the loopback (the one address the suite's app may fetch from). */
async function pictureHost() {
  const pictures = {
    '/big.jpg': await sharp({ create: { width: 1200, height: 900, channels: 3, background: '#4a7' } })
      .jpeg()
      .toBuffer(),
    '/small.png': await sharp({ create: { width: 100, height: 80, channels: 3, background: '#a47' } })
      .png()
      .toBuffer(),
    '/page.html': Buffer.from('<!doctype html><title>Не фото</title>'),
  } as Record<string, Buffer>
  const asked: string[] = []
  // `/held.jpg` answers once the test lets it: the test acts while the import waits for it.
  let release = () => {}
  const held = new Promise<void>((resolve) => (release = resolve))
  const server = createServer(async (req, res) => {
    const path = (req.url ?? '').split('?')[0]!
    asked.push(req.url ?? '')
    if (path === '/held.jpg') {
      await held
      return res.end(pictures['/big.jpg'])
    }
    if (path === '/to-private') {
      res.statusCode = 302
      res.setHeader('location', 'http://10.0.0.1/picture.jpg')
      return res.end()
    }
    const bytes = pictures[path]
    if (!bytes) {
      res.statusCode = 404
      return res.end()
    }
    res.end(bytes)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return { server, asked, release, base: `http://127.0.0.1:${(server.address() as AddressInfo).port}` }
}

const HEADER =
  'Артикул;Название;Бренд;Модель;Категория;Цена;НДС;Наличие;Максимальная взлётная масса, кг;Время полёта, мин;Фото'
const row = (sku: string, pictures: string[]) =>
  `${sku};Квадрокоптер ${sku};Аэроскан;Т-1;Квадрокоптеры;150000;22%;да;1,9;41;${pictures.join('|')}`

describe.each(BACKENDS)('the pictures of an imported file on %s', (backend) => {
  let database: Database
  let app: FastifyInstance
  let host: Awaited<ReturnType<typeof pictureHost>>
  let vendorId: string
  let owner: { id: string; cookie: string }

  useTestApp(
    backend,
    (started) => {
      database = started.database
      app = started.app
    },
    // The suite's picture host is on the loopback, which the server otherwise never fetches from;
    // every part of the pictures' job takes one product, so the hand-over between parts is run.
    { IMPORT_PICTURES_ALLOWED_ADDRESSES: '127.0.0.1', IMPORT_PICTURES_SLICE_SECONDS: '0' },
  )

  beforeAll(async () => {
    host = await pictureHost()
    vendorId = (await createTestVendor(database.db, { name: 'Фотоимпорт', slug: 'photo-import' })).id
    owner = await createMember(database.db, vendorId, 'owner')
  })
  afterAll(() => host.server.close())

  const call = (method: 'GET' | 'POST', url: string, payload?: object) =>
    app.inject({ method, url: `/api/v1${url}`, payload, headers: { cookie: owner.cookie } })

  async function importFile(lines: string[]) {
    const body = multipartFile('catalog.csv', Buffer.from([HEADER, ...lines].join('\r\n')))
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/cabinet/imports',
      payload: body.payload,
      headers: { ...body.headers, cookie: owner.cookie },
    })
    expect(res.statusCode).toBe(202)
    const id = res.json().data.id as string
    await app.services.jobs.runUntilIdle()
    expect((await call('POST', `/cabinet/imports/${id}/confirm`, {})).statusCode).toBe(202)
    await app.services.jobs.runUntilIdle()
    return (await call('GET', `/cabinet/imports/${id}`)).json().data
  }
  const draftOf = async (sku: string) =>
    (await database.db.select().from(productDrafts).where(eq(productDrafts.organizationId, vendorId))).find(
      (d) => d.sku === sku,
    )!

  it('adds the pictures it can fetch to drafts without photos, and says what it could not or what is small', async () => {
    const { base } = host
    // An existing draft with a photo of its own keeps it: its row's pictures are not fetched.
    const own = await call('POST', '/cabinet/products', completeDraft({ sku: 'PIC-OWN', title: 'Свой' }))
    expect(own.statusCode).toBe(201)
    await givePhoto(database.db, own.json().data.id)
    const many = Array.from({ length: PRODUCT_LIMITS.photos + 2 }, (_, i) => `${base}/big.jpg?n=${i}`)

    const done = await importFile([
      row('PIC-1', [
        `${base}/big.jpg`,
        `${base}/small.png`,
        `${base}/missing.jpg`,
        `${base}/page.html`,
        `${base}/to-private`,
      ]),
      row('PIC-OWN', [`${base}/big.jpg?own`]),
      row('PIC-MANY', many),
      row('PIC-NONE', []),
    ])

    expect(done).toMatchObject({
      status: 'done',
      outcome: { created: 3, updated: 1, skippedTotal: 0, photosAdded: 2 + PRODUCT_LIMITS.photos },
      progress: { stage: 'pictures', done: 2, total: 2 },
    })
    const warnings = done.outcome.pictureWarnings.map((w: { sku: string; message: string }) => [w.sku, w.message])
    expect(warnings).toEqual([
      ['PIC-1', PICTURE_MESSAGES.small(`${base}/small.png`, 100, 80)],
      ['PIC-1', PICTURE_MESSAGES.notFetched(`${base}/missing.jpg`, 'сервер ответил ошибкой 404')],
      ['PIC-1', PICTURE_MESSAGES.notFetched(`${base}/page.html`, 'д' + MEDIA_MESSAGES.photoType.slice(1))],
      [
        'PIC-1',
        PICTURE_MESSAGES.notFetched(`${base}/to-private`, 'адрес во внутренней сети: такие адреса не загружаются'),
      ],
      ['PIC-MANY', PICTURE_MESSAGES.tooMany(2)],
    ])
    expect(done.outcome.pictureWarningsTotal).toBe(5)

    // The photos are stored as uploaded ones: re-encoded, in the file's order, captioned with the title.
    const first = await draftOf('PIC-1')
    expect(first.images).toHaveLength(2)
    expect(first.images.every((image) => uploadedPhotoKey(image.src))).toBe(true)
    expect(first.images[0]!.alt).toBe('Квадрокоптер PIC-1')
    const big = await app.inject({
      method: 'GET',
      url: `/marketplace-frontend-assets/${first.images[0]!.src}?w=96&h=72&f=webp`,
    })
    expect(big.statusCode).toBe(200)
    expect(await sharp(big.rawPayload).metadata()).toMatchObject({ width: 96, height: 72 })
    expect((await draftOf('PIC-MANY')).images).toHaveLength(PRODUCT_LIMITS.photos)
    expect((await draftOf('PIC-OWN')).images).toEqual([{ src: 'catalog/quad-enterprise-top.svg', alt: 'Фото товара' }])
    expect((await draftOf('PIC-NONE')).images).toEqual([])
    expect(host.asked).not.toContain('/big.jpg?own')
    // No more than the product takes is fetched, and the queue is empty once done.
    expect(host.asked.filter((url) => url.startsWith('/big.jpg?n='))).toHaveLength(PRODUCT_LIMITS.photos)
    expect(await database.db.select().from(productImportPictures)).toEqual([])
    // One part of the pictures' job a product, each queued by the one before.
    const parts = await database.db.select().from(jobs).where(eq(jobs.kind, PICTURES_JOB))
    expect(parts.map((job) => [job.key, job.status]).sort()).toEqual([
      [`${done.id}:0`, 'done'],
      [`${done.id}:1`, 'done'],
    ])
  })

  it('stops asking a host that did not answer twice', async () => {
    // Nothing listens on port 1 of the loopback: each connection is refused at once.
    const dead = 'http://127.0.0.1:1'
    const done = await importFile([
      row('PIC-DEAD-1', [`${dead}/1.jpg`]),
      row('PIC-DEAD-2', [`${dead}/2.jpg`]),
      row('PIC-DEAD-3', [`${dead}/3.jpg`, `${host.base}/big.jpg?after-dead`]),
    ])
    expect(done.status).toBe('done')
    expect(done.outcome.photosAdded).toBe(1)
    expect(done.outcome.pictureWarnings.map((w: { message: string }) => w.message)).toEqual([
      PICTURE_MESSAGES.notFetched(`${dead}/1.jpg`, 'сервер не найден или не отвечает'),
      PICTURE_MESSAGES.notFetched(`${dead}/2.jpg`, 'сервер не найден или не отвечает'),
      PICTURE_MESSAGES.hostGaveUp(`${dead}/3.jpg`, '127.0.0.1:1'),
    ])
  })

  it('leaves a draft that got photos of its own meanwhile as it is', async () => {
    const { base } = host
    const created = await importFile([row('PIC-LATE', [])])
    expect(created.outcome).toMatchObject({ created: 1, photosAdded: 0, pictureWarnings: [] })
    const draft = await draftOf('PIC-LATE')

    // The import waits for the vendor's server; the vendor adds a photo of its own meanwhile.
    const body = multipartFile('catalog.csv', Buffer.from([HEADER, row('PIC-LATE', [`${base}/held.jpg`])].join('\r\n')))
    const upload = await app.inject({
      method: 'POST',
      url: '/api/v1/cabinet/imports',
      payload: body.payload,
      headers: { ...body.headers, cookie: owner.cookie },
    })
    const id = upload.json().data.id as string
    await app.services.jobs.runUntilIdle()
    expect((await call('POST', `/cabinet/imports/${id}/confirm`, {})).statusCode).toBe(202)
    const running = app.services.jobs.runUntilIdle()
    await until(() => host.asked.includes('/held.jpg'), 10_000, 'the picture asked for')
    await givePhoto(database.db, draft.id)
    host.release()
    await running

    const done = (await call('GET', `/cabinet/imports/${id}`)).json().data
    expect(done.outcome).toMatchObject({ updated: 1, photosAdded: 0 })
    expect(done.outcome.pictureWarnings).toEqual([
      { line: 2, sku: 'PIC-LATE', message: PICTURE_MESSAGES.changedMeanwhile },
    ])
    expect((await draftOf('PIC-LATE')).images).toEqual([{ src: 'catalog/quad-enterprise-top.svg', alt: 'Фото товара' }])
  })
})
