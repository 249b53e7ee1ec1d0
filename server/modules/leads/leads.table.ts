import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'

/** Applications sent from the platform pages' forms; staff work through them. */
export const leads = pgTable(
  'leads',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    submissionId: uuid('submission_id').notNull().unique(),
    sourcePath: text('source_path').notNull(),
    name: text('name').notNull(),
    organization: text('organization').notNull().default(''),
    phone: text('phone').notNull(),
    email: text('email').notNull(),
    message: text('message').notNull(),
    consentAt: timestamp('consent_at', { withTimezone: true }).notNull(),
    status: text('status', { enum: ['new', 'in_progress', 'done'] })
      .notNull()
      .default('new'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('leads_created_at_idx').on(t.createdAt), index('leads_source_path_idx').on(t.sourcePath)],
)
