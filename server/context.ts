import type { MemberRole, RoleType, VerificationStatus } from '#common/organizations.ts'
import type { Db } from './db/client.ts'
import { AppError } from './errors.ts'

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
 * Who is asking, passed first to every service function. REST handlers and page loaders and
 * actions get it from `requestCtx` (plugins/session.ts), built the same way for both.
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

/** The same context inside a transaction: services pass it on so every write shares it. */
export function withDb(ctx: Ctx, db: Db): Ctx {
  return { ...ctx, db }
}
