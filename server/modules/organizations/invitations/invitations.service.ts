import { and, asc, eq, gt, isNull } from 'drizzle-orm'
import { EMAIL_MESSAGES } from '#common/auth.ts'
import { AcceptInvitationInput, InvitationInput } from '#common/organizations.schemas.ts'
import { type Ctx, requireUser, withDb } from '../../../context.ts'
import { AppError } from '../../../errors.ts'
import { recordAudit } from '../../audit/index.ts'
import { hashToken, newToken } from '../../identity/index.ts'
import type { RateLimitRule } from '../../rate-limit/index.ts'
import { findMembership, type OrganizationsDeps, parse, requireId, requireManager } from '../organizations.access.ts'
import {
  organizationInvitations,
  organizationJoinRequests,
  organizationMembers,
  organizations,
} from '../organizations.table.ts'

export const INVITATION_TTL_MS = 7 * 24 * 60 * 60_000
export const INVITE_RATE_LIMIT: RateLimitRule = { limit: 30, windowMs: 60 * 60_000 }
/** An invitation repeated within this window is the same click twice: no second e-mail. */
const REPEAT_WINDOW_MS = 60_000
const INVITATION_INVALID = 'Приглашение недействительно или устарело. Попросите отправить новое.'

const pending = and(isNull(organizationInvitations.acceptedAt), isNull(organizationInvitations.revokedAt))

/** Invitations neither accepted nor revoked; expired ones are listed, marked, so they can be renewed. */
export async function listOpenInvitations(ctx: Ctx, organizationId: string) {
  const rows = await ctx.db
    .select({
      id: organizationInvitations.id,
      email: organizationInvitations.email,
      role: organizationInvitations.role,
      createdAt: organizationInvitations.createdAt,
      expiresAt: organizationInvitations.expiresAt,
    })
    .from(organizationInvitations)
    .where(and(eq(organizationInvitations.organizationId, organizationId), pending))
    .orderBy(asc(organizationInvitations.createdAt))
  return rows.map((i) => ({ ...i, expired: i.expiresAt.getTime() <= Date.now() }))
}

/** Invitations by e-mail: the link carries a random token, the table keeps only its hash. */
export function createInvitationsService(deps: OrganizationsDeps) {
  async function sendInvitation(
    ctx: Ctx,
    invitation: { organizationId: string; email: string; role: 'admin' | 'member' },
  ) {
    const me = requireUser(ctx)
    const token = newToken()
    const values = { tokenHash: hashToken(token), role: invitation.role, invitedByUserId: me.id }
    const expiresAt = new Date(Date.now() + INVITATION_TTL_MS)
    const [live] = await ctx.db
      .select({ id: organizationInvitations.id, createdAt: organizationInvitations.createdAt })
      .from(organizationInvitations)
      .where(
        and(
          eq(organizationInvitations.organizationId, invitation.organizationId),
          eq(organizationInvitations.email, invitation.email),
          pending,
        ),
      )
    if (live && Date.now() - live.createdAt.getTime() < REPEAT_WINDOW_MS) return { id: live.id }
    // Inviting again renews the live invitation: a new link, a new week; the old link stops working.
    const [row] = live
      ? await ctx.db
          .update(organizationInvitations)
          .set({ ...values, expiresAt, createdAt: new Date() })
          .where(eq(organizationInvitations.id, live.id))
          .returning({ id: organizationInvitations.id })
      : await ctx.db
          .insert(organizationInvitations)
          .values({ ...values, organizationId: invitation.organizationId, email: invitation.email, expiresAt })
          .onConflictDoNothing()
          .returning({ id: organizationInvitations.id })
    if (!row) return sendInvitation(ctx, invitation) // a parallel click won the insert
    const [org] = await ctx.db
      .select({ name: organizations.shortName })
      .from(organizations)
      .where(eq(organizations.id, invitation.organizationId))
    await deps.events.emit(ctx, {
      type: 'organizations.invitation_created',
      organization: { id: invitation.organizationId, name: org!.name },
      email: invitation.email,
      role: invitation.role,
      invitedBy: { id: me.id, name: me.name },
      token,
    })
    return row
  }

  return {
    /** Invites by e-mail; the link carries a token whose hash is stored. */
    async invite(ctx: Ctx, organizationId: string, input: unknown) {
      const me = requireUser(ctx)
      await requireManager(ctx, organizationId)
      const data = parse(InvitationInput, input)
      const userId = await deps.identity.findUserIdByEmail(ctx, data.email)
      if (userId && (await findMembership(ctx, organizationId, userId))) {
        const message = 'Этот пользователь уже состоит в организации'
        throw new AppError('conflict', message, { email: message })
      }
      await deps.limiter.hit(`organizations:invite:${me.id}`, INVITE_RATE_LIMIT)
      const row = await sendInvitation(ctx, { organizationId: requireId(organizationId), ...data })
      return { id: row.id, email: data.email, role: data.role }
    },

    /** What the invitation link offers, for the page that accepts it; null when it is no longer valid. */
    async previewInvitation(ctx: Ctx, token: string) {
      const me = requireUser(ctx)
      const [row] = await ctx.db
        .select({
          organizationId: organizationInvitations.organizationId,
          organizationName: organizations.shortName,
          email: organizationInvitations.email,
          role: organizationInvitations.role,
        })
        .from(organizationInvitations)
        .innerJoin(organizations, eq(organizations.id, organizationInvitations.organizationId))
        .where(
          and(
            eq(organizationInvitations.tokenHash, hashToken(token)),
            pending,
            gt(organizationInvitations.expiresAt, new Date()),
          ),
        )
      if (!row) return null
      return {
        organizationId: row.organizationId,
        organizationName: row.organizationName,
        role: row.role,
        forMe: row.email === me.email,
        emailConfirmed: await deps.identity.isEmailConfirmed(ctx, me.id),
      }
    },

    /**
     * The signed-in invitee joins with the invited role and starts working as the organization: only
     * the account whose confirmed address the invitation went to (a token alone is not enough).
     */
    async acceptInvitation(ctx: Ctx, input: unknown) {
      const me = requireUser(ctx)
      const { token } = parse(AcceptInvitationInput, input)
      const [invitation] = await ctx.db
        .select()
        .from(organizationInvitations)
        .where(eq(organizationInvitations.tokenHash, hashToken(token)))
      const alreadyMember = invitation && (await findMembership(ctx, invitation.organizationId, me.id))
      if (invitation?.acceptedAt && alreadyMember) return { organizationId: invitation.organizationId }
      if (
        !invitation ||
        invitation.acceptedAt ||
        invitation.revokedAt ||
        invitation.expiresAt.getTime() <= Date.now()
      ) {
        throw new AppError('invalid', INVITATION_INVALID, { token: INVITATION_INVALID })
      }
      if (invitation.email !== me.email.toLowerCase()) {
        throw new AppError(
          'forbidden',
          'Это приглашение отправлено на другой адрес. Войдите с адресом, на который пришло письмо.',
        )
      }
      if (!(await deps.identity.isEmailConfirmed(ctx, me.id)))
        throw new AppError('forbidden', EMAIL_MESSAGES.unconfirmed)
      await ctx.db.transaction(async (tx) => {
        const t = withDb(ctx, tx)
        await tx
          .update(organizationInvitations)
          .set({ acceptedAt: new Date() })
          .where(eq(organizationInvitations.id, invitation.id))
        await tx
          .insert(organizationMembers)
          .values({ organizationId: invitation.organizationId, userId: me.id, role: invitation.role })
          .onConflictDoNothing()
        // A request to join the same organization is answered by the invitation.
        await tx
          .update(organizationJoinRequests)
          .set({ status: 'accepted', decidedAt: new Date(), decidedByUserId: invitation.invitedByUserId })
          .where(
            and(
              eq(organizationJoinRequests.organizationId, invitation.organizationId),
              eq(organizationJoinRequests.userId, me.id),
              eq(organizationJoinRequests.status, 'pending'),
            ),
          )
        await deps.identity.setSelectedOrganization(t, invitation.organizationId)
        await recordAudit(t, {
          action: 'organization.invitation_accept',
          targetType: 'organization',
          targetId: invitation.organizationId,
        })
      })
      return { organizationId: invitation.organizationId }
    },

    async revokeInvitation(ctx: Ctx, organizationId: string, invitationId: string): Promise<void> {
      await requireManager(ctx, organizationId)
      const id = requireId(invitationId, 'Приглашение не найдено')
      const [row] = await ctx.db
        .select({ acceptedAt: organizationInvitations.acceptedAt })
        .from(organizationInvitations)
        .where(and(eq(organizationInvitations.id, id), eq(organizationInvitations.organizationId, organizationId)))
      if (!row) throw new AppError('not_found', 'Приглашение не найдено')
      if (row.acceptedAt) throw new AppError('conflict', 'Приглашение уже принято: удалите участника из списка')
      await ctx.db
        .update(organizationInvitations)
        .set({ revokedAt: new Date() })
        .where(and(eq(organizationInvitations.id, id), pending))
    },
  }
}
