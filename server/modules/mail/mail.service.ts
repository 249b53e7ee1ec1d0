import { mkdir, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { and, desc, eq, inArray, isNull } from 'drizzle-orm'
import { createTransport, type Transporter } from 'nodemailer'
import { OutboxListQuery, type Page, STAFF_PAGE_SIZE } from '#common/staff.ts'
import { type Ctx, requireStaff } from '../../context.ts'
import type { Db } from '../../db/client.ts'
import type { JobsService } from '../../jobs/jobs.service.ts'
import { countRows, pageQuery } from '../../db/pages.ts'
import { parse } from '../../parse.ts'
import { emailAttachments, emailOutbox } from './mail.table.ts'
import { maskSecrets } from './mask-secrets.ts'

/** A file sent with a message: its name as the reader sees it, its type and its bytes as base64. */
export interface MailAttachment {
  filename: string
  contentType: string
  contentBase64: string
}

export interface OutgoingEmail {
  to: string
  subject: string
  text: string
  kind: string
  attachments?: MailAttachment[]
}

export type OutboxItem = typeof emailOutbox.$inferSelect

/** Delivers messages of the outbox over SMTP, after the transaction that stored them committed. */
export const DELIVER_JOB = 'mail.deliver'

export interface MailService {
  /**
   * Stores the messages in the outbox (one statement however many) and, with SMTP configured,
   * queues their delivery in the same transaction (`db` may be one): nothing is sent for writes
   * that roll back, and no SMTP round trip holds the caller's transaction open.
   */
  send(db: Db, ...emails: OutgoingEmail[]): Promise<{ id: string }[]>
  /** Staff: the outbox, newest first, 50 a page; one-time links in the texts are masked. */
  listOutbox(ctx: Ctx, query: unknown): Promise<Page<OutboxItem>>
  close(): Promise<void>
}

export function createMailService(opts: {
  smtpUrl?: string
  /** A transport of nodemailer's instead of SMTP_URL's (tests). */
  transport?: Transporter
  /** Without SMTP, each message is also written here as a file, for whoever runs the server. */
  mailDir?: string
  from: string
  log: (msg: string, err?: unknown) => void
  jobs: Pick<JobsService, 'register' | 'enqueue'>
}): MailService {
  const transport: Transporter | undefined =
    opts.transport ?? (opts.smtpUrl ? createTransport(opts.smtpUrl) : undefined)

  // Each message not sent yet, one after another. A failure is written on its message (staff see
  // it in the outbox) and fails the job after the rest were tried: the queue runs it again later,
  // and what went out is not sent twice.
  opts.jobs.register(DELIVER_JOB, async ({ job, db }) => {
    const { ids } = job.payload as { ids: string[] }
    if (!transport || !ids.length) return { sent: 0 }
    const due = await db
      .select()
      .from(emailOutbox)
      .where(and(inArray(emailOutbox.id, ids), isNull(emailOutbox.sentAt)))
    const files = due.length
      ? await db
          .select()
          .from(emailAttachments)
          .where(
            inArray(
              emailAttachments.emailId,
              due.map((email) => email.id),
            ),
          )
          .orderBy(emailAttachments.position)
      : []
    let failure: unknown
    for (const email of due) {
      try {
        const attachments = files
          .filter((file) => file.emailId === email.id)
          .map((file) => ({
            filename: file.filename,
            contentType: file.contentType,
            content: Buffer.from(file.contentBase64, 'base64'),
          }))
        await transport.sendMail({
          from: opts.from,
          to: email.to,
          subject: email.subject,
          text: email.text,
          attachments,
        })
        await db.update(emailOutbox).set({ sentAt: new Date(), error: null }).where(eq(emailOutbox.id, email.id))
      } catch (err) {
        opts.log('smtp send failed', err)
        failure ??= err
        await db
          .update(emailOutbox)
          .set({ error: String(err).slice(0, 500) })
          .where(eq(emailOutbox.id, email.id))
      }
    }
    if (failure) throw failure
    return { sent: due.length }
  })

  return {
    async send(db, ...emails) {
      if (!emails.length) return []
      const rows = await db
        .insert(emailOutbox)
        .values(emails.map(({ attachments: _, ...email }) => email))
        .returning({ id: emailOutbox.id, createdAt: emailOutbox.createdAt })
      const files = rows.flatMap((row, i) =>
        (emails[i]!.attachments ?? []).map((file, position) => ({ emailId: row.id, position, ...file })),
      )
      if (files.length) await db.insert(emailAttachments).values(files)
      if (opts.mailDir)
        for (const [i, row] of rows.entries()) await writeMailFile(opts.mailDir, row, emails[i]!, opts.from)
      if (transport) await opts.jobs.enqueue(db, DELIVER_JOB, { ids: rows.map((row) => row.id) }, { maxAttempts: 8 })
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
  const headers = [
    `From: ${from}`,
    `To: ${email.to}`,
    `Subject: ${email.subject}`,
    `X-Kind: ${email.kind}`,
    ...(email.attachments ?? []).map((file) => `X-Attachment: ${file.filename} (${file.contentType})`),
  ]
  await writeFile(join(dir, `${stamp}-${row.id}.txt`), `${headers.join('\n')}\n\n${email.text}\n`)
}
