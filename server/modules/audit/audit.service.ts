import { desc, eq, like, or, type SQL } from 'drizzle-orm'
import { AuditListQuery, type Page, STAFF_PAGE_SIZE } from '#common/staff.ts'
import { replaceInvalidCharacters } from '#common/text.ts'
import { type Ctx, requireStaff } from '../../context.ts'
import { countRows, pageQuery } from '../../db/pages.ts'
import { parse } from '../../parse.ts'
import { auditLog } from './audit.table.ts'

export interface AuditEntry {
  action: string
  targetType: string
  targetId: string
  details?: Record<string, unknown>
}

/**
 * The details with characters jsonb refuses (NUL, unpaired surrogates) and other control
 * characters replaced. Client text is validated long before it gets here; this keeps a case
 * someone missed from failing the caller's whole transaction, and the entry still gets written.
 */
function toStorableDetails(details: Record<string, unknown>): Record<string, unknown> {
  return JSON.parse(
    JSON.stringify(details, (_key, value: unknown) =>
      typeof value === 'string' ? replaceInvalidCharacters(value) : value,
    ),
  ) as Record<string, unknown>
}

/** Appends to the audit log inside the caller's transaction when it has one (ctx.db). */
export async function recordAudit(ctx: Ctx, entry: AuditEntry): Promise<void> {
  await ctx.db.insert(auditLog).values({
    actorUserId: ctx.user?.id ?? null,
    action: entry.action,
    targetType: entry.targetType,
    targetId: entry.targetId,
    details: toStorableDetails(entry.details ?? {}),
    ip: ctx.ip,
  })
}

export interface AuditRecord {
  id: string
  createdAt: Date
  action: string
  targetType: string
  targetId: string
  details: unknown
  ip: string
  /** Null for the system (scripts, seeds) and for accounts that are gone. */
  actor: { id: string; name: string; email: string } | null
}

/** `lead` matches `lead` and `lead.status_change`; LIKE's wildcards in the filter are literal. */
function actionFilter(action: string | undefined): SQL | undefined {
  if (!action) return undefined
  const prefix = action.replace(/[\\%_]/g, (c) => `\\${c}`)
  return or(eq(auditLog.action, action), like(auditLog.action, `${prefix}.%`))
}

export function createAuditService(deps: {
  /** Names of the actors, from the identity module (a module reads only its own tables). */
  describeUsers: (ctx: Ctx, ids: string[]) => Promise<{ id: string; name: string; email: string }[]>
}) {
  return {
    /** Staff: the log, newest first, 50 a page; three queries whatever the page holds. */
    async list(ctx: Ctx, query: unknown): Promise<Page<AuditRecord>> {
      requireStaff(ctx)
      const { page, action } = parse(AuditListQuery, query)
      const where = actionFilter(action)
      const { rows, ...counted } = await pageQuery(
        ctx.db.select().from(auditLog).where(where).orderBy(desc(auditLog.createdAt), desc(auditLog.id)).$dynamic(),
        { page, pageSize: STAFF_PAGE_SIZE },
        countRows(ctx.db, auditLog, where),
      )
      const actorIds = [...new Set(rows.flatMap((r) => (r.actorUserId ? [r.actorUserId] : [])))]
      const actors = new Map((await deps.describeUsers(ctx, actorIds)).map((u) => [u.id, u]))
      const items = rows.map(({ actorUserId, ...r }) => ({ ...r, actor: actors.get(actorUserId ?? '') ?? null }))
      return { items, ...counted }
    },
  }
}

export type AuditService = ReturnType<typeof createAuditService>
