import { randomInt } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { Email } from '#common/auth.ts'
import type { Db } from '../../db/client.ts'
import { users } from './identity.table.ts'
import { hashPassword } from './passwords.ts'

const PASSWORD_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789'

/** 20 characters from an alphabet without look-alikes (0/O, 1/l/I): about 116 bits. */
export function generatePassword(length = 20): string {
  return Array.from({ length }, () => PASSWORD_ALPHABET[randomInt(PASSWORD_ALPHABET.length)]).join('')
}

export type StaffGrant =
  | { outcome: 'created'; userId: string; email: string; password: string }
  | { outcome: 'promoted' | 'already_staff'; userId: string; email: string }

/**
 * Makes the account with this e-mail platform staff, creating it with a random password when
 * there is none. For the operator's command line (`npm run staff:create`), not for any request.
 */
export async function grantStaff(db: Db, rawEmail: string): Promise<StaffGrant> {
  const parsed = Email.safeParse(rawEmail)
  if (!parsed.success) throw new Error(`Not an e-mail address: ${rawEmail}`)
  const email = parsed.data
  const [existing] = await db.select({ id: users.id, isStaff: users.isStaff }).from(users).where(eq(users.email, email))
  if (existing?.isStaff) return { outcome: 'already_staff', userId: existing.id, email }
  if (existing) {
    await db.update(users).set({ isStaff: true }).where(eq(users.id, existing.id))
    return { outcome: 'promoted', userId: existing.id, email }
  }
  const password = generatePassword()
  const [created] = await db
    .insert(users)
    .values({
      email,
      passwordHash: await hashPassword(password),
      name: 'Сотрудник платформы',
      isStaff: true,
      consentAt: new Date(),
      // The operator who runs the command vouches for the address.
      emailConfirmedAt: new Date(),
    })
    .returning({ id: users.id })
  return { outcome: 'created', userId: created!.id, email, password }
}
