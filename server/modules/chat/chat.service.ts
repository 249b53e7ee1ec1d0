import { and, desc, eq, lt, sql } from 'drizzle-orm'
import {
  CHAT_LIMITS,
  CHAT_MESSAGES,
  type ChatMessage,
  type ChatMessagePage,
  EditMessageInput,
  MessagePageQuery,
  SendMessageInput,
} from '#common/chat.ts'
import { isUuid } from '#common/validators.ts'
import { type Ctx, withDb } from '../../context.ts'
import { AppError } from '../../errors.ts'
import { parse } from '../../parse.ts'
import {
  type Chatter,
  findRoom,
  requireChatter,
  requireConfirmedMember,
  roomNotFound,
  roomOfAny,
  sideOf,
} from './chat.access.ts'
import { createChatSender } from './chat.send.ts'
import { createChatPublications } from './chat.publish.ts'
import { chatMessages, chatReads, chatRooms } from './chat.table.ts'
import { unreadByRoom, type ViewDeps, viewMessages } from './chat.view.ts'
import { markSeen } from './chat.store.ts'
import { createChatRooms } from './chat.rooms.ts'
import { createChatNews } from './chat.news.ts'
import type { ChatDeps } from './chat.deps.ts'

export { PUBLISH_JOB } from './chat.news.ts'
export type { RequestRoomInput } from './chat.rooms.ts'
export type { ChatDeps } from './chat.deps.ts'

/**
 * Conversations between organizations: the rooms (chat.rooms.ts), the messages members send,
 * edit and read (here), the platform's news in a room (chat.news.ts); every write is published
 * to the room's members through the realtime module (chat.publish.ts).
 */
export function createChatService(deps: ChatDeps) {
  const { members } = deps
  const view: ViewDeps = { members, describeUsers: deps.describeUsers }
  const publications = createChatPublications({ members, publisher: deps.publisher, describeUsers: deps.describeUsers })
  const sendGrouped = createChatSender(deps, view, publications)

  async function findOwnMessage(ctx: Ctx, chatter: Chatter, id: string) {
    const notFound = new AppError('not_found', CHAT_MESSAGES.messageNotFound)
    if (!isUuid(id)) throw notFound
    const [found] = await ctx.db
      .select({ message: chatMessages, room: chatRooms })
      .from(chatMessages)
      .innerJoin(chatRooms, eq(chatRooms.id, chatMessages.roomId))
      .where(and(eq(chatMessages.id, id), roomOfAny(chatter.organizationIds)))
    if (!found) throw notFound
    return found
  }

  async function changeOwn(
    ctx: Ctx,
    id: string,
    change: Partial<typeof chatMessages.$inferInsert>,
  ): Promise<ChatMessage> {
    const chatter = await requireChatter(ctx, members)
    const { message, room } = await findOwnMessage(ctx, chatter, id)
    if (message.isSystem) throw new AppError('forbidden', CHAT_MESSAGES.systemMessage)
    if (message.authorUserId !== chatter.user.id) throw new AppError('forbidden', CHAT_MESSAGES.notOwn)
    if (message.deletedAt) throw new AppError('conflict', CHAT_MESSAGES.deleted)
    if (Date.now() - message.createdAt.getTime() > CHAT_LIMITS.editWindowMinutes * 60_000) {
      throw new AppError('conflict', CHAT_MESSAGES.editWindowPassed)
    }
    const [row] = await ctx.db.update(chatMessages).set(change).where(eq(chatMessages.id, id)).returning()
    const [shown] = await viewMessages(ctx, view, chatter, room, null, [row!])
    await publications.messageUpdated(ctx, room, row!, chatter.user.id)
    return shown!
  }

  const service = {
    ...createChatRooms(deps, view),
    ...createChatNews(deps, publications),

    /** A page of a room's messages, oldest first, ending before `before` (the newest page without it). */
    async listMessages(ctx: Ctx, guid: string, query: unknown = {}): Promise<ChatMessagePage> {
      const chatter = await requireChatter(ctx, members)
      const room = await findRoom(ctx, chatter, guid)
      const { before } = parse(MessagePageQuery, query)
      let beforeSeq: number | null = null
      if (before) {
        const [anchor] = await ctx.db
          .select({ seq: chatMessages.seq })
          .from(chatMessages)
          .where(and(eq(chatMessages.id, before), eq(chatMessages.roomId, room.id)))
        if (!anchor) throw new AppError('not_found', CHAT_MESSAGES.messageNotFound)
        beforeSeq = anchor.seq
      }
      const rows = await ctx.db
        .select()
        .from(chatMessages)
        .where(and(eq(chatMessages.roomId, room.id), beforeSeq === null ? undefined : lt(chatMessages.seq, beforeSeq)))
        .orderBy(desc(chatMessages.seq))
        .limit(CHAT_LIMITS.pageSize + 1)
      const hasMore = rows.length > CHAT_LIMITS.pageSize
      const page = rows.slice(0, CHAT_LIMITS.pageSize).reverse()
      return { items: await viewMessages(ctx, view, chatter, room, null, page), hasMore }
    },

    /**
     * Sends a message. Idempotent by the client's id: the same id again (a retry after a dropped
     * connection) returns the message already stored, never a second one. Concurrent sends are
     * written together (chat.send.ts).
     */
    async send(ctx: Ctx, guid: string, input: unknown): Promise<{ message: ChatMessage; created: boolean }> {
      const { user, selectedOrganizationId } = requireConfirmedMember(ctx)
      if (!isUuid(guid)) throw roomNotFound()
      const data = parse(SendMessageInput, input)
      return sendGrouped({ ctx, user, selectedOrganizationId, guid, data })
    },

    edit(ctx: Ctx, id: string, input: unknown): Promise<ChatMessage> {
      const { content } = parse(EditMessageInput, input)
      return changeOwn(ctx, id, { content, editedAt: new Date() })
    },

    remove(ctx: Ctx, id: string): Promise<ChatMessage> {
      return changeOwn(ctx, id, { deletedAt: new Date() })
    },

    /** Marks the room read up to its last message; answers the caller's unread total. */
    async markRead(ctx: Ctx, guid: string): Promise<{ unreadCount: number }> {
      const chatter = await requireChatter(ctx, members)
      const room = await findRoom(ctx, chatter, guid)
      const side = sideOf(chatter, room)
      const [before] = await ctx.db
        .select({ seq: chatReads.lastReadSeq })
        .from(chatReads)
        .where(and(eq(chatReads.roomId, room.id), eq(chatReads.userId, chatter.user.id)))
      await ctx.db
        .insert(chatReads)
        .values({ roomId: room.id, userId: chatter.user.id, organizationId: side, lastReadSeq: room.lastSeq })
        .onConflictDoUpdate({
          target: [chatReads.roomId, chatReads.userId],
          set: {
            lastReadSeq: sql`greatest(${chatReads.lastReadSeq}, ${room.lastSeq})`,
            organizationId: side,
            updatedAt: sql`now()`,
          },
        })
      await markSeen(ctx, chatter.user.id)
      if ((before?.seq ?? 0) < room.lastSeq) await publications.roomRead(ctx, room)
      return { unreadCount: await this.unreadCount(ctx) }
    },

    /** Unread messages over every room of the user's organizations (the header's counter). */
    async unreadCount(ctx: Ctx): Promise<number> {
      if (!ctx.user || !ctx.organization?.roles.some((r) => r.status === 'confirmed')) return 0
      const organizationIds = await members.organizationIdsOf(ctx.db, ctx.user.id)
      if (!organizationIds.length) return 0
      const byRoom = await unreadByRoom(ctx.db, ctx.user.id, organizationIds, 'all')
      let total = 0
      for (const n of byRoom.values()) total += n
      return total
    },

    /** A file of a message in the room: members only, whoever uploaded it. */
    async readFile(ctx: Ctx, guid: string, fileId: string) {
      const chatter = await requireChatter(ctx, members)
      const room = await findRoom(ctx, chatter, guid)
      const notFound = new AppError('not_found', 'Файл не найден')
      if (!isUuid(fileId)) throw notFound
      const [attached] = await ctx.db
        .select({ id: chatMessages.id })
        .from(chatMessages)
        .where(
          and(
            eq(chatMessages.roomId, room.id),
            sql`${chatMessages.deletedAt} is null`,
            sql`${chatMessages.files} @> ${JSON.stringify([{ id: fileId }])}::jsonb`,
          ),
        )
        .limit(1)
      if (!attached) throw notFound
      return deps.files.readAttached(withDb(ctx, ctx.db), fileId)
    },
  }
  return service
}

export type ChatCore = ReturnType<typeof createChatService>
