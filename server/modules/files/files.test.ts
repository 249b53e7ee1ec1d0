import { createHash, randomBytes } from 'node:crypto'
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { createServer, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { and, eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { FILE_MESSAGES } from '#common/files.ts'
import { ctxForUser } from '../../context.ts'
import type { Database } from '../../db/client.ts'
import { buildTestApp } from '../../testing/app.ts'
import { createTestUser } from '../../testing/auth.ts'
import { BACKENDS, openTestDatabase } from '../../testing/database.ts'
import { auditLog } from '../audit/audit.table.ts'
import { organizationMembers, organizations } from '../organizations/organizations.table.ts'
import { apiClient } from '../organizations/organizations.testing.ts'
import { createS3Storage, signS3Request } from './files.storage.ts'
import { files } from './files.table.ts'

const PDF = Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n')
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]), Buffer.from('JFIF\0'), randomBytes(64)])
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), randomBytes(64)])

interface Part {
  name: string
  value?: string
  filename?: string
  contentType?: string
  data?: Buffer
}

/** A multipart/form-data body written out by hand, the way a browser sends it. */
function multipart(parts: Part[]) {
  const boundary = `----bas-test-${randomBytes(8).toString('hex')}`
  const chunks: Buffer[] = []
  for (const p of parts) {
    const disposition = p.filename
      ? `form-data; name="${p.name}"; filename="${p.filename}"`
      : `form-data; name="${p.name}"`
    const head = [`--${boundary}`, `Content-Disposition: ${disposition}`]
    if (p.filename) head.push(`Content-Type: ${p.contentType ?? 'application/octet-stream'}`)
    chunks.push(
      Buffer.from(`${head.join('\r\n')}\r\n\r\n`, 'utf8'),
      p.data ?? Buffer.from(p.value ?? ''),
      Buffer.from('\r\n'),
    )
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`))
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` }
}

const filePart = (filename: string, contentType: string, data: Buffer): Part => ({
  name: 'file',
  filename,
  contentType,
  data,
})

async function upload(app: FastifyInstance, cookie: string | undefined, parts: Part[]) {
  const body = multipart(parts)
  return app.inject({
    method: 'POST',
    url: '/api/v1/files',
    payload: body.payload,
    headers: { 'content-type': body.contentType, ...(cookie ? { cookie } : {}) },
  })
}

async function createOrganization(db: Database['db'], ownerId: string): Promise<string> {
  const inn = `77${randomBytes(4).readUInt32BE() % 100_000_000}`.padEnd(10, '0')
  const [org] = await db
    .insert(organizations)
    .values({
      legalForm: 'ooo',
      fullName: 'Общество с ограниченной ответственностью «Тест»',
      shortName: 'ООО «Тест»',
      slug: `test-${inn}`,
      inn,
      ogrn: '1027700000000',
      legalAddress: 'г. Москва',
      contactEmail: 'org@example.test',
      contactPhone: '+74950000000',
      createdByUserId: ownerId,
    })
    .returning({ id: organizations.id })
  await db.insert(organizationMembers).values({ organizationId: org!.id, userId: ownerId, role: 'owner' })
  return org!.id
}

describe.each(BACKENDS)('files on %s', (backend) => {
  let database: Database
  let app: FastifyInstance
  let uploadsDir: string

  beforeAll(async () => {
    database = await openTestDatabase(backend)
    uploadsDir = await mkdtemp(join(tmpdir(), 'bas-uploads-'))
    app = await buildTestApp(database, { UPLOADS_DIR: uploadsDir })
  })
  afterAll(async () => {
    await app.close()
    await database.close()
    await rm(uploadsDir, { recursive: true, force: true })
  })

  it('accepts PDF, JPEG and PNG, stores the bytes and their SHA-256', async () => {
    const user = await createTestUser(database.db)
    const cases = [
      ['Устав ООО «Заря».pdf', 'application/pdf', PDF],
      ['фото.JPG', 'image/jpeg', JPEG],
      ['scan.png', 'image/png', PNG],
    ] as const
    for (const [name, type, data] of cases) {
      const res = await upload(app, user.cookie, [filePart(name, type, data)])
      expect(res.statusCode).toBe(201)
      const meta = res.json().data
      expect(meta).toMatchObject({
        originalName: name,
        mimeType: type,
        size: data.length,
        organizationId: null,
        ownerUserId: user.id,
      })
      const [row] = await database.db.select().from(files).where(eq(files.id, meta.id))
      expect(row!.sha256).toBe(createHash('sha256').update(data).digest('hex'))
      expect(row!.storageKey).toMatch(/^[0-9a-f]{2}\/[0-9a-f]{2}\/[0-9a-f]{32}$/)
      expect(await readFile(join(uploadsDir, row!.storageKey))).toEqual(data)
    }
  })

  it('stores and lists names without bidi controls, zero-width and control characters', async () => {
    const owner = await createTestUser(database.db)
    const staff = await createTestUser(database.db, { isStaff: true })
    const orgId = await createOrganization(database.db, owner.id)
    const names = [
      ['документ\u202Egnp.pdf', 'документgnp.pdf'],
      ['\u2067Уст\u200Bав\u2069\u200E\u200F\u061C\u200C\u200D\uFEFF\u2060\u00AD\u0007\u0085.pdf', 'Устав.pdf'],
      ['Выписка\tЕГРЮЛ\u00A0\u2003.p\u200Bdf', 'Выписка ЕГРЮЛ.pdf'],
      ['\u202E\u200B.pdf', 'документ.pdf'],
    ] as const
    const ids: string[] = []
    for (const [sent, stored] of names) {
      const res = await upload(app, owner.cookie, [
        { name: 'organizationId', value: orgId },
        filePart(sent, 'application/pdf', PDF),
      ])
      expect(res.statusCode, JSON.stringify(sent)).toBe(201)
      expect(res.json().data.originalName).toBe(stored)
      ids.push(res.json().data.id)
    }
    const rows = await database.db.select().from(files).where(eq(files.ownerUserId, owner.id))
    expect(rows.map((r) => r.originalName).sort()).toEqual(names.map(([, stored]) => stored).sort())
    const download = await app.inject({ url: `/api/v1/files/${ids[0]}`, headers: { cookie: owner.cookie } })
    expect(download.headers['content-disposition']).toBe(
      `attachment; filename="________gnp.pdf"; filename*=UTF-8''${encodeURIComponent('документgnp.pdf')}`,
    )
    // The extension is read after cleaning: a reversed «.exe» is an .exe.
    const exe = await upload(app, owner.cookie, [filePart('фото\u202Egnp.exe', 'application/pdf', PDF)])
    expect(exe.statusCode).toBe(400)
    expect(exe.json().error.message).toBe(FILE_MESSAGES.badType)

    // The company page and the staff console list the stored names.
    const api = apiClient(app)
    const role = await api('POST', `/organizations/${orgId}/roles`, owner.cookie, { type: 'vendor' })
    expect(role.statusCode).toBe(201)
    for (const fileId of ids) {
      const attached = await api('POST', `/organizations/${orgId}/roles/vendor/documents`, owner.cookie, { fileId })
      expect(attached.statusCode).toBe(200)
    }
    const listed = (list: { originalName: string }[]) => list.map((d) => d.originalName)
    const roles = (await api('GET', `/organizations/${orgId}/roles`, owner.cookie)).json().data
    expect(listed(roles[0].documents)).toEqual(names.map(([, stored]) => stored))
    const review = await api('GET', `/staff/verifications/${role.json().data.id}`, staff.cookie)
    expect(listed(review.json().data.documents)).toEqual(names.map(([, stored]) => stored))
  })

  it('refuses a .pdf whose bytes are a PNG, and a declared type that disagrees', async () => {
    const user = await createTestUser(database.db)
    const fake = await upload(app, user.cookie, [filePart('contract.pdf', 'application/pdf', PNG)])
    expect(fake.statusCode).toBe(400)
    expect(fake.json().error.message).toBe(FILE_MESSAGES.mismatch)
    expect(fake.json().error.message).toContain('Допустимы файлы PDF, JPEG или PNG')
    const declared = await upload(app, user.cookie, [filePart('scan.png', 'image/jpeg', PNG)])
    expect(declared.statusCode).toBe(400)
    expect(await database.db.select().from(files).where(eq(files.ownerUserId, user.id))).toHaveLength(0)
  })

  it('refuses .exe and .html, whatever they contain', async () => {
    const user = await createTestUser(database.db)
    for (const part of [
      filePart('setup.exe', 'application/x-msdownload', Buffer.from('MZ\x90\x00')),
      filePart('page.html', 'text/html', Buffer.from('<script>alert(1)</script>')),
      filePart('sneaky.html', 'application/pdf', PDF),
    ]) {
      const res = await upload(app, user.cookie, [part])
      expect(res.statusCode).toBe(400)
      expect(res.json().error.message).toBe('Допустимы файлы PDF, JPEG или PNG')
    }
  })

  it('refuses 11 MB with 413 and a Russian message', async () => {
    const user = await createTestUser(database.db)
    const big = Buffer.concat([PDF, Buffer.alloc(11 * 1024 * 1024, 0x20)])
    const res = await upload(app, user.cookie, [filePart('big.pdf', 'application/pdf', big)])
    expect(res.statusCode).toBe(413)
    expect(res.json().error.message).toBe('Файл больше 10 МБ')
    expect(await database.db.select().from(files).where(eq(files.ownerUserId, user.id))).toHaveLength(0)
  })

  it('needs a signed-in user and the field `file`', async () => {
    expect((await upload(app, undefined, [filePart('a.pdf', 'application/pdf', PDF)])).statusCode).toBe(401)
    const user = await createTestUser(database.db)
    const noFile = await upload(app, user.cookie, [{ name: 'organizationId', value: '' }])
    expect(noFile.statusCode).toBe(400)
    expect(noFile.json().error.message).toBe('Выберите файл')
    const json = await app.inject({
      method: 'POST',
      url: '/api/v1/files',
      payload: { file: 'x' },
      headers: { cookie: user.cookie },
    })
    expect(json.statusCode).toBe(400)
  })

  it('serves the bytes to the owner with download headers', async () => {
    const user = await createTestUser(database.db)
    const created = await upload(app, user.cookie, [filePart('Договор поставки №7.pdf', 'application/pdf', PDF)])
    const res = await app.inject({ url: `/api/v1/files/${created.json().data.id}`, headers: { cookie: user.cookie } })
    expect(res.statusCode).toBe(200)
    expect(res.rawPayload).toEqual(PDF)
    expect(res.headers['content-type']).toBe('application/pdf')
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="_______ ________ _7.pdf"; filename*=UTF-8''${encodeURIComponent('Договор поставки №7.pdf')}`,
    )
    expect(res.headers['x-content-type-options']).toBe('nosniff')
    // The file's own policy, not the pages' one (which would let it run scripts as our origin).
    expect(res.headers['content-security-policy']).toBe("default-src 'none'; sandbox")
    expect(res.headers['cache-control']).toBe('private, no-store')
  })

  it('hides a file from strangers (404, like a missing one) and shows it to staff, on record', async () => {
    const owner = await createTestUser(database.db)
    const stranger = await createTestUser(database.db)
    const staff = await createTestUser(database.db, { isStaff: true })
    const { id } = (await upload(app, owner.cookie, [filePart('passport.png', 'image/png', PNG)])).json().data
    const get = (cookie: string | undefined, fileId = id) =>
      app.inject({ url: `/api/v1/files/${fileId}`, headers: cookie ? { cookie } : {} })
    const foreign = await get(stranger.cookie)
    expect(foreign.statusCode).toBe(404)
    expect(foreign.json().error.message).toBe('Файл не найден')
    expect((await get(stranger.cookie, '00000000-0000-4000-8000-000000000000')).json()).toEqual(foreign.json())
    expect((await get(stranger.cookie, 'not-a-uuid')).statusCode).toBe(404)
    expect((await get(undefined)).statusCode).toBe(401)
    const byStaff = await get(staff.cookie)
    expect(byStaff.statusCode).toBe(200)
    expect(byStaff.rawPayload).toEqual(PNG)
    const trail = await database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'file.staff_read'), eq(auditLog.targetId, id)))
    expect(trail).toHaveLength(1)
    expect(trail[0]!.actorUserId).toBe(staff.id)
  })

  it('shares an organization file with its members, and only members may attach to it', async () => {
    const owner = await createTestUser(database.db)
    const colleague = await createTestUser(database.db)
    const outsider = await createTestUser(database.db)
    const orgId = await createOrganization(database.db, owner.id)
    await database.db
      .insert(organizationMembers)
      .values({ organizationId: orgId, userId: colleague.id, role: 'member' })

    const created = await upload(app, owner.cookie, [
      { name: 'organizationId', value: orgId },
      filePart('ogrn.pdf', 'application/pdf', PDF),
    ])
    expect(created.statusCode).toBe(201)
    expect(created.json().data.organizationId).toBe(orgId)
    const url = `/api/v1/files/${created.json().data.id}`
    expect((await app.inject({ url, headers: { cookie: colleague.cookie } })).statusCode).toBe(200)
    expect((await app.inject({ url, headers: { cookie: outsider.cookie } })).statusCode).toBe(404)

    const mine = await upload(app, outsider.cookie, [filePart('own.png', 'image/png', PNG)])
    const ids = [created.json().data.id, mine.json().data.id, 'junk']
    const seen = await app.services.files.describeMany(await ctxForUser(database.db, outsider.id), ids)
    expect(seen.map((f) => f.id)).toEqual([mine.json().data.id])
    const byColleague = await app.services.files.describeMany(await ctxForUser(database.db, colleague.id), ids)
    expect(byColleague.map((f) => f.id)).toEqual([created.json().data.id])

    // The field may come after the file, too.
    const after = await upload(app, outsider.cookie, [
      filePart('ogrn.pdf', 'application/pdf', PDF),
      { name: 'organizationId', value: orgId },
    ])
    expect(after.statusCode).toBe(404)
    expect(after.json().error.message).toBe('Организация не найдена')
  })

  it('rate-limits uploads per user with a Russian 429', async () => {
    const user = await createTestUser(database.db)
    const tiny = Buffer.from('%PDF-1.0\n%%EOF')
    for (let i = 0; i < 60; i++) {
      expect((await upload(app, user.cookie, [filePart(`${i}.pdf`, 'application/pdf', tiny)])).statusCode).toBe(201)
    }
    const limited = await upload(app, user.cookie, [filePart('61.pdf', 'application/pdf', tiny)])
    expect(limited.statusCode).toBe(429)
    expect(limited.json().error.message).toBe('Слишком много запросов. Попробуйте ещё раз через 1 час.')
  })
})

/** A stand-in for an S3-compatible service: checks the signature's shape and keeps bodies in a Map. */
async function startFakeS3(creds: { accessKeyId: string; secretAccessKey: string; region: string }) {
  const objects = new Map<string, { body: Buffer; contentType: string }>()
  const requests: { method: string; url: string; authorization: string }[] = []
  const read = async (req: IncomingMessage) => {
    const chunks: Buffer[] = []
    for await (const c of req) chunks.push(c as Buffer)
    return Buffer.concat(chunks)
  }
  const server: Server = createServer(async (req, res) => {
    const body = await read(req)
    const authorization = req.headers.authorization ?? ''
    requests.push({ method: req.method!, url: req.url!, authorization })
    const match =
      /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/s3\/aws4_request, SignedHeaders=([a-z0-9;-]+), Signature=([0-9a-f]{64})$/.exec(
        authorization,
      )
    const payloadHash = createHash('sha256').update(body).digest('hex')
    if (!match || match[1] !== creds.accessKeyId || req.headers['x-amz-content-sha256'] !== payloadHash) {
      res.writeHead(403).end('<Error><Code>AccessDenied</Code></Error>')
      return
    }
    // Recompute the signature from what arrived: the signed headers must be the ones sent.
    const signed = match[4]!.split(';')
    const headers = Object.fromEntries(signed.map((h) => [h, String(req.headers[h] ?? '')]))
    const expected = signS3Request({
      method: req.method!,
      url: new URL(req.url!, `http://${req.headers.host}`),
      headers,
      payloadHash,
      amzDate: String(req.headers['x-amz-date']),
      ...creds,
    })
    if (expected !== authorization) {
      res.writeHead(403).end('<Error><Code>SignatureDoesNotMatch</Code></Error>')
      return
    }
    const key = decodeURIComponent(req.url!)
    if (req.method === 'PUT') {
      objects.set(key, { body, contentType: String(req.headers['content-type']) })
      res.writeHead(200).end()
    } else if (req.method === 'GET') {
      const object = objects.get(key)
      if (!object) res.writeHead(404).end('<Error><Code>NoSuchKey</Code></Error>')
      else res.writeHead(200, { 'content-type': object.contentType }).end(object.body)
    } else if (req.method === 'DELETE') {
      objects.delete(key)
      res.writeHead(204).end()
    } else res.writeHead(405).end()
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return { endpoint: `http://127.0.0.1:${port}`, objects, requests, close: () => server.close() }
}

describe('S3 storage', () => {
  const creds = { accessKeyId: 'YCAJtestkey', secretAccessKey: 'test/secret+key', region: 'ru-central1' }
  let s3: Awaited<ReturnType<typeof startFakeS3>>
  beforeAll(async () => {
    s3 = await startFakeS3(creds)
  })
  afterAll(() => s3.close())

  it('signs exactly as AWS documents (Signature V4, GET Object example)', () => {
    const empty = 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855'
    const authorization = signS3Request({
      method: 'GET',
      url: new URL('https://examplebucket.s3.amazonaws.com/test.txt'),
      headers: {
        host: 'examplebucket.s3.amazonaws.com',
        range: 'bytes=0-9',
        'x-amz-content-sha256': empty,
        'x-amz-date': '20130524T000000Z',
      },
      payloadHash: empty,
      accessKeyId: 'AKIAIOSFODNN7EXAMPLE',
      secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
      region: 'us-east-1',
      amzDate: '20130524T000000Z',
    })
    expect(authorization).toBe(
      'AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request, ' +
        'SignedHeaders=host;range;x-amz-content-sha256;x-amz-date, ' +
        'Signature=f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41',
    )
  })

  it('puts, gets and deletes objects path-style with a signed request', async () => {
    const storage = createS3Storage({ endpoint: s3.endpoint, bucket: 'bas-docs', forcePathStyle: true, ...creds })
    await storage.put('ab/cd/abcdef', PDF, 'application/pdf')
    expect(s3.objects.get('/bas-docs/ab/cd/abcdef')).toEqual({ body: PDF, contentType: 'application/pdf' })
    expect(await storage.get('ab/cd/abcdef')).toEqual(PDF)
    await storage.delete('ab/cd/abcdef')
    expect(s3.objects.has('/bas-docs/ab/cd/abcdef')).toBe(false)
    await expect(storage.get('ab/cd/abcdef')).rejects.toThrow(/404/)
    await expect(storage.get('../etc/passwd')).rejects.toThrow(/Invalid storage key/)
    const wrongKey = createS3Storage({
      endpoint: s3.endpoint,
      bucket: 'bas-docs',
      forcePathStyle: true,
      ...creds,
      secretAccessKey: 'nope',
    })
    await expect(wrongKey.put('ab/cd/ef', PDF, 'application/pdf')).rejects.toThrow(/403 .*SignatureDoesNotMatch/)
    for (const r of s3.requests)
      expect(r.authorization).toMatch(
        /^AWS4-HMAC-SHA256 Credential=YCAJtestkey\/\d{8}\/ru-central1\/s3\/aws4_request, /,
      )
  })

  it('backs the files API when S3_* is configured', async () => {
    const database = await openTestDatabase('pglite')
    const app = await buildTestApp(database, {
      S3_ENDPOINT: s3.endpoint,
      S3_BUCKET: 'bas-uploads',
      S3_ACCESS_KEY_ID: creds.accessKeyId,
      S3_SECRET_ACCESS_KEY: creds.secretAccessKey,
    })
    try {
      const user = await createTestUser(database.db)
      const created = await upload(app, user.cookie, [filePart('photo.jpeg', 'image/jpeg', JPEG)])
      expect(created.statusCode).toBe(201)
      const [row] = await database.db.select().from(files).where(eq(files.id, created.json().data.id))
      expect(s3.objects.get(`/bas-uploads/${row!.storageKey}`)?.body).toEqual(JPEG)
      const res = await app.inject({ url: `/api/v1/files/${row!.id}`, headers: { cookie: user.cookie } })
      expect(res.statusCode).toBe(200)
      expect(res.rawPayload).toEqual(JPEG)
    } finally {
      await app.close()
      await database.close()
    }
  })

  it('refuses to start with a half-configured bucket', async () => {
    const database = await openTestDatabase('pglite')
    await expect(buildTestApp(database, { S3_ENDPOINT: s3.endpoint })).rejects.toThrow(/S3_BUCKET/)
    await database.close()
  })
})
