import { and, eq, gt, inArray, isNull, sql } from 'drizzle-orm'
import {
  AUTH_MESSAGES,
  LoginInput,
  PasswordChangeInput,
  PasswordResetConfirmInput,
  PasswordResetRequestInput,
  ProfileUpdateInput,
} from '#common/auth.ts'
import type { WhoamiOrganization, WhoamiUser } from '#common/organizations.ts'
import { type Ctx, readOnce, requireUser, withDb } from '../../context.ts'
import type { Db } from '../../db/client.ts'
import { AppError } from '../../errors.ts'
import { parse } from '../../parse.ts'
import { recordAudit } from '../audit/index.ts'
import type { Events } from '../notifications/index.ts'
import type { RateLimiter } from '../rate-limit/index.ts'
import { passwordResets, users } from './identity.table.ts'
import type { JobsService } from '../../jobs/jobs.service.ts'
import { createEmailLinks, type EmailLinkOutcome } from './email-links.ts'
import { createHousekeeping } from './housekeeping.ts'
import { findKnownDevice, type RememberedDevice, rememberDevice } from './known-devices.ts'
import { dummyPasswordHash, hashPassword, verifyPassword } from './passwords.ts'
import {
  createSession,
  deleteSession,
  deleteUserSessions,
  isSessionLive,
  listUserSessions,
  readUserProfile,
  resolveSession,
  type SessionPolicy,
  USER_PROFILE,
} from './sessions.ts'
import { createSignInThrottle, type SignInAttempt } from './sign-in-throttle.ts'
import { hashToken, newToken } from './tokens.ts'

const MINUTE = 60_000
export const AUTH_RATE_LIMITS = {
  loginPerIp: { limit: 30, windowMs: 10 * MINUTE },
  /** A signed-in session guessing the account's current password (to change the address or the password). */
  currentPasswordPerUser: { limit: 10, windowMs: 15 * MINUTE },
  resetPerIp: { limit: 5, windowMs: 60 * MINUTE },
  resetPerAccount: { limit: 3, windowMs: 60 * MINUTE },
} as const
const RESET_TTL_MS = 60 * MINUTE

export interface SignedIn {
  token: string
  expiresAt: Date
}

export function createIdentityService(deps: {
  limiter: RateLimiter
  events: Events
  jobs: Pick<JobsService, 'register' | 'enqueue'>
  policy: SessionPolicy
  /**
   * The caller's organizations for whoami. Organizations depends on identity (members are users),
   * so identity is handed this instead of importing it back.
   */
  listOrganizations: (ctx: Ctx) => Promise<WhoamiOrganization[]>
  /**
   * Ends the realtime connections of a session, or of every session of a user (the realtime
   * module): their connection tokens end with their sessions (`sessionLive`).
   */
  endConnections: (target: { userId: string; sessionId?: string }) => Promise<void>
}) {
  const { limiter, events, policy } = deps
  const signInThrottle = createSignInThrottle(limiter)
  const emailLinks = createEmailLinks(deps)
  const housekeeping = createHousekeeping(deps)

  /** A new session for the user; the one the request came with (if any) ends: rotation. */
  async function signIn(ctx: Ctx, userId: string): Promise<SignedIn> {
    if (ctx.sessionId) await deleteSession(ctx.db, ctx.sessionId)
    const session = await createSession(ctx.db, userId, { ip: ctx.ip, userAgent: ctx.userAgent }, policy)
    return { token: session.token, expiresAt: session.expiresAt }
  }

  async function findUserByEmail(ctx: Ctx, email: string) {
    const [user] = await ctx.db.select().from(users).where(eq(users.email, email))
    return user
  }

  async function requirePassword(ctx: Ctx, userId: string, password: string) {
    const [user] = await ctx.db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, userId))
    if (!user || !(await verifyPassword(password, user.passwordHash))) {
      throw new AppError('invalid', AUTH_MESSAGES.wrongPassword, { password: AUTH_MESSAGES.wrongPassword })
    }
  }

  return {
    resolveSession: (ctx: Pick<Ctx, 'db'>, token: string) => resolveSession(ctx.db, token, policy),
    /** Queues today's clean-up of expired sessions, resets and links (the server, when it starts). */
    scheduleHousekeeping: housekeeping.scheduleToday,

    register: emailLinks.register,
    pendingEmailChange: emailLinks.pendingEmailChange,
    cancelPendingEmailChange: emailLinks.cancelPendingEmailChange,
    cancelEmailChangeByLink: emailLinks.cancelEmailChangeByLink,
    requestEmailConfirmation: emailLinks.requestEmailConfirmation,
    isEmailConfirmed: emailLinks.isEmailConfirmed,

    /** The account from a registration link exists now, and the browser that opened it is signed in. */
    async confirmEmail(ctx: Ctx, input: unknown): Promise<EmailLinkOutcome & { session?: SignedIn }> {
      const outcome = await emailLinks.openLink(ctx, input)
      if (outcome.kind !== 'registered') return outcome
      return { ...outcome, session: await signIn(ctx, outcome.userId) }
    },

    /**
     * Wrong passwords slow the guesser down (sign-in-throttle.ts) but never lock the account; a
     * browser that has signed in before (`deviceToken`, from its cookie) is spared the slowdown
     * that others' failures put on the account. A success makes the browser known for 90 days.
     */
    async login(ctx: Ctx, input: unknown, deviceToken?: string): Promise<SignedIn & { device: RememberedDevice }> {
      const data = parse(LoginInput, input)
      await limiter.hit(`login:ip:${ctx.ip}`, AUTH_RATE_LIMITS.loginPerIp)
      const user = await findUserByEmail(ctx, data.email)
      const attempt: SignInAttempt = {
        email: data.email,
        ip: ctx.ip,
        passwordEpoch: String(user?.passwordChangedAt.getTime() ?? 0),
        knownDeviceId: user ? await findKnownDevice(ctx.db, user.id, deviceToken) : null,
      }
      await signInThrottle.admit(attempt)
      // Compare against a dummy hash for unknown e-mails: the answer takes as long either way.
      const ok = await verifyPassword(data.password, user?.passwordHash ?? (await dummyPasswordHash()))
      if (!user || !ok) throw new AppError('unauthorized', AUTH_MESSAGES.badCredentials)
      await signInThrottle.recordSuccess(attempt)
      const device = await rememberDevice(ctx.db, user.id, deviceToken)
      return { ...(await signIn(ctx, user.id)), device }
    },

    async logout(ctx: Ctx): Promise<void> {
      if (!ctx.sessionId) return
      await deleteSession(ctx.db, ctx.sessionId)
      if (ctx.user) await deps.endConnections({ userId: ctx.user.id, sessionId: ctx.sessionId })
    },

    /** Whether a session still stands: a realtime connection token lives only as long as its session. */
    sessionLive: (db: Db, sessionId: string): Promise<boolean> => isSessionLive(db, sessionId),

    async whoami(ctx: Ctx): Promise<WhoamiUser> {
      const me = requireUser(ctx)
      // A page's whoami has the profile from the session's statement; a write reads it after its change.
      const user = await readOnce(ctx, USER_PROFILE, () => readUserProfile(ctx.db, me.id))
      if (!user) throw new AppError('unauthorized', AUTH_MESSAGES.signInRequired)
      const organizations = await deps.listOrganizations(ctx)
      return { ...user, organizations }
    },

    async requestPasswordReset(ctx: Ctx, input: unknown): Promise<void> {
      const { email } = parse(PasswordResetRequestInput, input)
      await limiter.hit(`reset:ip:${ctx.ip}`, AUTH_RATE_LIMITS.resetPerIp)
      await limiter.hit(`reset:account:${email}`, AUTH_RATE_LIMITS.resetPerAccount)
      const user = await findUserByEmail(ctx, email)
      if (!user) return // the answer is the same whether or not the address is registered
      const token = newToken()
      await ctx.db
        .insert(passwordResets)
        .values({ tokenHash: hashToken(token), userId: user.id, expiresAt: new Date(Date.now() + RESET_TTL_MS) })
      await events.emit(ctx, {
        type: 'identity.password_reset_requested',
        user: { id: user.id, name: user.name, email: user.email },
        token,
      })
    },

    async resetPassword(ctx: Ctx, input: unknown): Promise<SignedIn> {
      const data = parse(PasswordResetConfirmInput, input)
      const { userId, signedIn } = await ctx.db.transaction(async (tx) => {
        const t = withDb(ctx, tx)
        const [reset] = await tx
          .update(passwordResets)
          .set({ usedAt: new Date() })
          .where(
            and(
              eq(passwordResets.tokenHash, hashToken(data.token)),
              isNull(passwordResets.usedAt),
              gt(passwordResets.expiresAt, new Date()),
            ),
          )
          .returning({ userId: passwordResets.userId })
        if (!reset) throw new AppError('invalid', AUTH_MESSAGES.resetInvalid, { token: AUTH_MESSAGES.resetInvalid })
        await tx
          .update(users)
          // The link was read in the mailbox: the address is confirmed too.
          .set({
            passwordHash: await hashPassword(data.password),
            passwordChangedAt: new Date(),
            emailConfirmedAt: sql`coalesce(${users.emailConfirmedAt}, now())`,
          })
          .where(eq(users.id, reset.userId))
        await deleteUserSessions(tx, reset.userId)
        await recordAudit(t, { action: 'user.password_reset', targetType: 'user', targetId: reset.userId })
        return { userId: reset.userId, signedIn: await signIn({ ...t, sessionId: null }, reset.userId) }
      })
      // Every session ended with the reset, and so do their live connections.
      await deps.endConnections({ userId })
      return signedIn
    },

    async updateProfile(ctx: Ctx, input: unknown): Promise<void> {
      const me = requireUser(ctx)
      const data = parse(ProfileUpdateInput, input)
      await ctx.db.update(users).set({ name: data.name, phone: data.phone }).where(eq(users.id, me.id))
    },

    /** Asks for a new address, checking the current password; see `requestChange` in email-links.ts. */
    async changeEmail(ctx: Ctx, input: unknown) {
      const me = requireUser(ctx)
      return emailLinks.requestChange(ctx, input, async (password) => {
        await limiter.hit(`current-password:${me.id}`, AUTH_RATE_LIMITS.currentPasswordPerUser)
        await requirePassword(ctx, me.id, password)
      })
    },

    async changePassword(ctx: Ctx, input: unknown): Promise<void> {
      const me = requireUser(ctx)
      const data = parse(PasswordChangeInput, input)
      await limiter.hit(`current-password:${me.id}`, AUTH_RATE_LIMITS.currentPasswordPerUser)
      try {
        await requirePassword(ctx, me.id, data.currentPassword)
      } catch {
        throw new AppError('invalid', AUTH_MESSAGES.wrongPassword, { currentPassword: AUTH_MESSAGES.wrongPassword })
      }
      await ctx.db
        .update(users)
        .set({ passwordHash: await hashPassword(data.newPassword), passwordChangedAt: new Date() })
        .where(eq(users.id, me.id))
      // Everyone else signed in as this user is signed out (this session's sockets reconnect at once).
      await deleteUserSessions(ctx.db, me.id, ctx.sessionId)
      await deps.endConnections({ userId: me.id })
      await recordAudit(ctx, { action: 'user.password_change', targetType: 'user', targetId: me.id })
    },

    async listSessions(ctx: Ctx) {
      const me = requireUser(ctx)
      const rows = await listUserSessions(ctx.db, me.id)
      return rows.map((s) => ({ ...s, current: s.id === ctx.sessionId }))
    },

    /** Ends one of the user's own sessions; someone else's id is simply not found. */
    async endSession(ctx: Ctx, sessionId: string): Promise<void> {
      const me = requireUser(ctx)
      const own = (await listUserSessions(ctx.db, me.id)).some((s) => s.id === sessionId)
      if (!own) throw new AppError('not_found', 'Сеанс не найден')
      await deleteSession(ctx.db, sessionId)
      await deps.endConnections({ userId: me.id, sessionId })
    },

    async endOtherSessions(ctx: Ctx): Promise<void> {
      const me = requireUser(ctx)
      await deleteUserSessions(ctx.db, me.id, ctx.sessionId)
      await deps.endConnections({ userId: me.id })
    },

    /** Called by the organizations module after it has checked the membership. */
    async setSelectedOrganization(ctx: Ctx, organizationId: string | null): Promise<void> {
      const me = requireUser(ctx)
      await ctx.db.update(users).set({ selectedOrganizationId: organizationId }).where(eq(users.id, me.id))
    },

    /** Names and e-mails of users, for member lists of other modules. */
    async describeUsers(ctx: Ctx, ids: string[]) {
      if (!ids.length) return []
      return ctx.db
        .select({ id: users.id, name: users.name, email: users.email })
        .from(users)
        .where(inArray(users.id, ids))
    },

    async findUserIdByEmail(ctx: Ctx, email: string): Promise<string | null> {
      return (await findUserByEmail(ctx, email.trim().toLowerCase()))?.id ?? null
    },
  }
}

export type IdentityService = ReturnType<typeof createIdentityService>
