import { and, eq } from 'drizzle-orm'
import type { MemberRole } from '#common/organizations.ts'
import { ORGANIZATION_MESSAGES } from '#common/organizations.schemas.ts'
import { type Ctx, requireUser } from '../../context.ts'
import { AppError } from '../../errors.ts'
import { parseId } from '../../parse.ts'
import type { IdentityService } from '../identity/index.ts'
import type { Audience, Events, Recipient } from '../notifications/index.ts'
import type { RateLimiter } from '../rate-limit/index.ts'
import type { CompanyRegistry } from './company-registry/company-registry.ts'
import { memberDirectory } from './member-directory.ts'
import { organizationMembers, organizations } from './organizations.table.ts'

import type { FileMeta as FileInfo } from '#common/files.ts'

export type { FileInfo }

/**
 * The part of the files service this module uses: `describe` throws not_found when the file is
 * not accessible; `describeMany` returns only the accessible ones, in a fixed number of queries.
 */
export interface FilesPort {
  describe(ctx: Ctx, fileId: string): Promise<FileInfo>
  describeMany(ctx: Ctx, fileIds: string[]): Promise<FileInfo[]>
}

export interface OrganizationsDeps {
  identity: IdentityService
  events: Events
  limiter: RateLimiter
  files: FilesPort
  /** The company-data provider (DaData), or null when none is configured. */
  registry: CompanyRegistry | null
}

export { parse } from '../../parse.ts'

/** Ids in URLs are UUIDs; anything else cannot exist, and must not reach PostgreSQL as a uuid. */
export function requireId(id: string, message: string = ORGANIZATION_MESSAGES.notFound): string {
  return parseId(id, message)
}

/**
 * The caller's role in the organization. Someone outside gets not_found, exactly as for an
 * organization that does not exist, so ids cannot be probed.
 */
export async function requireMember(ctx: Ctx, organizationId: string): Promise<MemberRole> {
  const me = requireUser(ctx)
  const [row] = await ctx.db
    .select({ role: organizationMembers.role })
    .from(organizationMembers)
    .where(
      and(eq(organizationMembers.organizationId, requireId(organizationId)), eq(organizationMembers.userId, me.id)),
    )
  if (!row) throw new AppError('not_found', ORGANIZATION_MESSAGES.notFound)
  return row.role
}

/** Someone's membership, for rules about other members; undefined when they are not one. */
export async function findMembership(ctx: Ctx, organizationId: string, userId: string) {
  const [row] = await ctx.db
    .select({ role: organizationMembers.role })
    .from(organizationMembers)
    .where(and(eq(organizationMembers.organizationId, organizationId), eq(organizationMembers.userId, userId)))
  return row
}

/** Owners and administrators manage members, details and role requests. */
export async function requireManager(ctx: Ctx, organizationId: string): Promise<MemberRole> {
  const role = await requireMember(ctx, organizationId)
  if (role === 'member') throw new AppError('forbidden', ORGANIZATION_MESSAGES.managersOnly)
  return role
}

/**
 * Takes the organization's row lock inside a transaction, so that two membership changes (say,
 * two owners removing each other) run one after the other and the last owner always stays.
 */
export async function lockOrganization(ctx: Ctx, organizationId: string): Promise<void> {
  await ctx.db
    .select({ id: organizations.id })
    .from(organizations)
    .where(eq(organizations.id, organizationId))
    .for('update')
}

/**
 * The members of each audience (those holding one of its roles, when it names roles) with their
 * names and addresses, once per person and organization: whom the notifications module writes to.
 */
export async function peopleOf(ctx: Ctx, deps: OrganizationsDeps, audiences: Audience[]): Promise<Recipient[]> {
  const members = await memberDirectory.membersOf(
    ctx.db,
    audiences.map((a) => a.organizationId),
  )
  const told = members.filter((m) =>
    audiences.some((a) => a.organizationId === m.organizationId && (!a.roles || a.roles.includes(m.role))),
  )
  const people = new Map(
    (await deps.identity.describeUsers(ctx, [...new Set(told.map((m) => m.userId))])).map((p) => [p.id, p]),
  )
  return told.flatMap((m) => {
    const person = people.get(m.userId)
    return person ? [{ ...person, organizationId: m.organizationId, role: m.role }] : []
  })
}
