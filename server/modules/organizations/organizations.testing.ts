import type { FastifyInstance, InjectOptions } from 'fastify'
import { type Ctx, ctxForUser } from '../../context.ts'
import type { Db } from '../../db/client.ts'
import { createTestUser } from '../../testing/auth.ts'
import { organizationMembers } from './organizations.table.ts'

/** Helpers of the organizations tests: valid company numbers on demand and short API calls. */

let seq = 0

function withControl(body: string, weights: number[]): string {
  const sum = weights.reduce((acc, w, i) => acc + w * Number(body[i]), 0)
  return body + ((sum % 11) % 10)
}

/** A valid, unique 10-digit INN (region 77, then a counter). */
export function nextLegalInn(): string {
  const body = `77${String(Date.now() % 1_000_000).padStart(6, '0')}${String(seq++ % 10)}`
  return withControl(body, [2, 4, 10, 3, 5, 9, 4, 6, 8])
}

/** A valid, unique 12-digit INN of an individual entrepreneur. */
export function nextPersonInn(): string {
  const body = `50${String(Date.now() % 100_000_000).padStart(8, '0')}`
  const eleven = withControl(body.slice(0, 9) + String(seq++ % 10), [7, 2, 4, 10, 3, 5, 9, 4, 6, 8])
  return withControl(eleven, [3, 7, 2, 4, 10, 3, 5, 9, 4, 6, 8])
}

export function organizationInput(overrides: Record<string, unknown> = {}) {
  return {
    legalForm: 'ooo',
    fullName: 'Общество с ограниченной ответственностью «Аэросъёмка»',
    shortName: 'ООО «Аэросъёмка»',
    inn: nextLegalInn(),
    kpp: '773601001',
    ogrn: '1027700132195',
    legalAddress: '117312, г. Москва, ул. Вавилова, д. 19',
    contactEmail: 'info@aero.example',
    contactPhone: '+7 (495) 500-55-50',
    website: 'aero.example',
    ...overrides,
  }
}

/** `app.inject` under /api/v1 with the user's cookie. */
export function apiClient(app: FastifyInstance) {
  return (method: InjectOptions['method'], url: string, cookie?: string, payload?: object) =>
    app.inject({ method, url: `/api/v1${url}`, payload, headers: cookie ? { cookie } : {} })
}

/** The context a request of this user would carry, for calling services directly. */
export function ctxFor(db: Db, user: { id: string }): Promise<Ctx> {
  return ctxForUser(db, user.id, { requestId: 'test', ip: '127.0.0.1', userAgent: 'test' })
}

/** The smallest file the files module accepts as a PDF. */
export const PDF = Buffer.from('%PDF-1.4\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n')

/** A new user and the organization they registered through the API, as its owner. */
export async function createTestOwner(app: FastifyInstance, db: Db) {
  const owner = await createTestUser(db)
  const res = await apiClient(app)('POST', '/organizations', owner.cookie, organizationInput())
  if (res.statusCode !== 201) throw new Error(`organization not created: ${res.statusCode} ${res.body}`)
  return { owner, org: res.json().data as { id: string; bankRequisites: unknown; documentSettings: unknown } }
}

/** A new user added to the organization with `role`. */
export async function addTestMember(db: Db, organizationId: string, role: 'admin' | 'member') {
  const user = await createTestUser(db)
  await db.insert(organizationMembers).values({ organizationId, userId: user.id, role })
  return user
}
