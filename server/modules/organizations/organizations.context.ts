import { and, asc, eq, inArray, sql } from 'drizzle-orm'
import type { WhoamiOrganization } from '#common/organizations.ts'
import type { CtxOrganization } from '../../context.ts'
import type { Db } from '../../db/client.ts'
import { preparedOnce } from '../../db/prepared.ts'
import { groupCommit } from '../../group-commit.ts'
import { organizationMembers, organizationRoles, organizations } from './organizations.table.ts'

/**
 * The selected organization of a signed-in user, with their membership role and the
 * organization's roles, in one query. Null when nothing is selected or the membership is gone.
 */
export async function loadSelectedOrganization(
  db: Db,
  userId: string,
  organizationId: string | null,
): Promise<CtxOrganization | null> {
  if (!organizationId) return null
  const rows = await db
    .select({ memberRole: organizationMembers.role, type: organizationRoles.type, status: organizationRoles.status })
    .from(organizationMembers)
    .leftJoin(organizationRoles, eq(organizationRoles.organizationId, organizationMembers.organizationId))
    .where(and(eq(organizationMembers.organizationId, organizationId), eq(organizationMembers.userId, userId)))
  const first = rows[0]
  if (!first) return null
  return {
    id: organizationId,
    memberRole: first.memberRole,
    roles: rows.flatMap((r) => (r.type && r.status ? [{ type: r.type, status: r.status }] : [])),
  }
}

/** A read-only request's memberships of the user (`readOnce`): read with its context, kept for whoami. */
export const MEMBERSHIPS = Symbol('memberships')

const MEMBERSHIP_COLUMNS = {
  userId: organizationMembers.userId,
  id: organizations.id,
  name: organizations.shortName,
  inn: organizations.inn,
  memberRole: organizationMembers.role,
  createdAt: organizationMembers.createdAt,
  type: organizationRoles.type,
  status: organizationRoles.status,
}

const membershipsFrom = (db: Db) =>
  db
    .select(MEMBERSHIP_COLUMNS)
    .from(organizationMembers)
    .innerJoin(organizations, eq(organizations.id, organizationMembers.organizationId))
    .leftJoin(organizationRoles, eq(organizationRoles.organizationId, organizations.id))

/** Every signed-in page's memberships (the context reads them, whoami shows them): prepared once. */
const membershipsOf = preparedOnce((db) =>
  membershipsFrom(db)
    .where(eq(organizationMembers.userId, sql.placeholder('userId')))
    .orderBy(asc(organizationMembers.createdAt), asc(organizationRoles.type))
    .prepare('user_memberships'),
)

type MembershipRow = Awaited<ReturnType<ReturnType<typeof membershipsOf>['execute']>>[number]

/** The memberships of requests that arrive while a read is in flight are read together (`groupCommit`). */
const readMemberships = groupCommit(async (db: Db, userIds: string[]) => {
  if (userIds.length === 1)
    return [{ ok: true as const, value: await membershipsOf(db).execute({ userId: userIds[0]! }) }]
  const rows = await membershipsFrom(db)
    .where(inArray(organizationMembers.userId, [...new Set(userIds)]))
    .orderBy(asc(organizationMembers.createdAt), asc(organizationRoles.type))
  const byUser = new Map<string, MembershipRow[]>()
  for (const row of rows) byUser.set(row.userId, [...(byUser.get(row.userId) ?? []), row])
  return userIds.map((userId) => ({ ok: true as const, value: byUser.get(userId) ?? [] }))
})

/** Every organization the user belongs to, with its roles: the `organizations` of whoami. */
export async function listUserOrganizations(
  db: Db,
  userId: string,
  selectedId: string | null,
): Promise<WhoamiOrganization[]> {
  const rows = await readMemberships(db, userId)
  const byId = new Map<string, WhoamiOrganization>()
  for (const row of rows) {
    const org = byId.get(row.id) ?? {
      id: row.id,
      name: row.name,
      inn: row.inn,
      isSelected: row.id === selectedId,
      memberRole: row.memberRole,
      roles: [],
    }
    if (row.type && row.status)
      org.roles.push({ type: row.type, status: row.status, confirmed: row.status === 'confirmed' })
    byId.set(row.id, org)
  }
  return [...byId.values()]
}

/** Whether the user is a member of the organization: how other modules ask (files, for one). */
export async function isOrganizationMember(db: Db, userId: string, organizationId: string): Promise<boolean> {
  const [row] = await db
    .select({ userId: organizationMembers.userId })
    .from(organizationMembers)
    .where(and(eq(organizationMembers.organizationId, organizationId), eq(organizationMembers.userId, userId)))
    .limit(1)
  return row !== undefined
}
