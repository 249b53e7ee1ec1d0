import { boolean, index, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core'

export const users = pgTable('users', {
  id: uuid('id').primaryKey().defaultRandom(),
  /** Stored lowercased; unique. */
  email: text('email').notNull().unique(),
  passwordHash: text('password_hash').notNull(),
  name: text('name').notNull(),
  phone: text('phone'),
  isStaff: boolean('is_staff').notNull().default(false),
  /** The organization the user works as; null until they have one. */
  selectedOrganizationId: uuid('selected_organization_id'),
  consentAt: timestamp('consent_at', { withTimezone: true }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  passwordChangedAt: timestamp('password_changed_at', { withTimezone: true }).notNull().defaultNow(),
  /**
   * When the user last proved they read mail at `email` (a registration, change or confirmation
   * link). Null for accounts made before addresses were confirmed: they confirm from the profile.
   */
  emailConfirmedAt: timestamp('email_confirmed_at', { withTimezone: true }),
})

/** Server-side sessions. The cookie holds a random token; only its SHA-256 is stored. */
export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    userAgent: text('user_agent').notNull().default(''),
    ip: text('ip').notNull().default(''),
  },
  (t) => [index('sessions_user_id_idx').on(t.userId)],
)

/** One-time password reset links; the e-mail carries the token, the table its hash. */
export const passwordResets = pgTable('password_resets', {
  tokenHash: text('token_hash').primaryKey(),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
})

export const EMAIL_LINK_PURPOSES = ['register', 'change', 'confirm'] as const
export type EmailLinkPurpose = (typeof EMAIL_LINK_PURPOSES)[number]

/**
 * One-time links that prove a mailbox: a registration (the account is created only when its link
 * is opened), a change of address (applied only when the link sent to the new address is opened;
 * the old address gets a link that cancels or undoes it), or a confirmation of the current address.
 */
export const emailLinks = pgTable(
  'email_links',
  {
    tokenHash: text('token_hash').primaryKey(),
    purpose: text('purpose', { enum: EMAIL_LINK_PURPOSES }).notNull(),
    /** The address the link was sent to and proves, lowercased. */
    email: text('email').notNull(),
    /** The account for 'change' and 'confirm'; registrations have none until the link is opened. */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    /** 'change': the address the account had when the change was asked for. */
    previousEmail: text('previous_email'),
    /** 'change': the hash of the token in the notice to the old address, which cancels or undoes it. */
    cancelTokenHash: text('cancel_token_hash').unique(),
    /** 'register': what the form held; the password only as its hash. */
    name: text('name'),
    phone: text('phone'),
    passwordHash: text('password_hash'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
  },
  (t) => [index('email_links_user_id_idx').on(t.userId), index('email_links_email_idx').on(t.email)],
)

/**
 * Browsers that have signed in to an account. The cookie holds a random token (one per browser,
 * shared by the accounts signed in from it); only its SHA-256 is stored. A sign-in from a known
 * device is spared the slowdown that failures from elsewhere put on the account.
 */
export const knownDevices = pgTable(
  'known_devices',
  {
    tokenHash: text('token_hash').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSignInAt: timestamp('last_sign_in_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.tokenHash, t.userId] }), index('known_devices_user_id_idx').on(t.userId)],
)
