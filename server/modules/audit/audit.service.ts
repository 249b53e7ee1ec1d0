import type { Ctx } from '../../context.ts'
import { auditLog } from './audit.table.ts'

export interface AuditEntry {
  action: string
  targetType: string
  targetId: string
  details?: Record<string, unknown>
}

/** Appends to the audit log inside the caller's transaction when it has one (ctx.db). */
export async function recordAudit(ctx: Ctx, entry: AuditEntry): Promise<void> {
  await ctx.db.insert(auditLog).values({
    actorUserId: ctx.user?.id ?? null,
    action: entry.action,
    targetType: entry.targetType,
    targetId: entry.targetId,
    details: entry.details ?? {},
    ip: ctx.ip,
  })
}
