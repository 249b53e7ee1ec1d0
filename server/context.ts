import type { MemberRole, RoleType, VerificationStatus } from '#common/organizations.ts'
import type { Db } from './db/client.ts'
import { AppError } from './errors.ts'
import { findCtxUser } from './modules/identity/sessions.ts'
import { listUserOrganizations, MEMBERSHIPS } from './modules/organizations/organizations.context.ts'

export interface CtxUser {
  id: string
  email: string
  name: string
  isStaff: boolean
  selectedOrganizationId: string | null
}

/** The selected organization as the signed-in member sees it. */
export interface CtxOrganization {
  id: string
  memberRole: MemberRole
  roles: { type: RoleType; status: VerificationStatus }[]
}

/**
 * Who is asking, passed first to every service function. Every caller gets it from the factory
 * below: a request (plugins/session.ts puts it on `req.ctx` for handlers, loaders and actions), a
 * WebSocket connection, a job or a script.
 */
export interface Ctx {
  db: Db
  requestId: string
  /** The client address as the proxy chain reports it (TRUST_PROXY), for rate limits. */
  ip: string
  userAgent: string
  user: CtxUser | null
  /** The id (token hash) of the current session, when signed in. */
  sessionId: string | null
  /**
   * A visitor's browser identity (the SHA-256 of the guest cookie), set when the browser has one:
   * it owns what a guest keeps between visits (the compare list). Absent outside requests.
   */
  guestId?: string | null
  organization: CtxOrganization | null
  /** The platform itself (a job, a script), acting for nobody; services decide what it may do. */
  isSystem: boolean
  /**
   * Reads shared by everything one read-only request (GET, HEAD) does, so that its loaders see
   * one answer and ask once (`readOnce`). Absent elsewhere: a write must see what it wrote.
   */
  reads?: Map<symbol, Promise<unknown>>
}

/** Where a call comes from: the request, connection, job or script, for logs, audit and rate limits. */
export interface CtxOrigin {
  requestId: string
  ip: string
  userAgent: string
}

const INTERNAL: Omit<CtxOrigin, 'requestId'> = { ip: 'internal', userAgent: '' }

/** A visitor who is not signed in (the guest cookie, when the browser has one, owns their compare list). */
export function guestCtx(db: Db, origin: CtxOrigin, guestId: string | null = null): Ctx {
  return { db, ...origin, guestId, user: null, sessionId: null, organization: null, isSystem: false }
}

/**
 * The platform acting on its own (a background job, a script): no user, no organization. Its
 * `requestId` names the job or script in logs and audit rows.
 */
export function systemCtx(db: Db, origin: Partial<CtxOrigin> & { requestId: string }): Ctx {
  return { db, ...INTERNAL, ...origin, user: null, sessionId: null, organization: null, isSystem: true }
}

/**
 * A signed-in user with their selected organization, as a request of theirs would see it. Takes
 * the user's id, or the user already read with the session (saves a query per request). Throws
 * `unauthorized` when the account does not exist.
 */
export async function ctxForUser(
  db: Db,
  user: string | CtxUser,
  origin: Partial<CtxOrigin> & { sessionId?: string | null; guestId?: string | null; reads?: Ctx['reads'] } = {},
): Promise<Ctx> {
  const { sessionId = null, guestId = null, reads, ...where } = origin
  const found = typeof user === 'string' ? await findCtxUser(db, user) : user
  if (!found) throw new AppError('unauthorized', 'Войдите, чтобы продолжить')
  return {
    reads,
    db,
    requestId: `user:${found.id}`,
    ...INTERNAL,
    ...where,
    guestId,
    user: found,
    sessionId,
    organization: await selectedOrganization(db, found, reads),
    isSystem: false,
  }
}

export function requireUser(ctx: Ctx): CtxUser {
  if (!ctx.user) throw new AppError('unauthorized', 'Войдите, чтобы продолжить')
  return ctx.user
}

export function requireStaff(ctx: Ctx): CtxUser {
  const user = requireUser(ctx)
  if (!user.isStaff) throw new AppError('forbidden', 'Доступно только сотрудникам платформы')
  return user
}

/**
 * The organization the user works as, out of all the user's memberships (one statement). A
 * read-only request keeps them for the page's whoami (`readOnce`), which would otherwise ask again.
 */
async function selectedOrganization(db: Db, user: CtxUser, reads: Ctx['reads']): Promise<CtxOrganization | null> {
  const memberships = listUserOrganizations(db, user.id, user.selectedOrganizationId)
  reads?.set(MEMBERSHIPS, memberships)
  const selected = (await memberships).find((org) => org.isSelected)
  if (!selected) return null
  return {
    id: selected.id,
    memberRole: selected.memberRole,
    roles: selected.roles.map(({ type, status }) => ({ type, status })),
  }
}

/** The same context inside a transaction: services pass it on so every write shares it. */
export function withDb(ctx: Ctx, db: Db): Ctx {
  // What the request read before is not what the transaction sees.
  return { ...ctx, db, reads: undefined }
}

/**
 * `read()` once per read-only request: its other callers get the same answer (a failed read is
 * forgotten, so the next caller tries again). Outside such a request, simply `read()`.
 */
export function readOnce<T>(ctx: Pick<Ctx, 'reads'>, key: symbol, read: () => Promise<T>): Promise<T> {
  const reads = ctx.reads
  if (!reads) return read()
  const known = reads.get(key) as Promise<T> | undefined
  if (known) return known
  const fresh = read()
  reads.set(key, fresh)
  fresh.catch(() => reads.delete(key))
  return fresh
}
