import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'

/**
 * Every e-mail the platform sends is written here first. With SMTP_URL it is then sent and
 * marked; without it staff read the outbox, so nothing is lost either way.
 */
export const emailOutbox = pgTable(
  'email_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    /** What the message is about, e.g. 'password_reset', for staff filtering. */
    kind: text('kind').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    error: text('error'),
  },
  (t) => [index('email_outbox_created_at_idx').on(t.createdAt)],
)

/**
 * Files sent with a message (a shipment's УПД for the buyer's accountant), apart from the outbox
 * so that its list stays light: the content as base64, read only when the message goes out.
 */
export const emailAttachments = pgTable(
  'email_attachments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    emailId: uuid('email_id')
      .notNull()
      .references(() => emailOutbox.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    filename: text('filename').notNull(),
    contentType: text('content_type').notNull(),
    contentBase64: text('content_base64').notNull(),
  },
  (t) => [index('email_attachments_email_idx').on(t.emailId)],
)
