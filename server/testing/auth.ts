import { randomUUID } from 'node:crypto'
import type { Db } from '../db/client.ts'
import { users } from '../modules/identity/identity.table.ts'
import { hashPassword } from '../modules/identity/passwords.ts'
import { createSession } from '../modules/identity/sessions.ts'

export const TEST_PASSWORD = 'correct-horse-battery'
let cachedHash: Promise<string> | undefined

/** A user and a live session made directly in the database; `cookie` goes into app.inject. */
export async function createTestUser(
  db: Db,
  opts: { email?: string; name?: string; isStaff?: boolean; emailConfirmed?: boolean } = {},
): Promise<{ id: string; email: string; cookie: string; token: string }> {
  cachedHash ??= hashPassword(TEST_PASSWORD)
  const email = opts.email ?? `user-${randomUUID().slice(0, 8)}@example.test`
  const [user] = await db
    .insert(users)
    .values({
      email,
      passwordHash: await cachedHash,
      name: opts.name ?? 'Тестовый Пользователь',
      isStaff: opts.isStaff ?? false,
      consentAt: new Date(),
      emailConfirmedAt: opts.emailConfirmed === false ? null : new Date(),
    })
    .returning({ id: users.id })
  const session = await createSession(
    db,
    user!.id,
    { ip: '127.0.0.1', userAgent: 'test' },
    { idleMs: 3_600_000, absoluteMs: 3_600_000 },
  )
  return { id: user!.id, email, cookie: `sid=${session.token}`, token: session.token }
}

/** The `sid` cookie value a response set, if any. */
export function sessionCookieFrom(headers: Record<string, unknown>): string | undefined {
  const raw = headers['set-cookie']
  const list = Array.isArray(raw) ? raw : raw ? [String(raw)] : []
  const match = list.map(String).find((c) => c.startsWith('sid='))
  return match?.split(';')[0]
}
