import { inArray } from 'drizzle-orm'
import type { OrderParty } from '#common/orders.ts'
import { isUuid } from '#common/validators.ts'
import type { Db } from '../../db/client.ts'
import { organizations } from './organizations.table.ts'

/**
 * Organizations as parties to a deal: the legal requisites an order copies at checkout and its
 * documents print. Handed to the orders module at construction, like the member directory, so
 * it never reads these tables itself.
 */
export interface PartyDirectory {
  describeParties(db: Db, organizationIds: string[]): Promise<Map<string, OrderParty>>
}

export const partyDirectory: PartyDirectory = {
  async describeParties(db, organizationIds) {
    const ids = [...new Set(organizationIds.filter(isUuid))]
    if (!ids.length) return new Map()
    const rows = await db
      .select({
        id: organizations.id,
        name: organizations.shortName,
        fullName: organizations.fullName,
        slug: organizations.slug,
        inn: organizations.inn,
        kpp: organizations.kpp,
        address: organizations.legalAddress,
        ogrn: organizations.ogrn,
      })
      .from(organizations)
      .where(inArray(organizations.id, ids))
    return new Map(rows.map((r) => [r.id, r]))
  },
}
