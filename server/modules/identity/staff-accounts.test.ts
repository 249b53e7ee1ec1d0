import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '../../db/client.ts'
import { createTestUser } from '../../testing/auth.ts'
import { BACKENDS, openTestDatabase } from '../../testing/database.ts'
import { users } from './identity.table.ts'
import { verifyPassword } from './passwords.ts'
import { generatePassword, grantStaff } from './staff-accounts.ts'

describe.each(BACKENDS)('staff accounts on %s', (backend) => {
  let database: Database
  beforeAll(async () => {
    database = await openTestDatabase(backend)
  })
  afterAll(() => database.close())

  it('creates a staff user with a random 20-character password', async () => {
    const grant = await grantStaff(database.db, '  New.Staff@Example.TEST ')
    expect(grant.outcome).toBe('created')
    if (grant.outcome !== 'created') return
    expect(grant.email).toBe('new.staff@example.test')
    expect(grant.password).toMatch(/^[A-Za-z2-9]{20}$/)
    const [row] = await database.db.select().from(users).where(eq(users.id, grant.userId))
    expect(row!.isStaff).toBe(true)
    expect(await verifyPassword(grant.password, row!.passwordHash)).toBe(true)
    expect((await grantStaff(database.db, 'new.staff@example.test')).outcome).toBe('already_staff')
  })

  it('promotes an existing user and keeps their password', async () => {
    const user = await createTestUser(database.db)
    const [before] = await database.db.select().from(users).where(eq(users.id, user.id))
    expect(await grantStaff(database.db, user.email)).toEqual({
      outcome: 'promoted',
      userId: user.id,
      email: user.email,
    })
    const [after] = await database.db.select().from(users).where(eq(users.id, user.id))
    expect(after).toEqual({ ...before, isStaff: true })
  })

  it('refuses something that is not an e-mail', async () => {
    await expect(grantStaff(database.db, 'not-an-email')).rejects.toThrow(/Not an e-mail/)
    expect(new Set(Array.from({ length: 50 }, () => generatePassword())).size).toBe(50)
  })
})
