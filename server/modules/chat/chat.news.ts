import { eq, inArray } from 'drizzle-orm'
import { CHAT_LIMITS } from '#common/chat.ts'
import { type Ctx, systemCtx } from '../../context.ts'
import { type Mover, moverOf } from './chat.words.ts'
import { roomNotFound } from './chat.access.ts'
import { chatMessages, chatRooms } from './chat.table.ts'
import type { ChatDeps } from './chat.deps.ts'
import { insertMessage } from './chat.store.ts'
import type { ChatPublications } from './chat.publish.ts'

/** Publishes system messages once the transaction that wrote them has committed. */
export const PUBLISH_JOB = 'chat.publish_system_messages'

/**
 * The platform's messages in a room (an order's or a request's news), written in another
 * module's transaction and published by a job queued with them once it commits.
 */
export function createChatNews(deps: ChatDeps, publications: ChatPublications) {
  // Publishing twice is harmless (clients keep a message by its id), so a re-run needs no guard.
  deps.jobs.register(PUBLISH_JOB, async (run) => {
    const { roomId, messageIds } = run.job.payload as { roomId: string; messageIds: string[] }
    const ctx = systemCtx(run.db, { requestId: `job:${run.job.id}` })
    const [room] = await run.db.select().from(chatRooms).where(eq(chatRooms.id, roomId))
    if (!room) return { published: 0 }
    const rows = await run.db
      .select()
      .from(chatMessages)
      .where(inArray(chatMessages.id, messageIds))
      .orderBy(chatMessages.seq)
    for (const row of rows) await publications.messageCreated(ctx, { ...room, lastSeq: row.seq }, row)
    return { published: rows.length }
  })

  const news = {
    /**
     * A message of the platform in a room (an order's or a request's news), written through
     * `ctx.db` (the caller's transaction). No notification pops up for it (spec section 4), but it
     * counts as unread and arrives live, except for the mover's organization: one's own moves are
     * not news.
     *
     * `content` is the platform's own words only. What the mover typed with the move follows as
     * that side's message, under its name, so a comment such as «БАС Маркет: реквизиты продавца
     * изменились» never speaks with the platform's voice. The realtime publication is queued in
     * the same transaction (PUBLISH_JOB): it goes out once they are committed, even if this
     * process dies right after, and never for a change that rolled back.
     */
    async postSystemMessage(ctx: Ctx, guid: string, content: string, mover?: Mover | null): Promise<void> {
      const [room] = await ctx.db.select().from(chatRooms).where(eq(chatRooms.id, guid))
      if (!room) throw roomNotFound()
      const side = mover && (mover.organizationId === room.sideA || mover.organizationId === room.sideB) ? mover : null
      const note = { content: content.slice(0, CHAT_LIMITS.maxContent), isSystem: true }
      const rows = [await insertMessage(ctx, room, { ...note, moverOrganizationId: side?.organizationId }, null)]
      if (side?.text) {
        rows.push(
          await insertMessage(
            ctx,
            room,
            {
              authorUserId: side.userId,
              authorOrganizationId: side.organizationId,
              content: side.text.slice(0, CHAT_LIMITS.maxContent),
            },
            { userId: side.userId, organizationId: side.organizationId },
          ),
        )
      }
      const messageIds = rows.map((row) => row.id)
      // Published by a job once the caller's transaction commits; the caller wakes the workers then.
      await deps.jobs.enqueue(ctx.db, PUBLISH_JOB, { roomId: room.id, messageIds }, { key: messageIds[0]! })
    },

    /**
     * A lifecycle's news (an order moved, a proposal accepted) as a system message, and what the
     * mover (the caller) typed with the move after it, written in the caller's transaction under
     * a savepoint: the messages and their publication job commit with the move, and a failure
     * here is logged and loses only the messages, never the move. The notifications module's
     * chat channel; its `afterCommit` wakes the publication.
     */
    async postNews(ctx: Ctx, room: string, content: string, typed: string | null, subject: string): Promise<void> {
      try {
        await ctx.db.transaction(async (savepoint) => {
          const system = systemCtx(savepoint, { requestId: ctx.requestId })
          await news.postSystemMessage(system, room, content, moverOf(ctx, typed))
        })
      } catch (err) {
        deps.log(`${subject}: the room was not told`, err)
      }
    },
  }
  return news
}
