import { randomBytes } from 'node:crypto'
import { readdir, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { crc32 } from 'node:zlib'
import { join } from 'node:path'
import { eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import sharp from 'sharp'
import { afterAll, describe, expect, it } from 'vitest'
import { MEDIA_MESSAGES, PHOTO_LIMITS } from '#common/product-media.ts'
import { PRODUCT_LIMITS } from '#common/products.ts'
import type { Database } from '../../db/client.ts'
import { useTestApp } from '../../testing/app.ts'
import { createTestUser } from '../../testing/auth.ts'
import { BACKENDS } from '../../testing/database.ts'
import { apiClient, PDF } from '../organizations/organizations.testing.ts'
import { createTestVendor } from '../organizations/vendors.testing.ts'
import { productDrafts } from './products.table.ts'
import { completeDraft, createMember } from './products.testing.ts'

/** A multipart/form-data body with one file in the field `file`, the way a browser sends it. */
function multipart(filename: string, contentType: string, data: Buffer) {
  const boundary = `----photo-test-${randomBytes(8).toString('hex')}`
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`
  return {
    payload: Buffer.concat([Buffer.from(head), data, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  }
}

/** A 3000 × 2000 JPEG taken "sideways" (EXIF orientation 6) with the camera's notes in EXIF. */
const cameraJpeg = () =>
  sharp({ create: { width: 3000, height: 2000, channels: 3, background: { r: 200, g: 60, b: 40 } } })
    .jpeg()
    .withMetadata({ orientation: 6, exif: { IFD0: { Make: 'SecretCam', Copyright: 'Иван Фотограф' } } })
    .toBuffer()

const smallPng = (r = 30) =>
  sharp({ create: { width: 40, height: 30, channels: 3, background: { r, g: 120, b: 200 } } })
    .png()
    .toBuffer()

/**
 * A decompression bomb: a PNG of a few hundred bytes whose header promises 20 000 × 20 000
 * pixels (1.2 GB decoded). The header is all a decoder reads before it allocates.
 */
async function bombPng() {
  const png = Buffer.from(await smallPng())
  // IHDR: length (4), "IHDR" (4), width (4), height (4), 5 more bytes, then the CRC of type and data.
  png.writeUInt32BE(20_000, 16)
  png.writeUInt32BE(20_000, 20)
  png.writeUInt32BE(crc32(png.subarray(12, 29)), 29)
  return png
}

describe.each(BACKENDS)('product photos and documents on %s', (backend) => {
  let database: Database
  let app: FastifyInstance
  let api: ReturnType<typeof apiClient>
  // Per suite, so the test can look at what was stored; the disk storage makes it on first write.
  const uploadsDir = join(tmpdir(), `bas-photos-${randomBytes(6).toString('hex')}`)
  let owner: { cookie: string }
  let employee: { cookie: string }
  let other: { cookie: string }
  let staff: { cookie: string }

  afterAll(async () => {
    await rm(uploadsDir, { recursive: true, force: true })
  })

  useTestApp(
    backend,
    async (started) => {
      database = started.database
      app = started.app
      api = apiClient(app)
      const db = database.db
      const vendor = await createTestVendor(db, { name: 'Фотодрон', slug: 'fotodron' })
      owner = await createMember(db, vendor.id, 'owner')
      employee = await createMember(db, vendor.id, 'member')
      const rival = await createTestVendor(db, { name: 'Соперник', slug: 'sopernik' })
      other = await createMember(db, rival.id)
      staff = await createTestUser(db, { isStaff: true })
    },
    { UPLOADS_DIR: uploadsDir },
  )

  const upload = (
    cookie: string,
    id: string,
    kind: 'photos' | 'documents',
    name: string,
    type: string,
    data: Buffer,
  ) => {
    const body = multipart(name, type, data)
    return app.inject({
      method: 'POST',
      url: `/api/v1/cabinet/products/${id}/${kind}`,
      payload: body.payload,
      headers: { cookie, 'content-type': body.contentType },
    })
  }
  const createDraft = async (overrides: Record<string, unknown>) => {
    const res = await api('POST', '/cabinet/products', owner.cookie, completeDraft(overrides))
    expect(res.statusCode, res.body).toBe(201)
    return res.json().data.id as string
  }
  const photosOf = async (id: string) =>
    (await api('GET', `/cabinet/products/${id}`, owner.cookie)).json().data.photos as {
      id: string
      src: string
      alt: string
    }[]

  it('stores a camera JPEG upright, re-encoded as WebP within 2400 px, without its EXIF', async () => {
    const id = await createDraft({ sku: 'PH-1', title: 'Квадрокоптер Фото' })
    const original = await cameraJpeg()
    expect((await sharp(original).metadata()).exif).toBeDefined()
    const res = await upload(owner.cookie, id, 'photos', 'IMG_0001.jpg', 'image/jpeg', original)
    expect(res.statusCode, res.body).toBe(201)
    const [photo] = res.json().data.photos
    expect(photo).toMatchObject({
      src: expect.stringMatching(/^product-photos\/[0-9a-f]{32}\.webp$/),
      alt: 'Квадрокоптер Фото',
    })

    // Served by the image service, as stored and resized.
    const stored = await app.inject({ method: 'GET', url: `/marketplace-frontend-assets/${photo.src}` })
    expect(stored.statusCode).toBe(200)
    expect(stored.headers['content-type']).toBe('image/webp')
    const meta = await sharp(stored.rawPayload).metadata()
    expect(meta.format).toBe('webp')
    // Orientation 6 turns 3000 × 2000 into a portrait; the long edge is cut to 2400.
    expect([meta.width, meta.height]).toEqual([1600, 2400])
    expect(meta.exif).toBeUndefined()
    expect(meta.orientation).toBeUndefined()
    expect(stored.rawPayload.includes(Buffer.from('SecretCam'))).toBe(false)
    const resized = await app.inject({
      method: 'GET',
      url: `/marketplace-frontend-assets/${photo.src}?w=96&h=72&f=webp`,
    })
    expect(resized.statusCode).toBe(200)
    expect(await sharp(resized.rawPayload).metadata()).toMatchObject({ width: 96, height: 72 })
    // An id nobody was given is not there.
    const guessed = await app.inject({
      method: 'GET',
      url: `/marketplace-frontend-assets/product-photos/${'0'.repeat(32)}.webp`,
    })
    expect(guessed.statusCode).toBe(404)
    // The bytes on disk are the re-encoded ones.
    const keys = await readdir(join(uploadsDir, 'photos'))
    expect(keys).toContain(photo.id)
    expect((await readFile(join(uploadsDir, 'photos', photo.id))).subarray(8, 12).toString()).toBe('WEBP')
  })

  it('refuses files by their content, not their name: a PNG named .jpg is taken, text named .png and a bomb are not', async () => {
    const id = await createDraft({ sku: 'PH-2' })
    // A PNG with a .jpg name and a JPEG type is still a picture: its bytes say PNG, and it is re-encoded.
    const renamed = await upload(owner.cookie, id, 'photos', 'photo.jpg', 'image/jpeg', await smallPng())
    expect(renamed.statusCode, renamed.body).toBe(201)
    expect(renamed.json().data.photos).toHaveLength(1)

    const text = await upload(
      owner.cookie,
      id,
      'photos',
      'photo.png',
      'image/png',
      Buffer.from('just some text, not a picture'),
    )
    expect(text.statusCode).toBe(400)
    expect(text.json().error.fields).toEqual({ file: MEDIA_MESSAGES.photoType })

    // Right magic bytes, broken body: sharp cannot decode it.
    const broken = Buffer.concat([(await smallPng()).subarray(0, 40), randomBytes(200)])
    const unreadable = await upload(owner.cookie, id, 'photos', 'broken.png', 'image/png', broken)
    expect(unreadable.statusCode).toBe(400)
    expect(unreadable.json().error.message).toBe(MEDIA_MESSAGES.photoUnreadable)

    const bomb = await bombPng()
    expect(bomb.length).toBeLessThan(PHOTO_LIMITS.maxBytes)
    const refused = await upload(owner.cookie, id, 'photos', 'bomb.png', 'image/png', bomb)
    expect(refused.statusCode).toBe(400)
    expect(refused.json().error.message).toBe(MEDIA_MESSAGES.photoTooManyPixels)

    const pdf = await upload(owner.cookie, id, 'photos', 'scan.pdf', 'application/pdf', PDF)
    expect(pdf.statusCode).toBe(400)
    expect(await photosOf(id)).toHaveLength(1)
  })

  it('takes fifteen photos and refuses the sixteenth; orders, captions and deletes them', async () => {
    const id = await createDraft({ sku: 'PH-3', title: 'Гексакоптер' })
    const png = await smallPng(10)
    // Several uploads at once all land: none overwrites another.
    const first = await Promise.all(
      Array.from({ length: 5 }, () => upload(owner.cookie, id, 'photos', 'p.png', 'image/png', png)),
    )
    expect(first.map((r) => r.statusCode)).toEqual([201, 201, 201, 201, 201])
    for (let i = 5; i < PRODUCT_LIMITS.photos; i++) {
      expect((await upload(employee.cookie, id, 'photos', 'p.png', 'image/png', png)).statusCode).toBe(201)
    }
    const extra = await upload(owner.cookie, id, 'photos', 'p.png', 'image/png', png)
    expect(extra.statusCode).toBe(400)
    expect(extra.json().error.message).toBe(MEDIA_MESSAGES.photosLimit)

    const photos = await photosOf(id)
    expect(photos).toHaveLength(15)
    const reversed = photos.map((p) => p.id).reverse()
    const ordered = await api('PUT', `/cabinet/products/${id}/photos/order`, owner.cookie, { ids: reversed })
    expect(ordered.statusCode, ordered.body).toBe(200)
    expect(ordered.json().data.photos.map((p: { id: string }) => p.id)).toEqual(reversed)
    expect(ordered.json().data.image.src).toBe(photos[14]!.src)
    // An order that drops or repeats a photo is refused.
    const partial = await api('PUT', `/cabinet/products/${id}/photos/order`, owner.cookie, { ids: reversed.slice(1) })
    expect(partial.statusCode).toBe(400)
    const twice = [...reversed.slice(1), reversed[1]!]
    expect((await api('PUT', `/cabinet/products/${id}/photos/order`, owner.cookie, { ids: twice })).statusCode).toBe(
      400,
    )

    const alt = await api('PATCH', `/cabinet/products/${id}/photos/${reversed[0]}`, employee.cookie, {
      alt: '  Гексакоптер в полёте  ',
    })
    expect(alt.statusCode).toBe(200)
    expect(alt.json().data.photos[0].alt).toBe('Гексакоптер в полёте')

    const gone = await api('DELETE', `/cabinet/products/${id}/photos/${reversed[0]}`, owner.cookie)
    expect(gone.statusCode).toBe(200)
    expect(gone.json().data.photos.map((p: { id: string }) => p.id)).toEqual(reversed.slice(1))
    expect(await readdir(join(uploadsDir, 'photos'))).not.toContain(reversed[0])
    expect((await api('DELETE', `/cabinet/products/${id}/photos/${reversed[0]}`, owner.cookie)).statusCode).toBe(404)
  })

  it('hides another vendor’s product (404) and locks a product on moderation (409)', async () => {
    const id = await createDraft({ sku: 'PH-4' })
    const png = await smallPng()
    const added = await upload(owner.cookie, id, 'photos', 'p.png', 'image/png', png)
    const photoId = added.json().data.photos[0].id as string
    expect((await upload(other.cookie, id, 'photos', 'p.png', 'image/png', png)).statusCode).toBe(404)
    expect((await api('DELETE', `/cabinet/products/${id}/photos/${photoId}`, other.cookie)).statusCode).toBe(404)
    expect(
      (await api('PUT', `/cabinet/products/${id}/photos/order`, other.cookie, { ids: [photoId] })).statusCode,
    ).toBe(404)
    expect((await upload(other.cookie, id, 'documents', 'c.pdf', 'application/pdf', PDF)).statusCode).toBe(404)
    const guest = await upload('', id, 'photos', 'p.png', 'image/png', png)
    expect(guest.statusCode).toBe(401)

    expect((await api('POST', `/cabinet/products/${id}/submit`, owner.cookie)).statusCode).toBe(200)
    const locked = await upload(owner.cookie, id, 'photos', 'p.png', 'image/png', png)
    expect(locked.statusCode).toBe(409)
    expect((await api('DELETE', `/cabinet/products/${id}/photos/${photoId}`, owner.cookie)).statusCode).toBe(409)
    expect(
      (await api('PATCH', `/cabinet/products/${id}/photos/${photoId}`, owner.cookie, { alt: 'x' })).statusCode,
    ).toBe(409)
    expect((await upload(owner.cookie, id, 'documents', 'c.pdf', 'application/pdf', PDF)).statusCode).toBe(409)
  })

  it('asks for a photo before moderation', async () => {
    const id = await createDraft({ sku: 'PH-5' })
    const refused = await api('POST', `/cabinet/products/${id}/submit`, owner.cookie)
    expect(refused.statusCode).toBe(400)
    expect(refused.json().error.fields).toEqual({ photos: MEDIA_MESSAGES.photoRequired })
    expect((await api('GET', `/cabinet/products/${id}`, owner.cookie)).json().data.problems).toEqual({
      photos: 'Добавьте хотя бы одну фотографию',
    })
  })

  it('publishes photos and documents on approval, keeps the old ones on sale while a new draft waits', async () => {
    const id = await createDraft({ sku: 'PH-6', title: 'Квадрокоптер Документ' })
    const first = (await upload(owner.cookie, id, 'photos', 'a.png', 'image/png', await smallPng(1))).json().data
    const doc = await upload(owner.cookie, id, 'documents', 'Сертификат соответствия.pdf', 'application/pdf', PDF)
    expect(doc.statusCode, doc.body).toBe(201)
    const [document] = doc.json().data.documents
    expect(document).toEqual({ fileId: expect.any(String), name: 'Сертификат соответствия' })
    // A text file named .pdf is refused by its content; the title is edited.
    const fake = await upload(owner.cookie, id, 'documents', 'fake.pdf', 'application/pdf', Buffer.from('hello'))
    expect(fake.statusCode).toBe(400)
    expect(fake.json().error.message).toBe(MEDIA_MESSAGES.documentType)
    const renamed = await api('PATCH', `/cabinet/products/${id}/documents/${document.fileId}`, employee.cookie, {
      name: 'Сертификат ЕАЭС',
    })
    expect(renamed.json().data.documents[0].name).toBe('Сертификат ЕАЭС')
    expect(
      (await api('PATCH', `/cabinet/products/${id}/documents/${document.fileId}`, owner.cookie, { name: ' ' }))
        .statusCode,
    ).toBe(400)

    // Before approval the document is the vendor's and staff's only.
    const download = `/products/${id}/documents/${document.fileId}`
    expect((await api('GET', download)).statusCode).toBe(404)
    expect((await api('GET', download, other.cookie)).statusCode).toBe(404)
    expect((await api('GET', download, owner.cookie)).statusCode).toBe(200)
    expect((await api('GET', download, staff.cookie)).statusCode).toBe(200)

    expect((await api('POST', `/cabinet/products/${id}/submit`, owner.cookie)).statusCode).toBe(200)
    const approved = await api('POST', `/staff/products/${id}/approve`, staff.cookie)
    expect(approved.statusCode, approved.body).toBe(200)
    const slug = approved.json().data.live.slug as string

    const page = (await api('GET', `/catalog/products/${slug}`)).json().data
    expect(page.images).toEqual([{ src: first.photos[0].src, alt: 'Квадрокоптер Документ' }])
    expect(page.documents).toEqual([{ fileId: document.fileId, name: 'Сертификат ЕАЭС' }])
    const publicDownload = await api('GET', download)
    expect(publicDownload.statusCode).toBe(200)
    expect(publicDownload.headers['content-type']).toBe('application/pdf')
    expect(publicDownload.headers['content-disposition']).toContain('.pdf')
    expect(publicDownload.rawPayload.equals(PDF)).toBe(true)

    // A new photo starts a new draft; the catalogue keeps the approved photo until approval.
    const second = await upload(owner.cookie, id, 'photos', 'b.png', 'image/png', await smallPng(250))
    expect(second.json().data).toMatchObject({ status: 'draft', published: true, hasPendingChanges: true })
    const [draftRow] = await database.db.select().from(productDrafts).where(eq(productDrafts.id, id))
    expect(draftRow!.images).toHaveLength(2)
    const newId = second.json().data.photos[1].id
    await api('PUT', `/cabinet/products/${id}/photos/order`, owner.cookie, {
      ids: [newId, first.photos[0].id],
    })
    // Deleting the photo on sale from the draft leaves its bytes: the catalogue still shows it.
    await api('DELETE', `/cabinet/products/${id}/photos/${first.photos[0].id}`, owner.cookie)
    expect((await api('GET', `/catalog/products/${slug}`)).json().data.images).toEqual(page.images)
    const onSale = await app.inject({ method: 'GET', url: `/marketplace-frontend-assets/${first.photos[0].src}` })
    expect(onSale.statusCode).toBe(200)

    await api('POST', `/cabinet/products/${id}/submit`, owner.cookie)
    await api('POST', `/staff/products/${id}/approve`, staff.cookie)
    const updated = (await api('GET', `/catalog/products/${slug}`)).json().data
    expect(updated.images.map((i: { src: string }) => i.src)).toEqual([second.json().data.photos[1].src])
  })
})
