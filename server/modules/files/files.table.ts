import { bigint, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'

/** Uploaded files: the bytes live in storage (disk or S3) under `storageKey`. */
export const files = pgTable(
  'files',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerUserId: uuid('owner_user_id').notNull(),
    /** The organization the file belongs to, when it is one of its documents. */
    organizationId: uuid('organization_id'),
    originalName: text('original_name').notNull(),
    mimeType: text('mime_type').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    sha256: text('sha256').notNull(),
    storageKey: text('storage_key').notNull().unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('files_owner_idx').on(t.ownerUserId), index('files_organization_idx').on(t.organizationId)],
)
