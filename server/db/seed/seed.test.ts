import { asc, eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { describe, expect, it } from 'vitest'
import { isValidKpp, isValidLegalInn, isValidOgrn } from '#common/validators.ts'
import { auditLog } from '../../modules/audit/audit.table.ts'
import { users } from '../../modules/identity/identity.table.ts'
import { leads } from '../../modules/leads/leads.table.ts'
import {
  organizationMembers,
  organizationRoleEvents,
  organizationRoles,
  organizations,
} from '../../modules/organizations/organizations.table.ts'
import { sessionCookieFrom } from '../../testing/auth.ts'
import { useTestApp } from '../../testing/app.ts'
import { BACKENDS } from '../../testing/database.ts'
import type { Database } from '../client.ts'
import { systemMeta } from '../schema.ts'
import { DEMO_ORGANIZATIONS, DEMO_PASSWORD, DEMO_USERS } from './accounts.ts'
import { DEMO_SEED_VERSION, seedDemo } from './seed.ts'

/** Everything the seed writes, in a stable order, to compare one run with the next. */
async function snapshot(db: Database['db']) {
  return {
    users: await db.select().from(users).orderBy(asc(users.email)),
    organizations: await db.select().from(organizations).orderBy(asc(organizations.inn)),
    members: await db.select().from(organizationMembers).orderBy(asc(organizationMembers.userId)),
    roles: await db.select().from(organizationRoles).orderBy(asc(organizationRoles.id)),
    events: await db.select().from(organizationRoleEvents).orderBy(asc(organizationRoleEvents.id)),
    leads: await db.select().from(leads).orderBy(asc(leads.submissionId)),
    audit: await db.select().from(auditLog).orderBy(asc(auditLog.id)),
  }
}

describe.each(BACKENDS)('demo seed on %s', (backend) => {
  let database: Database
  let app: FastifyInstance

  useTestApp(backend, (started) => {
    database = started.database
    app = started.app
  })

  it('seeds once; a second run, even forced, changes nothing', async () => {
    expect(await seedDemo(database.db)).toEqual({ applied: true })
    const first = await snapshot(database.db)
    expect(first.users.map((u) => [u.email, u.isStaff])).toEqual([
      ['buyer@example.com', false],
      ['staff@example.com', true],
      ['vendor@example.com', false],
    ])
    expect(first.events).toHaveLength(6) // request, submit, approve for each of two roles

    expect(await seedDemo(database.db)).toEqual({ applied: false })
    expect(await snapshot(database.db)).toEqual(first)

    // A newer version re-runs every step: they are idempotent on their own.
    await database.db.update(systemMeta).set({ value: 1 }).where(eq(systemMeta.key, 'demo_seed_version'))
    expect(await seedDemo(database.db)).toEqual({ applied: true })
    expect(await snapshot(database.db)).toEqual(first)
    const [version] = await database.db.select().from(systemMeta).where(eq(systemMeta.key, 'demo_seed_version'))
    expect(version!.value).toBe(DEMO_SEED_VERSION)
  })

  it('uses identifiers that pass the FNS checksums', () => {
    for (const org of DEMO_ORGANIZATIONS) {
      expect(isValidLegalInn(org.inn)).toBe(true)
      expect(isValidKpp(org.kpp)).toBe(true)
      expect(isValidOgrn(org.ogrn)).toBe(true)
    }
  })

  it('signs in the three demo accounts; vendor@ works as a confirmed vendor', async () => {
    const cookies: Record<string, string> = {}
    for (const [i, user] of DEMO_USERS.entries()) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/v1/auth/login',
        payload: { email: user.email, password: DEMO_PASSWORD },
        remoteAddress: `10.77.0.${i + 1}`,
      })
      expect(res.statusCode).toBe(200)
      cookies[user.key] = sessionCookieFrom(res.headers)!
    }
    const whoami = async (key: string) =>
      (await app.inject({ url: '/api/v1/users/whoami', headers: { cookie: cookies[key]! } })).json().data

    const vendor = await whoami('vendor')
    expect(vendor.organizations).toEqual([
      expect.objectContaining({
        name: 'ООО «АэроТех Системы»',
        isSelected: true,
        memberRole: 'owner',
        roles: [{ type: 'vendor', confirmed: true, status: 'confirmed' }],
      }),
    ])
    const buyer = await whoami('buyer')
    expect(buyer.organizations[0]).toMatchObject({
      name: 'ООО «Агрохолдинг Заря»',
      isSelected: true,
      roles: [{ type: 'buyer', confirmed: true }],
    })
    expect((await whoami('staff')).isStaff).toBe(true)
  })

  it('leaves a trail: requested and submitted by the owner, confirmed by staff', async () => {
    const [staff] = await database.db.select().from(users).where(eq(users.email, 'staff@example.com'))
    const [vendor] = await database.db.select().from(users).where(eq(users.email, 'vendor@example.com'))
    const [org] = await database.db.select().from(organizations).where(eq(organizations.inn, '7715482034'))
    const [role] = await database.db
      .select()
      .from(organizationRoles)
      .where(eq(organizationRoles.organizationId, org!.id))
    const events = await database.db
      .select()
      .from(organizationRoleEvents)
      .where(eq(organizationRoleEvents.roleId, role!.id))
      .orderBy(asc(organizationRoleEvents.createdAt))
    expect(events.map((e) => [e.fromStatus, e.toStatus, e.byUserId])).toEqual([
      [null, 'new', vendor!.id],
      ['new', 'moderation', vendor!.id],
      ['moderation', 'confirmed', staff!.id],
    ])
  })
})
