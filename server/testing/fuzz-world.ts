import { randomUUID } from 'node:crypto'
import type { FastifyInstance, InjectOptions } from 'fastify'
import type { Db } from '../db/client.ts'
import { seedCatalogFixture } from '../modules/catalog/catalog.testing.ts'
import { createSession } from '../modules/identity/sessions.ts'
import { nextLegalInn, organizationInput, PDF } from '../modules/organizations/organizations.testing.ts'
import { createTestUser, TEST_PASSWORD } from './auth.ts'
import type { KnownValues } from './fuzz-requests.ts'
import { organizationRoles } from '../modules/organizations/organizations.table.ts'

/** Who sends a request: nobody, a member of an organization, or platform staff. */
export interface Identity {
  name: 'guest' | 'member' | 'staff'
  userId?: string
}

/** The identities, and the real values a request may name so that it gets past 404s. */
export interface FuzzWorld {
  identities: Identity[]
  known: KnownValues
}

/**
 * A catalogue, an organization with a vendor role under review, a document, an invitation, a
 * join request and a lead, made through the API as people make them.
 */
export async function prepareFuzzWorld(app: FastifyInstance, db: Db): Promise<FuzzWorld> {
  const catalog = await seedCatalogFixture(db)
  const member = await createTestUser(db)
  const staff = await createTestUser(db, { isStaff: true })
  const applicant = await createTestUser(db)
  const call = async (cookie: string | undefined, method: InjectOptions['method'], url: string, payload?: object) => {
    const headers = cookie ? { cookie, 'sec-fetch-site': 'same-origin' } : {}
    const res = await app.inject({ method, url: `/api/v1${url}`, headers, payload })
    if (res.statusCode >= 300) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`)
    return res.json().data
  }

  const inn = nextLegalInn()
  const org = await call(member.cookie, 'POST', '/organizations', organizationInput({ inn }))
  const file = await uploadPdf(app, member.cookie)
  const role = await call(member.cookie, 'POST', `/organizations/${org.id}/roles`, { type: 'vendor' })
  await call(member.cookie, 'POST', `/organizations/${org.id}/roles/vendor/documents`, { fileId: file.id })
  await call(member.cookie, 'POST', `/organizations/${org.id}/roles/vendor/submit`)
  const invitation = await call(member.cookie, 'POST', `/organizations/${org.id}/invitations`, {
    email: 'colleague@example.test',
  })
  const joinRequest = await call(applicant.cookie, 'POST', '/organizations/join-requests', {
    inn,
    message: 'Я инженер',
  })
  const lead = await call(undefined, 'POST', '/leads', {
    name: 'Ирина Соколова',
    phone: '+7 (916) 123-45-67',
    email: 'i.sokolova@zarya-agro.ru',
    message: 'Нужен ремонт агродрона после жёсткой посадки.',
    consent: 'on',
    sourcePath: '/platforms/repair',
    submissionId: randomUUID(),
  })
  const [session] = await call(staff.cookie, 'GET', '/users/me/sessions')
  // A confirmed buyer role lets the member chat: a room with a vendor and a message in it.
  await db.insert(organizationRoles).values({ organizationId: org.id, type: 'buyer', status: 'confirmed' })
  const room = await call(member.cookie, 'POST', '/chat/rooms', { organizationId: catalog.vendors.aeroskan.id })
  const message = await call(member.cookie, 'POST', `/chat/rooms/${room.guid}/messages`, {
    clientId: randomUUID(),
    content: 'Есть ли в наличии?',
  })

  const emails = [member.email, staff.email, applicant.email, 'colleague@example.test']
  return {
    identities: [{ name: 'guest' }, { name: 'member', userId: member.id }, { name: 'staff', userId: staff.id }],
    known: {
      id: [org.id, file.id, lead.id, session.id, message.id],
      guid: [room.guid],
      organizationId: [org.id],
      userId: [member.id, staff.id, applicant.id],
      fileId: [file.id],
      roleId: [role.id],
      invitationId: [invitation.id],
      requestId: [joinRequest.id],
      productId: Object.values(catalog.ids),
      slug: [...Object.keys(catalog.ids), ...Object.values(catalog.vendors).map((v) => v.slug)],
      type: ['vendor', 'buyer'],
      inn: [inn, nextLegalInn()],
      email: emails,
      contactEmail: emails,
      phone: ['+7 (916) 123-45-67'],
      contactPhone: ['+7 (916) 123-45-67'],
      password: [TEST_PASSWORD],
      currentPassword: [TEST_PASSWORD],
    },
  }
}

async function uploadPdf(app: FastifyInstance, cookie: string): Promise<{ id: string }> {
  const boundary = 'world-boundary'
  const res = await app.inject({
    method: 'POST',
    url: '/api/v1/files',
    headers: { cookie, 'content-type': `multipart/form-data; boundary=${boundary}`, 'sec-fetch-site': 'same-origin' },
    payload: Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="act.pdf"\r\n`),
      Buffer.from('Content-Type: application/pdf\r\n\r\n'),
      PDF,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
  })
  return res.json().data
}

/**
 * The headers an identity's request carries: a session of its own each time (a generated
 * request may sign out or end every session), sent from our own pages so that CSRF lets it in.
 */
export async function identityHeaders(db: Db, identity: Identity): Promise<Record<string, string>> {
  if (!identity.userId) return {}
  const session = await createSession(
    db,
    identity.userId,
    { ip: '127.0.0.1', userAgent: 'fuzz' },
    { idleMs: 3_600_000, absoluteMs: 3_600_000 },
  )
  return { cookie: `sid=${session.token}`, 'sec-fetch-site': 'same-origin' }
}
