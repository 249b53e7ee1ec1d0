import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { users } from '../modules/identity/identity.table.ts'
import { createTestUser } from '../testing/auth.ts'
import { BACKENDS, openTestDatabase } from '../testing/database.ts'
import type { Database } from './client.ts'
import { isUniqueViolation } from './errors.ts'

describe.each(BACKENDS)('isUniqueViolation on %s', (backend) => {
  let database: Database

  beforeAll(async () => {
    database = await openTestDatabase(backend)
  })
  afterAll(() => database.close())

  /** The error a second row with a taken address gets, as Drizzle throws it. */
  async function duplicateEmailError(): Promise<unknown> {
    const user = await createTestUser(database.db)
    try {
      await database.db
        .insert(users)
        .values({ email: user.email, passwordHash: 'x', name: 'Двойник', consentAt: new Date() })
      return undefined
    } catch (error) {
      return error
    }
  }

  it('sees the unique index through the ORM’s wrapper, and tells which index it was', async () => {
    const error = await duplicateEmailError()
    expect(error).toBeInstanceOf(Error)
    expect(isUniqueViolation(error)).toBe(true)
    expect(isUniqueViolation(error, 'users_email_unique')).toBe(true)
    expect(isUniqueViolation(error, 'users_pkey')).toBe(false)
  })

  it('is false for other failures and for things that are not errors', async () => {
    const notNull = await database.db
      .insert(users)
      .values({ email: null as unknown as string, passwordHash: 'x', name: 'x', consentAt: new Date() })
      .then(
        () => undefined,
        (error: unknown) => error,
      )
    expect(notNull).toBeInstanceOf(Error)
    expect(isUniqueViolation(notNull)).toBe(false)
    expect(isUniqueViolation(undefined)).toBe(false)
    expect(isUniqueViolation({ code: 23505 })).toBe(false)
  })
})
