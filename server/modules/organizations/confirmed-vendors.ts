import { and, asc, inArray, sql } from 'drizzle-orm'
import { isUuid } from '#common/validators.ts'
import type { Db } from '../../db/client.ts'
import { organizations } from './organizations.table.ts'
import { confirmedVendor } from './vendor-directory.ts'

export interface ConfirmedVendorRef {
  id: string
  name: string
  slug: string
}

/**
 * Confirmed vendors as a customer chooses whom to invite to a request: by id (which of these are
 * confirmed vendors) and by name (the form's list). Handed to the exchange at construction, like
 * the member directory, so it never reads these tables itself.
 */
export interface ConfirmedVendors {
  /** The confirmed vendors among these ids; others are left out. One statement, none for no ids. */
  byIds(db: Db, ids: string[]): Promise<Map<string, ConfirmedVendorRef>>
  /** Every confirmed vendor by name, at most `limit`. */
  list(db: Db, limit: number): Promise<ConfirmedVendorRef[]>
}

export const confirmedVendors: ConfirmedVendors = {
  async byIds(db, ids) {
    const valid = [...new Set(ids.filter(isUuid).map((id) => id.toLowerCase()))]
    if (!valid.length) return new Map()
    const rows = await db
      .select({ id: organizations.id, name: organizations.shortName, slug: organizations.slug })
      .from(organizations)
      .where(and(inArray(organizations.id, valid), confirmedVendor))
    return new Map(rows.map((r) => [r.id, r]))
  },

  async list(db, limit) {
    return db
      .select({ id: organizations.id, name: organizations.shortName, slug: organizations.slug })
      .from(organizations)
      .where(confirmedVendor)
      .orderBy(sql`lower(${organizations.shortName})`, asc(organizations.id))
      .limit(limit)
  },
}
