// Every module's tables, so that Drizzle and drizzle-kit see one schema.
export * from '../modules/system/system.table.ts'
export * from '../modules/leads/leads.table.ts'
