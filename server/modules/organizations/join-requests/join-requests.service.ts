import { and, asc, eq, ne } from 'drizzle-orm'
import { JoinDecisionInput, JoinRequestInput } from '#common/organizations.schemas.ts'
import { type Ctx, requireUser, withDb } from '../../../context.ts'
import { AppError } from '../../../errors.ts'
import { recordAudit } from '../../audit/index.ts'
import type { RateLimitRule } from '../../rate-limit/index.ts'
import { type OrganizationsDeps, parse, requireId, requireManager } from '../organizations.access.ts'
import { organizationJoinRequests, organizationMembers, organizations } from '../organizations.table.ts'

export const JOIN_RATE_LIMIT: RateLimitRule = { limit: 10, windowMs: 60 * 60_000 }
const REQUEST_NOT_FOUND = 'Заявка на вступление не найдена'

/**
 * Someone who found their company already registered (same INN) asks to join; the owners and
 * administrators accept or decline.
 */
export function createJoinRequestsService(deps: OrganizationsDeps) {
  return {
    /** Idempotent per (organization, user): asking again while a request is open changes nothing. */
    async requestJoin(ctx: Ctx, input: unknown) {
      const me = requireUser(ctx)
      const data = parse(JoinRequestInput, input)
      const [org] = await ctx.db
        .select({ id: organizations.id, name: organizations.shortName, memberRole: organizationMembers.role })
        .from(organizations)
        .leftJoin(
          organizationMembers,
          and(eq(organizationMembers.organizationId, organizations.id), eq(organizationMembers.userId, me.id)),
        )
        .where(eq(organizations.inn, data.inn))
      if (!org) {
        const message = `Организация с ИНН ${data.inn} не зарегистрирована на платформе`
        throw new AppError('not_found', message, { inn: message })
      }
      if (org.memberRole) throw new AppError('conflict', 'Вы уже состоите в этой организации')
      await deps.limiter.hit(`organizations:join:${me.id}`, JOIN_RATE_LIMIT)
      // A declined or earlier accepted request (the user has left since) opens again.
      const [opened] = await ctx.db
        .insert(organizationJoinRequests)
        .values({ organizationId: org.id, userId: me.id, message: data.message })
        .onConflictDoUpdate({
          target: [organizationJoinRequests.organizationId, organizationJoinRequests.userId],
          set: {
            status: 'pending',
            message: data.message,
            createdAt: new Date(),
            decidedAt: null,
            decidedByUserId: null,
          },
          setWhere: ne(organizationJoinRequests.status, 'pending'),
        })
        .returning({ id: organizationJoinRequests.id })
      if (opened) {
        await deps.events.emit(ctx, {
          type: 'organizations.join_requested',
          organization: { id: org.id, name: org.name },
          requester: { id: me.id, name: me.name, email: me.email },
          message: data.message,
        })
      }
      const [request] = await ctx.db
        .select({ id: organizationJoinRequests.id })
        .from(organizationJoinRequests)
        .where(and(eq(organizationJoinRequests.organizationId, org.id), eq(organizationJoinRequests.userId, me.id)))
      // The INN the user typed, not the organization's name: a name is for members to see, and an
      // INN tried by someone who does not belong there must not tell them whose it is.
      return { id: request!.id, inn: data.inn, status: 'pending' as const }
    },

    /** Open requests, with who is asking. */
    async listJoinRequests(ctx: Ctx, organizationId: string) {
      await requireManager(ctx, organizationId)
      const rows = await ctx.db
        .select({
          id: organizationJoinRequests.id,
          userId: organizationJoinRequests.userId,
          message: organizationJoinRequests.message,
          createdAt: organizationJoinRequests.createdAt,
        })
        .from(organizationJoinRequests)
        .where(
          and(
            eq(organizationJoinRequests.organizationId, organizationId),
            eq(organizationJoinRequests.status, 'pending'),
          ),
        )
        .orderBy(asc(organizationJoinRequests.createdAt))
      const people = new Map(
        (
          await deps.identity.describeUsers(
            ctx,
            rows.map((r) => r.userId),
          )
        ).map((p) => [p.id, p]),
      )
      return rows.map((r) => ({
        ...r,
        name: people.get(r.userId)?.name ?? '',
        email: people.get(r.userId)?.email ?? '',
      }))
    },

    /** Accept (the user becomes a member) or decline; deciding the same way twice is a no-op. */
    async decideJoinRequest(ctx: Ctx, organizationId: string, requestId: string, input: unknown) {
      const me = requireUser(ctx)
      await requireManager(ctx, organizationId)
      const { decision } = parse(JoinDecisionInput, input)
      const id = requireId(requestId, REQUEST_NOT_FOUND)
      const status = decision === 'accept' ? ('accepted' as const) : ('declined' as const)
      const where = and(
        eq(organizationJoinRequests.id, id),
        eq(organizationJoinRequests.organizationId, organizationId),
      )
      const decided = await ctx.db.transaction(async (tx) => {
        const t = withDb(ctx, tx)
        const [row] = await tx
          .update(organizationJoinRequests)
          .set({ status, decidedAt: new Date(), decidedByUserId: me.id })
          .where(and(where, eq(organizationJoinRequests.status, 'pending')))
          .returning({ userId: organizationJoinRequests.userId })
        if (!row) return null
        if (status === 'accepted') {
          await tx
            .insert(organizationMembers)
            .values({ organizationId, userId: row.userId, role: 'member' })
            .onConflictDoNothing()
        }
        await recordAudit(t, {
          action: `organization.join_${status}`,
          targetType: 'organization',
          targetId: organizationId,
          details: { userId: row.userId },
        })
        return row
      })
      if (!decided) {
        const [existing] = await ctx.db
          .select({ status: organizationJoinRequests.status })
          .from(organizationJoinRequests)
          .where(where)
        if (!existing) throw new AppError('not_found', REQUEST_NOT_FOUND)
        if (existing.status !== status) throw new AppError('conflict', 'По этой заявке уже принято другое решение')
        return { status }
      }
      const [user] = await deps.identity.describeUsers(ctx, [decided.userId])
      const [org] = await ctx.db
        .select({ name: organizations.shortName })
        .from(organizations)
        .where(eq(organizations.id, organizationId))
      if (user && org) {
        await deps.events.emit(ctx, {
          type: 'organizations.join_request_decided',
          organization: { id: organizationId, name: org.name },
          user,
          decision: status,
        })
      }
      return { status }
    },
  }
}
