import { mkdir, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { desc, eq } from 'drizzle-orm'
import { createTransport, type Transporter } from 'nodemailer'
import { OutboxListQuery, type Page, STAFF_PAGE_SIZE } from '#common/staff.ts'
import { type Ctx, requireStaff } from '../../context.ts'
import type { Db } from '../../db/client.ts'
import { countRows, pageQuery } from '../../db/pages.ts'
import { parse } from '../../parse.ts'
import { emailOutbox } from './mail.table.ts'
import { maskSecrets } from './mask-secrets.ts'

export interface OutgoingEmail {
  to: string
  subject: string
  text: string
  kind: string
}

export type OutboxItem = typeof emailOutbox.$inferSelect

export interface MailService {
  /**
   * Stores the messages in the outbox (one statement however many) and, with SMTP configured,
   * sends each. Never throws on SMTP errors.
   */
  send(db: Db, ...emails: OutgoingEmail[]): Promise<{ id: string }[]>
  /** Staff: the outbox, newest first, 50 a page; one-time links in the texts are masked. */
  listOutbox(ctx: Ctx, query: unknown): Promise<Page<OutboxItem>>
  close(): Promise<void>
}

export function createMailService(opts: {
  smtpUrl?: string
  /** Without SMTP, each message is also written here as a file, for whoever runs the server. */
  mailDir?: string
  from: string
  log: (msg: string, err?: unknown) => void
}): MailService {
  const transport: Transporter | undefined = opts.smtpUrl ? createTransport(opts.smtpUrl) : undefined
  return {
    async send(db, ...emails) {
      if (!emails.length) return []
      const rows = await db
        .insert(emailOutbox)
        .values(emails)
        .returning({ id: emailOutbox.id, createdAt: emailOutbox.createdAt })
      for (const [i, row] of rows.entries()) {
        const email = emails[i]!
        if (opts.mailDir) await writeMailFile(opts.mailDir, row, email, opts.from)
        if (!transport) continue
        try {
          await transport.sendMail({ from: opts.from, to: email.to, subject: email.subject, text: email.text })
          await db.update(emailOutbox).set({ sentAt: new Date() }).where(eq(emailOutbox.id, row.id))
        } catch (err) {
          // Kept in the outbox with the error, for staff to see and for a resend.
          opts.log('smtp send failed', err)
          await db
            .update(emailOutbox)
            .set({ error: String(err).slice(0, 500) })
            .where(eq(emailOutbox.id, row.id))
        }
      }
      return rows.map(({ id }) => ({ id }))
    },
    async listOutbox(ctx, query) {
      requireStaff(ctx)
      const { page } = parse(OutboxListQuery, query)
      const { rows, ...counted } = await pageQuery(
        ctx.db.select().from(emailOutbox).orderBy(desc(emailOutbox.createdAt), desc(emailOutbox.id)).$dynamic(),
        { page, pageSize: STAFF_PAGE_SIZE },
        countRows(ctx.db, emailOutbox),
      )
      return { items: rows.map((m) => ({ ...m, text: maskSecrets(m.text) })), ...counted }
    },
    async close() {
      transport?.close()
    },
  }
}

/**
 * The message as a file named by time and id (`var/mail` with the embedded database): the person
 * who runs a demo or a test opens links from it, since the outbox masks them and nothing is sent.
 */
async function writeMailFile(dir: string, row: { id: string; createdAt: Date }, email: OutgoingEmail, from: string) {
  await mkdir(dir, { recursive: true })
  const stamp = row.createdAt.toISOString().replace(/[:.]/g, '-')
  const headers = [`From: ${from}`, `To: ${email.to}`, `Subject: ${email.subject}`, `X-Kind: ${email.kind}`]
  await writeFile(join(dir, `${stamp}-${row.id}.txt`), `${headers.join('\n')}\n\n${email.text}\n`)
}
