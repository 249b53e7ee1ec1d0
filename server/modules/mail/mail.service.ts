import { count, desc, eq } from 'drizzle-orm'
import { createTransport, type Transporter } from 'nodemailer'
import { OutboxListQuery, type Page, STAFF_PAGE_SIZE } from '#common/staff.ts'
import { type Ctx, requireStaff } from '../../context.ts'
import type { Db } from '../../db/client.ts'
import { parse } from '../../parse.ts'
import { emailOutbox } from './mail.table.ts'

export interface OutgoingEmail {
  to: string
  subject: string
  text: string
  kind: string
}

export type OutboxItem = typeof emailOutbox.$inferSelect

export interface MailService {
  /** Stores the message in the outbox and, with SMTP configured, sends it. Never throws on SMTP errors. */
  send(db: Db, email: OutgoingEmail): Promise<{ id: string }>
  /** Staff: the outbox, newest first, 50 a page; one-time links in the texts are masked. */
  listOutbox(ctx: Ctx, query: unknown): Promise<Page<OutboxItem>>
  close(): Promise<void>
}

/**
 * Secrets in links (password reset and the like) are for the addressee only: staff who read the
 * outbox see that a link was sent, not the link itself.
 */
export function maskSecrets(text: string): string {
  return text.replace(/([?&](?:[a-z]*token|code|key)=)[^\s&]+/gi, '$1••••••')
}

export function createMailService(opts: {
  smtpUrl?: string
  from: string
  log: (msg: string, err?: unknown) => void
}): MailService {
  const transport: Transporter | undefined = opts.smtpUrl ? createTransport(opts.smtpUrl) : undefined
  return {
    async send(db, email) {
      const [row] = await db.insert(emailOutbox).values(email).returning({ id: emailOutbox.id })
      if (transport) {
        try {
          await transport.sendMail({ from: opts.from, to: email.to, subject: email.subject, text: email.text })
          await db.update(emailOutbox).set({ sentAt: new Date() }).where(eq(emailOutbox.id, row!.id))
        } catch (err) {
          // Kept in the outbox with the error, for staff to see and for a resend.
          opts.log('smtp send failed', err)
          await db
            .update(emailOutbox)
            .set({ error: String(err).slice(0, 500) })
            .where(eq(emailOutbox.id, row!.id))
        }
      }
      return row!
    },
    async listOutbox(ctx, query) {
      requireStaff(ctx)
      const { page } = parse(OutboxListQuery, query)
      const [items, [total]] = await Promise.all([
        ctx.db
          .select()
          .from(emailOutbox)
          .orderBy(desc(emailOutbox.createdAt), desc(emailOutbox.id))
          .limit(STAFF_PAGE_SIZE)
          .offset((page - 1) * STAFF_PAGE_SIZE),
        ctx.db.select({ n: count() }).from(emailOutbox),
      ])
      return {
        items: items.map((m) => ({ ...m, text: maskSecrets(m.text) })),
        page,
        pageSize: STAFF_PAGE_SIZE,
        total: total?.n ?? 0,
      }
    },
    async close() {
      transport?.close()
    },
  }
}
