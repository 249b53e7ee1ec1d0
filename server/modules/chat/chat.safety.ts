import { and, desc, eq, inArray } from 'drizzle-orm'
import { CHAT_MESSAGES, type ChatReport, ReportInput, ReportListQuery } from '#common/chat.ts'
import { isUuid } from '#common/validators.ts'
import { type Ctx, requireStaff } from '../../context.ts'
import { AppError } from '../../errors.ts'
import { parse } from '../../parse.ts'
import { recordAudit } from '../audit/index.ts'
import type { RateLimiter, RateLimitRule } from '../rate-limit/index.ts'
import { requireChatter, roomOfAny } from './chat.access.ts'
import { chatBlocks, chatMessages, chatReports, chatRooms } from './chat.table.ts'
import type { ViewDeps } from './chat.view.ts'

export const REPORT_RATE_LIMIT: RateLimitRule = { limit: 20, windowMs: 60 * 60_000 }
const STAFF_PAGE = 100

/**
 * What keeps the chat civil: an organization blocks another (no one writes in their rooms until
 * it unblocks), and a member reports a message to staff, who see the reports and close them.
 */
export function createChatSafety(deps: ViewDeps & { limiter: RateLimiter }) {
  const { members } = deps

  async function otherOrganization(ctx: Ctx, id: string) {
    const notFound = new AppError('not_found', 'Организация не найдена')
    if (!isUuid(id) || !(await members.describe(ctx.db, [id])).has(id)) throw notFound
    return id
  }

  return {
    async block(ctx: Ctx, organizationId: string): Promise<void> {
      const chatter = await requireChatter(ctx, members)
      const other = await otherOrganization(ctx, organizationId)
      const mine = chatter.selectedOrganizationId!
      if (other === mine) throw new AppError('invalid', CHAT_MESSAGES.selfChat)
      await ctx.db
        .insert(chatBlocks)
        .values({ organizationId: mine, blockedOrganizationId: other, createdBy: chatter.user.id })
        .onConflictDoNothing()
      await recordAudit(ctx, { action: 'chat.block', targetType: 'organization', targetId: other })
    },

    async unblock(ctx: Ctx, organizationId: string): Promise<void> {
      const chatter = await requireChatter(ctx, members)
      const other = await otherOrganization(ctx, organizationId)
      await ctx.db
        .delete(chatBlocks)
        .where(
          and(
            eq(chatBlocks.organizationId, chatter.selectedOrganizationId!),
            eq(chatBlocks.blockedOrganizationId, other),
          ),
        )
      await recordAudit(ctx, { action: 'chat.unblock', targetType: 'organization', targetId: other })
    },

    /** A report on a message of the other side; reporting the same message twice changes nothing. */
    async report(ctx: Ctx, messageId: string, input: unknown): Promise<{ id: string }> {
      const chatter = await requireChatter(ctx, members)
      const { reason } = parse(ReportInput, input)
      const notFound = new AppError('not_found', CHAT_MESSAGES.messageNotFound)
      if (!isUuid(messageId)) throw notFound
      const [found] = await ctx.db
        .select({ id: chatMessages.id, authorOrganizationId: chatMessages.authorOrganizationId })
        .from(chatMessages)
        .innerJoin(chatRooms, eq(chatRooms.id, chatMessages.roomId))
        .where(and(eq(chatMessages.id, messageId), roomOfAny(chatter.organizationIds)))
      if (!found) throw notFound
      if (!found.authorOrganizationId || chatter.organizationIds.includes(found.authorOrganizationId)) {
        throw new AppError('invalid', 'Пожаловаться можно только на сообщение другой организации')
      }
      await deps.limiter.hit(`chat:report:${chatter.user.id}`, REPORT_RATE_LIMIT)
      const values = {
        messageId,
        reporterUserId: chatter.user.id,
        reporterOrganizationId: chatter.selectedOrganizationId!,
        reason,
      }
      const [created] = await ctx.db
        .insert(chatReports)
        .values(values)
        .onConflictDoNothing()
        .returning({ id: chatReports.id })
      if (created) return created
      const [existing] = await ctx.db
        .select({ id: chatReports.id })
        .from(chatReports)
        .where(and(eq(chatReports.messageId, messageId), eq(chatReports.reporterUserId, chatter.user.id)))
      return existing!
    },

    /** Staff: reports by status, newest first, with the message and who wrote it. */
    async listReports(ctx: Ctx, query: unknown = {}): Promise<{ items: ChatReport[] }> {
      requireStaff(ctx)
      const { status } = parse(ReportListQuery, query)
      const rows = await ctx.db
        .select({ report: chatReports, message: chatMessages, room: chatRooms })
        .from(chatReports)
        .innerJoin(chatMessages, eq(chatMessages.id, chatReports.messageId))
        .innerJoin(chatRooms, eq(chatRooms.id, chatMessages.roomId))
        .where(eq(chatReports.status, status))
        .orderBy(desc(chatReports.createdAt))
        .limit(STAFF_PAGE)
      const userIds = rows.flatMap((r) => [
        r.report.reporterUserId,
        ...(r.message.authorUserId ? [r.message.authorUserId] : []),
      ])
      const orgIds = rows.flatMap((r) => [r.report.reporterOrganizationId, r.room.sideA, r.room.sideB])
      const [people, orgs] = await Promise.all([
        deps.describeUsers(ctx, [...new Set(userIds)]),
        members.describe(ctx.db, orgIds),
      ])
      const name = new Map(people.map((p) => [p.id, p.name]))
      const orgName = (id: string | null) => (id ? (orgs.get(id)?.name ?? '') : '')
      return {
        items: rows.map(({ report, message, room }) => ({
          id: report.id,
          reason: report.reason,
          status: report.status,
          createdAt: report.createdAt.toISOString(),
          resolvedAt: report.resolvedAt?.toISOString() ?? null,
          reporter: {
            name: name.get(report.reporterUserId) ?? '',
            organizationName: orgName(report.reporterOrganizationId),
          },
          message: {
            id: message.id,
            content: message.content,
            files: message.files,
            createdAt: message.createdAt.toISOString(),
            deletedAt: message.deletedAt?.toISOString() ?? null,
            author: message.authorUserId
              ? { name: name.get(message.authorUserId) ?? '', organizationName: orgName(message.authorOrganizationId) }
              : null,
          },
          room: { guid: room.id, sides: [orgName(room.sideA), orgName(room.sideB)] },
        })),
      }
    },

    async resolveReport(ctx: Ctx, id: string): Promise<void> {
      const staff = requireStaff(ctx)
      const notFound = new AppError('not_found', 'Жалоба не найдена')
      if (!isUuid(id)) throw notFound
      const updated = await ctx.db
        .update(chatReports)
        .set({ status: 'resolved', resolvedAt: new Date(), resolvedBy: staff.id })
        .where(inArray(chatReports.id, [id]))
        .returning({ id: chatReports.id })
      if (!updated.length) throw notFound
      await recordAudit(ctx, { action: 'chat.report_resolved', targetType: 'chat_report', targetId: id })
    },
  }
}

export type ChatSafety = ReturnType<typeof createChatSafety>
