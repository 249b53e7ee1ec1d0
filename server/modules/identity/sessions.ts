import { and, desc, eq, gt, inArray, ne, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { preparedOnce } from '../../db/prepared.ts'
import { groupCommit } from '../../group-commit.ts'
import { isUuid } from '#common/validators.ts'
import type { WhoamiUser } from '#common/organizations.ts'
import type { CtxUser } from '../../context.ts'
import { sessions, users } from './identity.table.ts'
import { hashToken, newToken } from './tokens.ts'

export interface SessionPolicy {
  idleMs: number
  absoluteMs: number
}

/** Writing last_seen on every request would cost a write per page view; once a minute is enough. */
const TOUCH_AFTER_MS = 60_000

export async function createSession(
  db: Db,
  userId: string,
  meta: { ip: string; userAgent: string },
  policy: SessionPolicy,
): Promise<{ token: string; id: string; expiresAt: Date }> {
  const token = newToken()
  const id = hashToken(token)
  const expiresAt = new Date(Date.now() + policy.absoluteMs)
  await db.insert(sessions).values({ id, userId, expiresAt, ip: meta.ip, userAgent: meta.userAgent.slice(0, 300) })
  return { token, id, expiresAt }
}

/** The columns of a user that a `Ctx` carries. */
const CTX_USER_COLUMNS = {
  id: users.id,
  email: users.email,
  name: users.name,
  isStaff: users.isStaff,
  selectedOrganizationId: users.selectedOrganizationId,
}

/** The user as a `Ctx` carries them, or null when there is no such account. */
export async function findCtxUser(db: Db, userId: string): Promise<CtxUser | null> {
  if (!isUuid(userId)) return null
  const [user] = await db.select(CTX_USER_COLUMNS).from(users).where(eq(users.id, userId))
  return user ?? null
}

/** The user as whoami tells of them, without their organizations. */
export type UserProfile = Omit<WhoamiUser, 'organizations'>

/**
 * A read-only request's user profile (`readOnce`): the session's statement reads it, and the
 * page's whoami takes it from there instead of asking again.
 */
export const USER_PROFILE = Symbol('user profile')

const SESSION_COLUMNS = {
  sessionId: sessions.id,
  lastSeenAt: sessions.lastSeenAt,
  expiresAt: sessions.expiresAt,
  user: CTX_USER_COLUMNS,
  phone: users.phone,
  emailConfirmedAt: users.emailConfirmedAt,
}

const sessionsWithUsers = (db: Db) =>
  db.select(SESSION_COLUMNS).from(sessions).innerJoin(users, eq(users.id, sessions.userId))

/** Every signed-in request's first statement: prepared once. */
const sessionLookup = preparedOnce((db) =>
  sessionsWithUsers(db)
    .where(eq(sessions.id, sql.placeholder('id')))
    .prepare('session_lookup'),
)

/**
 * The sessions of the requests that arrive while one lookup is in flight are read together, in
 * one statement (`groupCommit`): under load a signed-in request's first statement is shared.
 */
const lookupSession = groupCommit(async (db: Db, ids: string[]) => {
  if (ids.length === 1) return [{ ok: true as const, value: (await sessionLookup(db).execute({ id: ids[0]! }))[0] }]
  const rows = await sessionsWithUsers(db).where(inArray(sessions.id, [...new Set(ids)]))
  const byId = new Map(rows.map((row) => [row.sessionId, row]))
  return ids.map((id) => ({ ok: true as const, value: byId.get(id) }))
})

/**
 * The live session behind a cookie token, or null when it is unknown, idle too long or expired;
 * with it the user's profile, read in the same statement for the page's whoami.
 */
export async function resolveSession(
  db: Db,
  token: string,
  policy: SessionPolicy,
): Promise<{ sessionId: string; user: CtxUser; profile: UserProfile } | null> {
  if (token.length < 20 || token.length > 100) return null
  const id = hashToken(token)
  const row = await lookupSession(db, id)
  if (!row) return null
  const now = Date.now()
  if (row.expiresAt.getTime() <= now || now - row.lastSeenAt.getTime() > policy.idleMs) {
    await db.delete(sessions).where(eq(sessions.id, id))
    return null
  }
  if (now - row.lastSeenAt.getTime() > TOUCH_AFTER_MS) {
    await db
      .update(sessions)
      .set({ lastSeenAt: new Date(now) })
      .where(eq(sessions.id, id))
  }
  return {
    sessionId: row.sessionId,
    user: row.user,
    profile: profileOf({ ...row.user, phone: row.phone, emailConfirmedAt: row.emailConfirmedAt }),
  }
}

const profileOf = (row: CtxUser & { phone: string | null; emailConfirmedAt: Date | null }): UserProfile => ({
  id: row.id,
  email: row.email,
  emailConfirmed: row.emailConfirmedAt !== null,
  name: row.name,
  phone: row.phone,
  isStaff: row.isStaff,
})

/** The profile of a user as it is now: for a write's whoami, or a request without a session. */
export async function readUserProfile(db: Db, userId: string): Promise<UserProfile | null> {
  const [row] = await db
    .select({ ...CTX_USER_COLUMNS, phone: users.phone, emailConfirmedAt: users.emailConfirmedAt })
    .from(users)
    .where(eq(users.id, userId))
  return row ? profileOf(row) : null
}

/** Whether the session exists and has not reached its absolute end (idle ones go at the next request). */
export async function isSessionLive(db: Db, id: string): Promise<boolean> {
  const [row] = await db
    .select({ id: sessions.id })
    .from(sessions)
    .where(and(eq(sessions.id, id), gt(sessions.expiresAt, new Date())))
  return Boolean(row)
}

export async function deleteSession(db: Db, id: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.id, id))
}

/** Ends every session of a user but, optionally, the one they are using. */
export async function deleteUserSessions(db: Db, userId: string, keepId?: string | null): Promise<void> {
  await db
    .delete(sessions)
    .where(keepId ? and(eq(sessions.userId, userId), ne(sessions.id, keepId)) : eq(sessions.userId, userId))
}

export async function listUserSessions(db: Db, userId: string) {
  return db
    .select({
      id: sessions.id,
      createdAt: sessions.createdAt,
      lastSeenAt: sessions.lastSeenAt,
      ip: sessions.ip,
      userAgent: sessions.userAgent,
    })
    .from(sessions)
    .where(eq(sessions.userId, userId))
    .orderBy(desc(sessions.lastSeenAt))
}
