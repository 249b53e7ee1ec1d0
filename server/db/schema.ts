// Every module's tables, so that Drizzle and drizzle-kit see one schema.
export * from '../modules/system/system.table.ts'
export * from '../modules/leads/leads.table.ts'
export * from '../modules/identity/identity.table.ts'
export * from '../modules/mail/mail.table.ts'
export * from '../modules/audit/audit.table.ts'
export * from '../modules/files/files.table.ts'
export * from '../modules/organizations/organizations.table.ts'
export * from '../modules/catalog/catalog.table.ts'
