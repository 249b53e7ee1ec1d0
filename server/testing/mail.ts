import { desc, eq } from 'drizzle-orm'
import type { Db } from '../db/client.ts'
import { emailOutbox } from '../modules/mail/mail.table.ts'

/** The newest message the platform wrote to an address (the outbox keeps the addressee's copy). */
export async function lastMailTo(db: Db, to: string) {
  const [mail] = await db
    .select()
    .from(emailOutbox)
    .where(eq(emailOutbox.to, to))
    .orderBy(desc(emailOutbox.createdAt))
    .limit(1)
  if (!mail) throw new Error(`no mail to ${to}`)
  return mail
}

/** The token a link in the text carries in the query parameter, e.g. `confirmEmail`. */
export function linkToken(text: string, param: string): string | undefined {
  return new RegExp(`[?&]${param}=([\\w-]+)`).exec(text)?.[1]
}
