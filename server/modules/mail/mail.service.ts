import { eq } from 'drizzle-orm'
import { createTransport, type Transporter } from 'nodemailer'
import type { Db } from '../../db/client.ts'
import { emailOutbox } from './mail.table.ts'

export interface OutgoingEmail {
  to: string
  subject: string
  text: string
  kind: string
}

export interface MailService {
  /** Stores the message in the outbox and, with SMTP configured, sends it. Never throws on SMTP errors. */
  send(db: Db, email: OutgoingEmail): Promise<{ id: string }>
  close(): Promise<void>
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
    async close() {
      transport?.close()
    },
  }
}
