import { and, eq, gt, sql } from 'drizzle-orm'
import { EXCHANGE_LIMITS, EXCHANGE_MESSAGES as M, type ExchangeSessionType } from '#common/exchange-1c.ts'
import { type Ctx, ctxForUser, requireUser } from '../../context.ts'
import type { Db } from '../../db/client.ts'
import { AppError } from '../../errors.ts'
import { hashToken, newToken, verifyPassword } from '../identity/index.ts'
import { loadSelectedOrganization } from '../organizations/index.ts'
import { exchange1cAccounts, exchange1cSessions } from './exchange-1c.table.ts'

export type AccountRow = typeof exchange1cAccounts.$inferSelect
export type SessionRow = typeof exchange1cSessions.$inferSelect

/** The cookie 1С is told to send back: its own name, apart from the site's session cookie. */
export const EXCHANGE_COOKIE = 'bas1c'

/** A protocol error: 1С shows the message to its user after «failure». */
export class ExchangeFailure extends Error {}

/**
 * The cabinet's side: the selected organization, when it is a confirmed vendor and the caller
 * one of its owners or administrators (the exchange writes its catalogue and moves its orders).
 */
export function exchangeScope(ctx: Ctx): { organizationId: string } {
  requireUser(ctx)
  const org = ctx.organization
  if (!org) throw new AppError('forbidden', M.notVendor)
  const vendor = org.roles.find((r) => r.type === 'vendor')
  if (!vendor || vendor.status !== 'confirmed') throw new AppError('forbidden', M.notVendor)
  if (org.memberRole === 'member')
    throw new AppError('forbidden', 'Обмен с 1С настраивают владелец или администратор организации')
  return { organizationId: org.id }
}

/** HTTP Basic's login and password, or null when the header is not one. */
export function basicCredentials(header: string | undefined): { login: string; password: string } | null {
  const match = /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(header ?? '')
  if (!match) return null
  const decoded = Buffer.from(match[1]!, 'base64').toString('utf8')
  const colon = decoded.indexOf(':')
  if (colon < 0) return null
  return { login: decoded.slice(0, colon), password: decoded.slice(colon + 1) }
}

/** The account of a login whose password is right, or null (unknown login, wrong password, revoked). */
export async function signIn(db: Db, login: string, password: string): Promise<AccountRow | null> {
  if (login.length > EXCHANGE_LIMITS.loginMaxLength || password.length > 200) return null
  const [account] = await db
    .select()
    .from(exchange1cAccounts)
    .where(eq(sql`lower(${exchange1cAccounts.login})`, login.toLowerCase()))
  if (!account?.passwordHash) return null
  return (await verifyPassword(password, account.passwordHash)) ? account : null
}

/** Opens a session for the account: the cookie's value, kept here as a hash only. */
export async function openSession(db: Db, account: AccountRow, type: ExchangeSessionType) {
  const token = newToken()
  const [session] = await db
    .insert(exchange1cSessions)
    .values({ organizationId: account.organizationId, tokenHash: hashToken(token), type })
    .returning()
  return { token, session: session! }
}

/**
 * The session a cookie names, if it is open, recent and of an account still turned on; its
 * last request is noted. A cookie of another type's session (a catalogue's for the orders) is
 * refused like a missing one.
 */
export async function sessionOf(
  db: Db,
  token: string | undefined,
  type: ExchangeSessionType,
  now: Date,
): Promise<{ session: SessionRow; account: AccountRow }> {
  if (!token || token.length > 100) throw new ExchangeFailure(M.noSession)
  const [row] = await db
    .select({ session: exchange1cSessions, account: exchange1cAccounts })
    .from(exchange1cSessions)
    .innerJoin(exchange1cAccounts, eq(exchange1cAccounts.organizationId, exchange1cSessions.organizationId))
    .where(
      and(
        eq(exchange1cSessions.tokenHash, hashToken(token)),
        eq(exchange1cSessions.type, type),
        gt(exchange1cSessions.lastSeenAt, new Date(now.getTime() - EXCHANGE_LIMITS.sessionIdleMs)),
      ),
    )
  if (!row || !row.account.passwordHash) throw new ExchangeFailure(M.noSession)
  await db.update(exchange1cSessions).set({ lastSeenAt: now }).where(eq(exchange1cSessions.id, row.session.id))
  return row
}

/**
 * The exchange acts as the member who turned it on, in the organization it belongs to, as their
 * own request would: if they left it, or it is no longer a confirmed vendor, the exchange stops.
 */
export async function actingCtx(db: Db, account: AccountRow, requestId: string): Promise<Ctx> {
  const ctx = await ctxForUser(db, account.actingUserId, { requestId })
  const organization = await loadSelectedOrganization(db, account.actingUserId, account.organizationId)
  const vendor = organization?.roles.find((r) => r.type === 'vendor')
  if (!organization || vendor?.status !== 'confirmed') throw new ExchangeFailure(M.notVendor)
  return { ...ctx, organization }
}
