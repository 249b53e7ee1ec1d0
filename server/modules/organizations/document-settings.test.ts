import { eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { describe, expect, it } from 'vitest'
import { type DocumentSettings, invoiceSignatories } from '#common/document-settings.ts'
import { DOCUMENT_SETTINGS_MESSAGES } from '#common/document-settings.schemas.ts'
import { systemCtx } from '../../context.ts'
import type { Database } from '../../db/client.ts'
import { renderInvoice } from '../../documents/index.ts'
import { sampleInvoice } from '../../documents/fixtures.ts'
import { readPdf } from '../../documents/testing.ts'
import { useTestApp } from '../../testing/app.ts'
import { BACKENDS } from '../../testing/database.ts'
import { auditLog } from '../audit/audit.table.ts'
import { organizations } from './organizations.table.ts'
import { addTestMember, apiClient, createTestOwner, PDF } from './organizations.testing.ts'
import { uploadTestFile } from '../files/files.testing.ts'
import sharp from 'sharp'

const HEAD_ONLY = {
  headName: '  Ершов   Павел Андреевич ',
  headPosition: 'Генеральный директор',
  vatStatus: 'general',
}

const BY_ATTORNEY = {
  headName: 'Ершов Павел Андреевич',
  headPosition: 'Генеральный директор',
  accountantName: 'Белова Ирина Сергеевна',
  signer: 'attorney',
  attorneyName: 'Кравцов Денис Олегович',
  attorneyPosition: 'Коммерческий директор',
  attorneyNumber: '7/2026',
  attorneyDate: '2026-02-01',
  vatStatus: 'usn_5',
  edoParticipantId: '2be 7715482034-771501001',
}

describe.each(BACKENDS)('signatories and document settings of an organization on %s', (backend) => {
  let database: Database
  let app: FastifyInstance
  let api: ReturnType<typeof apiClient>

  useTestApp(backend, async (started) => {
    database = started.database
    app = started.app
    api = apiClient(app)
  })

  const ownerWithOrganization = () => createTestOwner(app, database.db)
  const addMember = (organizationId: string, role: 'admin' | 'member') =>
    addTestMember(database.db, organizationId, role)

  const put = (organizationId: string, cookie: string | undefined, body: object) =>
    api('PUT', `/organizations/${organizationId}/document-settings`, cookie, body)

  it('starts without them, keeps the head alone or an attorney with a chief accountant, and shows them to members', async () => {
    const { owner, org } = await ownerWithOrganization()
    expect(org.documentSettings).toBeNull()
    const ctx = systemCtx(database.db, { requestId: 'test' })
    expect(await app.services.organizations.documentSettingsOf(ctx, org.id)).toBeNull()

    const headOnly = await put(org.id, owner.cookie, HEAD_ONLY)
    expect(headOnly.statusCode, headOnly.body).toBe(200)
    expect(headOnly.json().data).toEqual({
      head: { name: 'Ершов Павел Андреевич', position: 'Генеральный директор' },
      accountant: null,
      attorney: null,
      vatStatus: 'general',
      edoParticipantId: null,
      signatureFileId: null,
      stampFileId: null,
    })
    // Without a chief accountant the head signs for both.
    expect(invoiceSignatories(headOnly.json().data)).toEqual({
      head: 'Ершов П. А.',
      headBasis: null,
      accountant: 'Ершов П. А.',
      accountantSignsToo: true,
    })

    const admin = await addMember(org.id, 'admin')
    const attorney = await put(org.id, admin.cookie, BY_ATTORNEY)
    expect(attorney.statusCode, attorney.body).toBe(200)
    const expected: DocumentSettings = {
      head: { name: 'Ершов Павел Андреевич', position: 'Генеральный директор' },
      accountant: { name: 'Белова Ирина Сергеевна' },
      attorney: {
        name: 'Кравцов Денис Олегович',
        position: 'Коммерческий директор',
        number: '7/2026',
        date: '2026-02-01',
      },
      vatStatus: 'usn_5',
      edoParticipantId: '2BE7715482034-771501001',
      signatureFileId: null,
      stampFileId: null,
    }
    expect(attorney.json().data).toEqual(expected)
    const member = await addMember(org.id, 'member')
    for (const cookie of [owner.cookie, member.cookie]) {
      const read = await api('GET', `/organizations/${org.id}`, cookie)
      expect(read.json().data.documentSettings).toEqual(expected)
    }
    expect(await app.services.organizations.documentSettingsOf(ctx, org.id)).toEqual(expected)
    const audits = await database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'organization.document_settings'))
    expect(audits.map((a) => a.details)).toEqual([
      { vatStatus: 'general', byAttorney: false },
      { vatStatus: 'usn_5', byAttorney: true },
    ])

    // The invoice prints the attorney on the head's line, with the power of attorney under it.
    const signatories = invoiceSignatories(expected)
    expect(signatories).toEqual({
      head: 'Кравцов Д. О.',
      headBasis: 'Коммерческий директор, по доверенности № 7/2026 от 01.02.2026',
      accountant: 'Белова И. С.',
      accountantSignsToo: false,
    })
    const text = (await readPdf(await renderInvoice({ ...sampleInvoice(), signatories }))).text
    expect(text).toContain('Кравцов Д. О.')
    expect(text).toContain('Белова И. С.')
    expect(text).toContain('Коммерческий директор, по доверенности № 7/2026 от 01.02.2026')
  })

  it('refuses what cannot be printed, with a Russian message per field, and keeps nothing', async () => {
    const { owner, org } = await ownerWithOrganization()
    const empty = await put(org.id, owner.cookie, { headName: '', headPosition: '', vatStatus: 'simplified' })
    expect(empty.statusCode).toBe(400)
    expect(empty.json().error.fields).toEqual({
      headName: DOCUMENT_SETTINGS_MESSAGES.headName,
      headPosition: DOCUMENT_SETTINGS_MESSAGES.headPosition,
      vatStatus: DOCUMENT_SETTINGS_MESSAGES.vatStatus,
    })
    const attorneyMissing = await put(org.id, owner.cookie, {
      ...HEAD_ONLY,
      headName: 'Ершов',
      accountantName: 'Белова 2',
      signer: 'attorney',
      attorneyDate: '2026-02-30',
      edoParticipantId: '1BE-123',
    })
    expect(attorneyMissing.json().error.fields).toEqual({
      headName: DOCUMENT_SETTINGS_MESSAGES.personName,
      accountantName: DOCUMENT_SETTINGS_MESSAGES.accountantName,
      attorneyName: DOCUMENT_SETTINGS_MESSAGES.attorneyName,
      attorneyPosition: DOCUMENT_SETTINGS_MESSAGES.attorneyPosition,
      attorneyNumber: DOCUMENT_SETTINGS_MESSAGES.attorneyNumber,
      attorneyDate: 'Дата — в формате ГГГГ-ММ-ДД',
      edoParticipantId: DOCUMENT_SETTINGS_MESSAGES.edoParticipantId,
    })
    const tooLong = await put(org.id, owner.cookie, { ...HEAD_ONLY, headPosition: 'Д'.repeat(121) })
    expect(tooLong.json().error.fields).toEqual({ headPosition: DOCUMENT_SETTINGS_MESSAGES.tooLong(120) })
    const [row] = await database.db.select().from(organizations).where(eq(organizations.id, org.id))
    expect(row!.documentSettings).toBeNull()
  })

  it('lets only owners and administrators set them; another organization is not found', async () => {
    const { org } = await ownerWithOrganization()
    const { owner: outsider } = await ownerWithOrganization()
    const member = await addMember(org.id, 'member')

    const byMember = await put(org.id, member.cookie, HEAD_ONLY)
    expect(byMember.statusCode).toBe(403)
    expect((await put(org.id, outsider.cookie, HEAD_ONLY)).statusCode).toBe(404)
    expect((await put('not-a-uuid', outsider.cookie, HEAD_ONLY)).statusCode).toBe(404)
    expect((await put(org.id, undefined, HEAD_ONLY)).statusCode).toBe(401)
    expect((await put(org.id, outsider.cookie, { headName: '' })).statusCode).toBe(404)
    const ctx = systemCtx(database.db, { requestId: 'test' })
    expect(await app.services.organizations.documentSettingsOf(ctx, org.id)).toBeNull()
    await expect(
      app.services.organizations.documentSettingsOf(ctx, '00000000-0000-4000-8000-000000000000'),
    ).rejects.toMatchObject({ kind: 'not_found' })
  })

  it('takes the signature and the stamp as the organization\u2019s small pictures, and prints them on the invoice', async () => {
    const { owner, org } = await ownerWithOrganization()
    const { owner: outsider, org: theirs } = await ownerWithOrganization()
    const picture = (background: { r: number; g: number; b: number; alpha: number }) =>
      sharp({ create: { width: 240, height: 80, channels: 4, background } })
        .png()
        .toBuffer()
    const upload = async (cookie: string, organizationId: string, bytes: Buffer, type = 'image/png') => {
      const name = type === 'image/png' ? 'picture.png' : 'scan.pdf'
      const res = await uploadTestFile(app, cookie, { name, bytes, type, organizationId })
      expect(res.statusCode, res.body).toBe(201)
      return res.json().data.id as string
    }
    const signature = await upload(owner.cookie, org.id, await picture({ r: 20, g: 40, b: 160, alpha: 0.8 }))
    const stamp = await upload(owner.cookie, org.id, await picture({ r: 30, g: 60, b: 200, alpha: 0.5 }))
    const scan = await upload(owner.cookie, org.id, PDF, 'application/pdf')
    const foreign = await upload(outsider.cookie, theirs.id, await picture({ r: 0, g: 0, b: 0, alpha: 1 }))

    const refused = await put(org.id, owner.cookie, { ...HEAD_ONLY, signatureFileId: scan, stampFileId: foreign })
    expect(refused.statusCode).toBe(400)
    expect(refused.json().error.fields).toEqual({
      signatureFileId: DOCUMENT_SETTINGS_MESSAGES.image,
      stampFileId: DOCUMENT_SETTINGS_MESSAGES.image,
    })
    expect((await put(org.id, owner.cookie, { ...HEAD_ONLY, stampFileId: 'not-an-id' })).json().error.fields).toEqual({
      stampFileId: DOCUMENT_SETTINGS_MESSAGES.image,
    })

    const saved = await put(org.id, owner.cookie, { ...HEAD_ONLY, signatureFileId: signature, stampFileId: stamp })
    expect(saved.statusCode, saved.body).toBe(200)
    expect(saved.json().data).toMatchObject({ signatureFileId: signature, stampFileId: stamp })

    // Printed: the signature on both lines (the head keeps the books), and the stamp.
    const settings = saved.json().data as DocumentSettings
    const images = async (withPictures: boolean) => {
      const pictures = withPictures
        ? {
            signatureImage: await picture({ r: 20, g: 40, b: 160, alpha: 0.8 }),
            stampImage: await picture({ r: 30, g: 60, b: 200, alpha: 0.5 }),
          }
        : {}
      const pdf = await renderInvoice({
        ...sampleInvoice(),
        signatories: { ...invoiceSignatories(settings), ...pictures },
      })
      return pdf.toString('latin1').match(/\/Subtype \/Image/g)?.length ?? 0
    }
    expect(await images(false)).toBe(0)
    // Each PNG with transparency is an image and its soft mask: two pictures on the page.
    expect(await images(true)).toBeGreaterThanOrEqual(2)
  })

  it('is documented in OpenAPI', async () => {
    const doc = (await app.inject('/api/docs/json')).json()
    expect(Object.keys(doc.paths['/api/v1/organizations/{id}/document-settings'])).toEqual(['put'])
  })
})
