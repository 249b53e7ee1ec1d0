import { and, asc, count, eq } from 'drizzle-orm'
import { MemberRoleInput, ORGANIZATION_MESSAGES } from '#common/organizations.schemas.ts'
import { type Ctx, requireUser, withDb } from '../../../context.ts'
import { AppError } from '../../../errors.ts'
import { recordAudit } from '../../audit/index.ts'
import { listOpenInvitations } from '../invitations/invitations.service.ts'
import {
  findMembership,
  lockOrganization,
  type OrganizationsDeps,
  parse,
  requireId,
  requireMember,
} from '../organizations.access.ts'
import { organizationMembers } from '../organizations.table.ts'

const MEMBER_NOT_FOUND = 'Участник не найден'
const LAST_OWNER =
  'В организации должен остаться хотя бы один владелец. Сначала назначьте владельцем другого участника.'

/** Members of an organization: the list, removing someone (or leaving), changing roles. */
export function createMembersService(deps: OrganizationsDeps) {
  async function countOwners(ctx: Ctx, organizationId: string): Promise<number> {
    const [row] = await ctx.db
      .select({ n: count() })
      .from(organizationMembers)
      .where(and(eq(organizationMembers.organizationId, organizationId), eq(organizationMembers.role, 'owner')))
    return row?.n ?? 0
  }

  return {
    /** Everyone in the organization; owners and administrators also see the open invitations. */
    async listMembers(ctx: Ctx, organizationId: string) {
      const me = requireUser(ctx)
      const myRole = await requireMember(ctx, organizationId)
      const rows = await ctx.db
        .select({
          userId: organizationMembers.userId,
          role: organizationMembers.role,
          joinedAt: organizationMembers.createdAt,
        })
        .from(organizationMembers)
        .where(eq(organizationMembers.organizationId, organizationId))
        .orderBy(asc(organizationMembers.createdAt))
      const people = new Map(
        (
          await deps.identity.describeUsers(
            ctx,
            rows.map((r) => r.userId),
          )
        ).map((p) => [p.id, p]),
      )
      const members = rows.map((r) => ({
        ...r,
        name: people.get(r.userId)?.name ?? '',
        email: people.get(r.userId)?.email ?? '',
        isMe: r.userId === me.id,
      }))
      const invitations = myRole === 'member' ? [] : await listOpenInvitations(ctx, organizationId)
      return { myRole, members, invitations }
    },

    /**
     * Owners and administrators remove members, and anyone may leave; an administrator cannot
     * remove an owner, and the last owner stays.
     */
    async removeMember(ctx: Ctx, organizationId: string, userId: string): Promise<void> {
      const me = requireUser(ctx)
      const myRole = await requireMember(ctx, organizationId)
      const self = userId === me.id
      if (!self && myRole === 'member') throw new AppError('forbidden', ORGANIZATION_MESSAGES.managersOnly)
      const targetId = requireId(userId, MEMBER_NOT_FOUND)
      await ctx.db.transaction(async (tx) => {
        const t = withDb(ctx, tx)
        await lockOrganization(t, organizationId)
        const target = await findMembership(t, organizationId, targetId)
        if (!target) throw new AppError('not_found', MEMBER_NOT_FOUND)
        if (!self && myRole === 'admin' && target.role === 'owner')
          throw new AppError('forbidden', 'Администратор не может удалить владельца организации')
        if (target.role === 'owner' && (await countOwners(t, organizationId)) <= 1)
          throw new AppError('conflict', LAST_OWNER)
        await tx
          .delete(organizationMembers)
          .where(and(eq(organizationMembers.organizationId, organizationId), eq(organizationMembers.userId, targetId)))
        await recordAudit(t, {
          action: 'organization.member_remove',
          targetType: 'organization',
          targetId: organizationId,
          details: { userId: targetId },
        })
      })
    },

    /** Only owners change roles; the last owner cannot be demoted. */
    async changeMemberRole(ctx: Ctx, organizationId: string, userId: string, input: unknown): Promise<void> {
      const myRole = await requireMember(ctx, organizationId)
      if (myRole !== 'owner') throw new AppError('forbidden', ORGANIZATION_MESSAGES.ownersOnly)
      const { role } = parse(MemberRoleInput, input)
      const targetId = requireId(userId, MEMBER_NOT_FOUND)
      await ctx.db.transaction(async (tx) => {
        const t = withDb(ctx, tx)
        await lockOrganization(t, organizationId)
        const target = await findMembership(t, organizationId, targetId)
        if (!target) throw new AppError('not_found', MEMBER_NOT_FOUND)
        if (target.role === role) return
        if (target.role === 'owner' && (await countOwners(t, organizationId)) <= 1)
          throw new AppError('conflict', LAST_OWNER)
        await tx
          .update(organizationMembers)
          .set({ role })
          .where(and(eq(organizationMembers.organizationId, organizationId), eq(organizationMembers.userId, targetId)))
        await recordAudit(t, {
          action: 'organization.member_role',
          targetType: 'organization',
          targetId: organizationId,
          details: { userId: targetId, from: target.role, to: role },
        })
      })
    },
  }
}
