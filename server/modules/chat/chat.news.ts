import { inArray } from 'drizzle-orm'
import { CHAT_LIMITS } from '#common/chat.ts'
import { type Ctx, systemCtx } from '../../context.ts'
import { type Mover, moverOf } from './chat.words.ts'
import { roomNotFound } from './chat.access.ts'
import { chatMessages, chatRooms } from './chat.table.ts'
import type { ChatDeps } from './chat.deps.ts'
import { insertMessages, type MessageToWrite } from './chat.store.ts'
import type { ChatPublications } from './chat.publish.ts'

/** Publishes system messages once the transaction that wrote them has committed. */
export const PUBLISH_JOB = 'chat.publish_system_messages'

/**
 * The platform's messages in a room (an order's or a request's news), written in another
 * module's transaction and published by a job queued with them once it commits.
 */
/** A platform's message for a room, and what the mover typed with the move, if anything. */
export interface RoomNews {
  room: string
  content: string
  mover?: Mover | null
}

/** The job's payload: the messages to publish, by room (one job for all the rooms a change told). */
interface PublishPayload {
  rooms?: { roomId: string; messageIds: string[] }[]
  /** Jobs queued before they covered several rooms. */
  roomId?: string
  messageIds?: string[]
}

export function createChatNews(deps: ChatDeps, publications: ChatPublications) {
  // Publishing twice is harmless (clients keep a message by its id), so a re-run needs no guard.
  deps.jobs.register(PUBLISH_JOB, async (run) => {
    const payload = run.job.payload as PublishPayload
    const rooms = payload.rooms ?? [{ roomId: payload.roomId!, messageIds: payload.messageIds! }]
    const ctx = systemCtx(run.db, { requestId: `job:${run.job.id}` })
    // Every room and message of the change in two statements, whatever the number of rooms.
    const roomIds = rooms.map((r) => r.roomId)
    const allMessageIds = rooms.flatMap((r) => r.messageIds)
    const [found, rows] = await Promise.all([
      run.db.select().from(chatRooms).where(inArray(chatRooms.id, roomIds)),
      run.db.select().from(chatMessages).where(inArray(chatMessages.id, allMessageIds)).orderBy(chatMessages.seq),
    ])
    const roomById = new Map(found.map((room) => [room.id, room]))
    const created = rooms.flatMap(({ roomId, messageIds }) => {
      const room = roomById.get(roomId)
      const ids = new Set(messageIds)
      return room
        ? rows.filter((row) => ids.has(row.id)).map((row) => ({ room: { ...room, lastSeq: row.seq }, row }))
        : []
    })
    await publications.messagesCreated(ctx, created)
    return { published: created.length }
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
      await news.postSystemMessages(ctx, [{ room: guid, content, mover }])
    },

    /**
     * The same for several rooms at once (a checkout's orders): three statements however many
     * rooms, the rooms read, the messages written, one publication job for all of them.
     */
    async postSystemMessages(ctx: Ctx, items: RoomNews[]): Promise<void> {
      if (!items.length) return
      const found = await ctx.db
        .select()
        .from(chatRooms)
        .where(inArray(chatRooms.id, [...new Set(items.map((item) => item.room))]))
      const rooms = new Map(found.map((room) => [room.id, room]))
      const messages: MessageToWrite[] = items.flatMap(({ room: guid, content, mover }) => {
        const room = rooms.get(guid)
        if (!room) throw roomNotFound()
        const side =
          mover && (mover.organizationId === room.sideA || mover.organizationId === room.sideB) ? mover : null
        const note: MessageToWrite = {
          room,
          values: {
            content: content.slice(0, CHAT_LIMITS.maxContent),
            isSystem: true,
            moverOrganizationId: side?.organizationId,
          },
          readAs: null,
        }
        if (!side?.text) return [note]
        const typed: MessageToWrite = {
          room,
          values: {
            authorUserId: side.userId,
            authorOrganizationId: side.organizationId,
            content: side.text.slice(0, CHAT_LIMITS.maxContent),
          },
          readAs: { userId: side.userId, organizationId: side.organizationId },
        }
        return [note, typed]
      })
      const written = await insertMessages(ctx, messages)
      const byRoom = new Map<string, string[]>()
      for (const row of written) byRoom.set(row.roomId, [...(byRoom.get(row.roomId) ?? []), row.id])
      const payload: PublishPayload = {
        rooms: [...byRoom].map(([roomId, messageIds]) => ({ roomId, messageIds })),
      }
      // Published by a job once the caller's transaction commits; the caller wakes the workers then.
      await deps.jobs.enqueue(ctx.db, PUBLISH_JOB, { ...payload }, { key: written[0]!.id })
    },

    /**
     * A lifecycle's news (an order moved, a proposal accepted) as system messages, and what the
     * mover (the caller) typed with the move after each, written in the caller's transaction
     * under a savepoint: the messages and their publication job commit with the move, and a
     * failure here is logged and loses only the messages, never the move. The notifications
     * module's chat channel; its `afterCommit` wakes the publication.
     */
    async postNews(ctx: Ctx, notes: { room: string; text: string; typed: string | null }[], subject: string) {
      try {
        await ctx.db.transaction(async (savepoint) => {
          const system = systemCtx(savepoint, { requestId: ctx.requestId })
          await news.postSystemMessages(
            system,
            notes.map((note) => ({ room: note.room, content: note.text, mover: moverOf(ctx, note.typed) })),
          )
        })
      } catch (err) {
        deps.log(`${subject}: the room was not told`, err)
      }
    },
  }
  return news
}
