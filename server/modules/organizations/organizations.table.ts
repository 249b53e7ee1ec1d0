import { sql } from 'drizzle-orm'
import {
  check,
  index,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'
import type { DocumentSettings } from '#common/document-settings.ts'
import {
  JOIN_REQUEST_STATUSES,
  LEGAL_FORMS,
  MEMBER_ROLES,
  ROLE_TYPES,
  VERIFICATION_STATUSES,
} from '#common/organizations.ts'

// Kept importable from here for code written before the list moved to common/.
export { LEGAL_FORMS }

export const organizations = pgTable(
  'organizations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    legalForm: text('legal_form', { enum: LEGAL_FORMS }).notNull(),
    fullName: text('full_name').notNull(),
    shortName: text('short_name').notNull(),
    /** 10 digits for legal entities, 12 for individual entrepreneurs; one organization per INN. */
    inn: text('inn').notNull().unique(),
    kpp: text('kpp'),
    /** OGRN (13 digits) or OGRNIP (15). */
    ogrn: text('ogrn').notNull(),
    legalAddress: text('legal_address').notNull(),
    contactEmail: text('contact_email').notNull(),
    contactPhone: text('contact_phone').notNull(),
    website: text('website'),
    /** The public address of a vendor's page: /sellers/{slug}. */
    slug: text('slug').notNull().unique(),
    /** What the organization does, shown on its seller page. */
    description: text('description').notNull().default(''),
    /** Region of operation as shown to buyers ("Москва", "Свердловская область"). */
    region: text('region'),
    /** Logo: a path below /marketplace-frontend-assets/; null shows initials. */
    logo: text('logo'),
    /**
     * Bank requisites for invoices (common/bank-requisites.ts checks them): all four or none. Members
     * see them; the public seller page does not.
     */
    bankName: text('bank_name'),
    bik: text('bik'),
    settlementAccount: text('settlement_account'),
    correspondentAccount: text('correspondent_account'),
    /**
     * Who signs the organization's documents and how it charges VAT (common/document-settings.ts),
     * checked by DocumentSettingsInput; null until an owner or administrator sets them.
     */
    documentSettings: jsonb('document_settings').$type<DocumentSettings>(),
    createdByUserId: uuid('created_by_user_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // An invoice cannot be paid with half of them.
    check(
      'organizations_bank_requisites_complete',
      sql`num_nonnulls(${t.bankName}, ${t.bik}, ${t.settlementAccount}, ${t.correspondentAccount}) in (0, 4)`,
    ),
  ],
)

export const organizationMembers = pgTable(
  'organization_members',
  {
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').notNull(),
    role: text('role', { enum: MEMBER_ROLES }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.organizationId, t.userId] }), index('organization_members_user_idx').on(t.userId)],
)

/** A buyer or vendor role of an organization and where its verification stands. */
export const organizationRoles = pgTable(
  'organization_roles',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    type: text('type', { enum: ROLE_TYPES }).notNull(),
    status: text('status', { enum: VERIFICATION_STATUSES }).notNull().default('new'),
    /** The latest staff comment (the full trail is in organization_role_events). */
    staffComment: text('staff_comment'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('organization_roles_org_type_unique').on(t.organizationId, t.type),
    index('organization_roles_status_idx').on(t.status),
  ],
)

/** Every transition of a role's verification: who, when, from what to what, and why. */
export const organizationRoleEvents = pgTable(
  'organization_role_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    roleId: uuid('role_id')
      .notNull()
      .references(() => organizationRoles.id, { onDelete: 'cascade' }),
    fromStatus: text('from_status', { enum: VERIFICATION_STATUSES }),
    toStatus: text('to_status', { enum: VERIFICATION_STATUSES }).notNull(),
    byUserId: uuid('by_user_id').notNull(),
    comment: text('comment'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('organization_role_events_role_idx').on(t.roleId)],
)

/** Supporting documents attached to a role request. */
export const organizationRoleDocuments = pgTable(
  'organization_role_documents',
  {
    roleId: uuid('role_id')
      .notNull()
      .references(() => organizationRoles.id, { onDelete: 'cascade' }),
    fileId: uuid('file_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.roleId, t.fileId] })],
)

/** An invitation by e-mail; accepted by the invitee signed in with that e-mail. */
export const organizationInvitations = pgTable(
  'organization_invitations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    role: text('role', { enum: MEMBER_ROLES }).notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    invitedByUserId: uuid('invited_by_user_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [
    index('organization_invitations_org_idx').on(t.organizationId),
    // One live invitation per address and organization: inviting again renews it (a double click
    // cannot create two).
    uniqueIndex('organization_invitations_pending_unique')
      .on(t.organizationId, t.email)
      .where(sql`${t.acceptedAt} is null and ${t.revokedAt} is null`),
  ],
)

/** A user asking to join an organization that already exists (same INN). */
export const organizationJoinRequests = pgTable(
  'organization_join_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').notNull(),
    message: text('message').notNull().default(''),
    status: text('status', { enum: JOIN_REQUEST_STATUSES }).notNull().default('pending'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decidedByUserId: uuid('decided_by_user_id'),
  },
  (t) => [unique('organization_join_requests_unique').on(t.organizationId, t.userId)],
)

/** The columns that describe an organization, for the pages and APIs that show one. */
export const organizationDetails = {
  id: organizations.id,
  legalForm: organizations.legalForm,
  fullName: organizations.fullName,
  shortName: organizations.shortName,
  inn: organizations.inn,
  kpp: organizations.kpp,
  ogrn: organizations.ogrn,
  legalAddress: organizations.legalAddress,
  contactEmail: organizations.contactEmail,
  contactPhone: organizations.contactPhone,
  website: organizations.website,
  slug: organizations.slug,
  description: organizations.description,
  region: organizations.region,
  logo: organizations.logo,
  createdAt: organizations.createdAt,
  updatedAt: organizations.updatedAt,
}
