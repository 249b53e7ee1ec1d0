import { and, eq, gt, isNull, ne } from 'drizzle-orm'
import { AUTH_MESSAGES, EMAIL_MESSAGES, EmailChangeInput, EmailLinkInput, RegisterInput } from '#common/auth.ts'
import { type Ctx, requireUser, withDb } from '../../context.ts'
import type { Db } from '../../db/client.ts'
import { AppError } from '../../errors.ts'
import { parse } from '../../parse.ts'
import { recordAudit } from '../audit/index.ts'
import type { Events } from '../notifications/index.ts'
import type { RateLimiter } from '../rate-limit/index.ts'
import { emailLinks, users } from './identity.table.ts'
import { hashPassword } from './passwords.ts'
import { deleteUserSessions } from './sessions.ts'
import { hashToken, newToken } from './tokens.ts'
import { isUniqueViolation } from '../../db/errors.ts'

const HOUR = 60 * 60_000
const LINK_TTL_MS = 24 * HOUR
/** The old address may cancel a change, or undo one already made, for a week. */
export const UNDO_TTL_MS = 7 * 24 * HOUR
export const EMAIL_LINK_RATE_LIMITS = {
  registerPerIp: { limit: 5, windowMs: HOUR },
  /** Mail to one address, whatever asks for it: registrations, changes, confirmations. */
  perAddress: { limit: 3, windowMs: HOUR },
} as const

export type EmailLinkOutcome =
  | { kind: 'registered'; email: string; userId: string }
  | { kind: 'changed'; email: string }
  | { kind: 'confirmed'; email: string }

const linkInvalid = () => new AppError('invalid', EMAIL_MESSAGES.linkInvalid, { token: EMAIL_MESSAGES.linkInvalid })

/**
 * The links that prove a mailbox: nothing about an account's address changes, and no account is
 * created, until someone who reads mail at that address opens the link sent there. Registration
 * answers the same whether or not the address has an account, so it cannot be used to find out.
 */
export function createEmailLinks(deps: { limiter: RateLimiter; events: Events }) {
  const { limiter, events } = deps

  async function findUser(db: Db, email: string) {
    const [user] = await db
      .select({ id: users.id, name: users.name, email: users.email })
      .from(users)
      .where(eq(users.email, email))
    return user
  }

  async function issueLink(ctx: Ctx, values: Omit<typeof emailLinks.$inferInsert, 'tokenHash' | 'expiresAt'>) {
    const token = newToken()
    const expiresAt = new Date(Date.now() + LINK_TTL_MS)
    await ctx.db.insert(emailLinks).values({ ...values, tokenHash: hashToken(token), expiresAt })
    return { token, expiresAt }
  }

  /** Registration: a link to the address; the account exists once it is opened. */
  async function register(ctx: Ctx, input: unknown): Promise<{ email: string }> {
    const data = parse(RegisterInput, input)
    await limiter.hit(`register:ip:${ctx.ip}`, EMAIL_LINK_RATE_LIMITS.registerPerIp)
    await limiter.hit(`email-link:${data.email}`, EMAIL_LINK_RATE_LIMITS.perAddress)
    // Hashing in both branches keeps the answer's timing the same.
    const passwordHash = await hashPassword(data.password)
    const owner = await findUser(ctx.db, data.email)
    if (owner) {
      await events.emit(ctx, { type: 'identity.registration_address_taken', owner })
      return { email: data.email }
    }
    const { token } = await issueLink(ctx, {
      purpose: 'register',
      email: data.email,
      name: data.name,
      phone: data.phone,
      passwordHash,
    })
    await events.emit(ctx, { type: 'identity.registration_requested', email: data.email, name: data.name, token })
    return { email: data.email }
  }

  /**
   * Opens a link from a confirmation e-mail: creates the registered account, applies the change of
   * address, or confirms the current one. The caller signs the new account in.
   */
  async function confirm(ctx: Ctx, input: unknown): Promise<EmailLinkOutcome> {
    const { token } = parse(EmailLinkInput, input)
    return ctx.db.transaction(async (tx) => {
      const t = withDb(ctx, tx)
      const [link] = await tx
        .update(emailLinks)
        .set({ usedAt: new Date() })
        .where(
          and(
            eq(emailLinks.tokenHash, hashToken(token)),
            isNull(emailLinks.usedAt),
            isNull(emailLinks.cancelledAt),
            gt(emailLinks.expiresAt, new Date()),
          ),
        )
        .returning()
      if (!link) throw linkInvalid()
      if (link.purpose === 'register') return createAccount(t, link)
      if (link.purpose === 'change') return applyChange(t, link)
      const [user] = await tx
        .update(users)
        .set({ emailConfirmedAt: new Date() })
        .where(and(eq(users.id, link.userId!), eq(users.email, link.email)))
        .returning({ id: users.id })
      if (!user) throw linkInvalid()
      await recordAudit(t, { action: 'user.email_confirm', targetType: 'user', targetId: user.id })
      return { kind: 'confirmed', email: link.email }
    })
  }

  async function createAccount(ctx: Ctx, link: typeof emailLinks.$inferSelect): Promise<EmailLinkOutcome> {
    const [user] = await ctx.db
      .insert(users)
      .values({
        email: link.email,
        passwordHash: link.passwordHash!,
        name: link.name!,
        phone: link.phone,
        consentAt: link.createdAt,
        emailConfirmedAt: new Date(),
      })
      .onConflictDoNothing({ target: users.email })
      .returning({ id: users.id })
    if (!user) throw new AppError('conflict', AUTH_MESSAGES.emailTaken, { token: AUTH_MESSAGES.emailTaken })
    // Other registrations waiting for the same address are void now.
    await ctx.db
      .update(emailLinks)
      .set({ cancelledAt: new Date() })
      .where(and(eq(emailLinks.email, link.email), eq(emailLinks.purpose, 'register'), isNull(emailLinks.usedAt)))
    await recordAudit(ctx, { action: 'user.register', targetType: 'user', targetId: user.id })
    return { kind: 'registered', email: link.email, userId: user.id }
  }

  async function applyChange(ctx: Ctx, link: typeof emailLinks.$inferSelect): Promise<EmailLinkOutcome> {
    const [user] = await ctx.db
      .select({ id: users.id, name: users.name, email: users.email })
      .from(users)
      .where(eq(users.id, link.userId!))
    // The address changed in between (another link, an undo): this link no longer applies.
    if (!user || user.email !== link.previousEmail) throw linkInvalid()
    try {
      await ctx.db.update(users).set({ email: link.email, emailConfirmedAt: new Date() }).where(eq(users.id, user.id))
    } catch (error) {
      if (isUniqueViolation(error)) throw new AppError('conflict', EMAIL_MESSAGES.addressTaken)
      throw error
    }
    await recordAudit(ctx, {
      action: 'user.email_change',
      targetType: 'user',
      targetId: user.id,
      details: { from: user.email, to: link.email },
    })
    await events.emit(ctx, {
      type: 'identity.email_changed',
      user: { id: user.id, name: user.name, email: link.email },
      previousEmail: user.email,
    })
    return { kind: 'changed', email: link.email }
  }

  /**
   * A change of address asked for with the current password. Nothing changes until the link sent to
   * the new address is opened; the old address is told and gets a link that cancels (or undoes) it.
   * The answer is the same when the new address belongs to another account: its owner is told instead.
   */
  async function requestChange(ctx: Ctx, input: unknown, requirePassword: (password: string) => Promise<void>) {
    const me = requireUser(ctx)
    const data = parse(EmailChangeInput, input)
    await requirePassword(data.password)
    if (data.email === me.email)
      throw new AppError('invalid', EMAIL_MESSAGES.sameAddress, { email: EMAIL_MESSAGES.sameAddress })
    await limiter.hit(`email-link:${data.email}`, EMAIL_LINK_RATE_LIMITS.perAddress)
    await cancelPendingChanges(ctx.db, me.id)
    const cancelToken = newToken()
    const owner = await findUser(ctx.db, data.email)
    const { token, expiresAt } = await issueLink(ctx, {
      purpose: 'change',
      email: data.email,
      userId: me.id,
      previousEmail: me.email,
      cancelTokenHash: hashToken(cancelToken),
    })
    await events.emit(ctx, {
      type: 'identity.email_change_requested',
      user: { id: me.id, name: me.name, email: me.email },
      newEmail: data.email,
      newEmailTaken: Boolean(owner),
      token,
      cancelToken,
    })
    await recordAudit(ctx, {
      action: 'user.email_change_request',
      targetType: 'user',
      targetId: me.id,
      details: { to: data.email },
    })
    return { email: data.email, expiresAt }
  }

  async function cancelPendingChanges(db: Db, userId: string) {
    await db
      .update(emailLinks)
      .set({ cancelledAt: new Date() })
      .where(
        and(
          eq(emailLinks.userId, userId),
          eq(emailLinks.purpose, 'change'),
          isNull(emailLinks.usedAt),
          isNull(emailLinks.cancelledAt),
        ),
      )
  }

  /** The change waiting for its link, for the profile page. */
  async function pendingChange(ctx: Ctx): Promise<{ email: string; expiresAt: Date } | null> {
    const me = requireUser(ctx)
    const [row] = await ctx.db
      .select({ email: emailLinks.email, expiresAt: emailLinks.expiresAt })
      .from(emailLinks)
      .where(
        and(
          eq(emailLinks.userId, me.id),
          eq(emailLinks.purpose, 'change'),
          isNull(emailLinks.usedAt),
          isNull(emailLinks.cancelledAt),
          gt(emailLinks.expiresAt, new Date()),
        ),
      )
    return row ?? null
  }

  /**
   * The cancel link from the old address: a change not yet made is dropped; one already made is
   * undone (the old address comes back) and every session of the account ends.
   */
  async function cancelChangeByLink(
    ctx: Ctx,
    input: unknown,
  ): Promise<{ kind: 'cancelled' | 'reverted'; email: string }> {
    const { token } = parse(EmailLinkInput, input)
    return ctx.db.transaction(async (tx) => {
      const t = withDb(ctx, tx)
      const [link] = await tx
        .update(emailLinks)
        .set({ cancelledAt: new Date() })
        .where(
          and(
            eq(emailLinks.cancelTokenHash, hashToken(token)),
            isNull(emailLinks.cancelledAt),
            gt(emailLinks.createdAt, new Date(Date.now() - UNDO_TTL_MS)),
          ),
        )
        .returning()
      if (!link?.userId || !link.previousEmail) throw linkInvalid()
      if (!link.usedAt) {
        await recordAudit(t, { action: 'user.email_change_cancel', targetType: 'user', targetId: link.userId })
        return { kind: 'cancelled' as const, email: link.previousEmail }
      }
      const [user] = await tx
        .update(users)
        .set({ email: link.previousEmail, emailConfirmedAt: new Date() })
        .where(and(eq(users.id, link.userId), eq(users.email, link.email), ne(users.email, link.previousEmail)))
        .returning({ id: users.id })
      if (!user) throw linkInvalid()
      await deleteUserSessions(tx, user.id)
      await recordAudit(t, {
        action: 'user.email_change_revert',
        targetType: 'user',
        targetId: user.id,
        details: { from: link.email, to: link.previousEmail },
      })
      return { kind: 'reverted' as const, email: link.previousEmail }
    })
  }

  /** Accounts made before addresses were confirmed ask for a link to their current address. */
  async function requestConfirmation(ctx: Ctx): Promise<void> {
    const me = requireUser(ctx)
    if (await isEmailConfirmed(ctx, me.id)) return
    await limiter.hit(`email-link:${me.email}`, EMAIL_LINK_RATE_LIMITS.perAddress)
    const { token } = await issueLink(ctx, { purpose: 'confirm', email: me.email, userId: me.id })
    await events.emit(ctx, {
      type: 'identity.email_confirmation_requested',
      user: { id: me.id, name: me.name, email: me.email },
      token,
    })
  }

  async function isEmailConfirmed(ctx: Ctx, userId: string): Promise<boolean> {
    const [row] = await ctx.db.select({ at: users.emailConfirmedAt }).from(users).where(eq(users.id, userId))
    return Boolean(row?.at)
  }

  return {
    register,
    openLink: confirm,
    requestChange,
    pendingEmailChange: pendingChange,
    cancelPendingEmailChange: async (ctx: Ctx) => cancelPendingChanges(ctx.db, requireUser(ctx).id),
    cancelEmailChangeByLink: cancelChangeByLink,
    requestEmailConfirmation: requestConfirmation,
    isEmailConfirmed,
  }
}
