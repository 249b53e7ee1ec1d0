import { inArray } from 'drizzle-orm'
import { isUuid } from '#common/validators.ts'
import type { MemberRole } from '#common/organizations.ts'
import type { Db } from '../../db/client.ts'
import { organizationMembers, organizations } from './organizations.table.ts'

/**
 * Who belongs to which organization, read for modules whose objects belong to organizations
 * rather than to people (a chat room is seen by every member of its two organizations). Like the
 * vendor directory, these are reads handed to the other module at construction, so it never
 * touches these tables itself.
 */
export interface MemberDirectory {
  /** The organizations the user is a member of. */
  organizationIdsOf(db: Db, userId: string): Promise<string[]>
  /** The organizations of each of these users, in one statement (a user of none is left out). */
  organizationIdsOfUsers(db: Db, userIds: string[]): Promise<Map<string, string[]>>
  /** The members of these organizations, one row per membership. */
  membersOf(db: Db, organizationIds: string[]): Promise<{ userId: string; organizationId: string; role: MemberRole }[]>
  /** Names and public slugs by id; unknown ids are left out. */
  describe(db: Db, organizationIds: string[]): Promise<Map<string, { id: string; name: string; slug: string }>>
}

export const memberDirectory: MemberDirectory = {
  async organizationIdsOf(db, userId) {
    return (await memberDirectory.organizationIdsOfUsers(db, [userId])).get(userId) ?? []
  },

  async organizationIdsOfUsers(db, userIds) {
    const ids = [...new Set(userIds.filter(isUuid))]
    const out = new Map<string, string[]>()
    if (!ids.length) return out
    const rows = await db
      .select({ userId: organizationMembers.userId, id: organizationMembers.organizationId })
      .from(organizationMembers)
      .where(inArray(organizationMembers.userId, ids))
    for (const row of rows) out.set(row.userId, [...(out.get(row.userId) ?? []), row.id])
    return out
  },

  async membersOf(db, organizationIds) {
    const ids = [...new Set(organizationIds.filter(isUuid))]
    if (!ids.length) return []
    return db
      .select({
        userId: organizationMembers.userId,
        organizationId: organizationMembers.organizationId,
        role: organizationMembers.role,
      })
      .from(organizationMembers)
      .where(inArray(organizationMembers.organizationId, ids))
  },

  async describe(db, organizationIds) {
    const ids = [...new Set(organizationIds.filter(isUuid))]
    if (!ids.length) return new Map()
    const rows = await db
      .select({ id: organizations.id, name: organizations.shortName, slug: organizations.slug })
      .from(organizations)
      .where(inArray(organizations.id, ids))
    return new Map(rows.map((r) => [r.id, r]))
  },
}
