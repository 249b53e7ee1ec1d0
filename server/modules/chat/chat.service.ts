import { and, type AnyColumn, desc, eq, inArray, isNotNull, lt, or, sql } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import {
  CHAT_LIMITS,
  CHAT_MESSAGES,
  type ChatContext,
  type ChatMessage,
  type ChatMessagePage,
  type ChatRoom,
  type ChatRoomList,
  EditMessageInput,
  MessagePageQuery,
  OpenRoomInput,
  productContext,
  RoomListQuery,
  SendMessageInput,
} from '#common/chat.ts'
import { isUuid } from '#common/validators.ts'
import { type Ctx, requireUser, systemCtx, withDb } from '../../context.ts'
import { findOrCreate } from '../../idempotency.ts'
import { type SideWords, wordsOf } from './chat.words.ts'
import { AppError } from '../../errors.ts'
import type { JobsService } from '../../jobs/jobs.service.ts'
import { parse } from '../../parse.ts'
import type { RealtimePublisher } from '../../realtime/publisher.ts'
import type { CatalogService } from '../catalog/index.ts'
import type { MemberDirectory, VendorDirectory } from '../organizations/index.ts'
import type { FilesService } from '../files/index.ts'
import type { RateLimiter, RateLimitRule } from '../rate-limit/index.ts'
import {
  type Chatter,
  counterpartOf,
  findRoom,
  requireChatter,
  roomNotFound,
  roomOfAny,
  type RoomRow,
  sideOf,
} from './chat.access.ts'
import { attachableFiles } from './chat.files.ts'
import { createChatPublications } from './chat.publish.ts'
import { chatDigests, chatMessages, chatReads, chatRooms } from './chat.table.ts'
import {
  blocksBetween,
  type MessageRow,
  roomNameOf,
  toMessage,
  unreadByRoom,
  type ViewDeps,
  viewMessages,
  viewRooms,
} from './chat.view.ts'

/** A person typing fast, not a script: 30 messages a minute. */
export const SEND_RATE_LIMIT: RateLimitRule = { limit: 30, windowMs: 60_000 }
/** New conversations an organization's member opens in an hour. */
export const OPEN_RATE_LIMIT: RateLimitRule = { limit: 30, windowMs: 60 * 60_000 }

export interface ChatDeps {
  members: MemberDirectory
  vendors: Pick<VendorDirectory, 'resolveVendorSlugs' | 'confirmedVendorIds'>
  catalog: Pick<CatalogService, 'getProduct'>
  describeUsers: ViewDeps['describeUsers']
  files: Pick<FilesService, 'describeMany' | 'readAttached'>
  publisher: RealtimePublisher
  /** System messages written in another module's transaction are published by a job queued with them. */
  jobs: Pick<JobsService, 'register' | 'enqueue' | 'wake'>
  limiter: RateLimiter
  log: (msg: string, err?: unknown) => void
  /** Called for each user a new message is news to (e-mail digests when they stay away). */
  onUnread?: (ctx: Ctx, userIds: string[]) => Promise<void>
}

/** Publishes system messages once the transaction that wrote them has committed. */
export const PUBLISH_JOB = 'chat.publish_system_messages'

/** A request room between a service request's customer and one vendor answering it. */
export interface RequestRoomInput {
  requestId: string
  title: string
  customerOrganizationId: string
  vendorOrganizationId: string
}

/** A message row as a statement of ours returns it (snake_case; bigint as text on `pg`). */
interface StoredMessage {
  id: string
  room_id: string
  seq: string | number
  client_id: string | null
  author_user_id: string | null
  author_organization_id: string | null
  content: string
  files: MessageRow['files'] | string
  is_system: boolean
  created_at: Date | string
  edited_at: Date | string | null
  deleted_at: Date | string | null
}

const dateOf = (value: Date | string | null) => (value === null ? null : new Date(value))

function fromStored(r: StoredMessage): MessageRow {
  return {
    id: r.id,
    roomId: r.room_id,
    seq: Number(r.seq),
    clientId: r.client_id,
    authorUserId: r.author_user_id,
    authorOrganizationId: r.author_organization_id,
    content: r.content,
    files: typeof r.files === 'string' ? (JSON.parse(r.files) as MessageRow['files']) : r.files,
    isSystem: r.is_system,
    createdAt: new Date(r.created_at),
    editedAt: dateOf(r.edited_at),
    deletedAt: dateOf(r.deleted_at),
  }
}

export function createChatService(deps: ChatDeps) {
  const { members } = deps
  const view: ViewDeps = { members, describeUsers: deps.describeUsers }
  const publications = createChatPublications({ members, publisher: deps.publisher, describeUsers: deps.describeUsers })

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

  async function roomView(ctx: Ctx, chatter: Chatter, room: RoomRow): Promise<ChatRoom> {
    const [one] = await viewRooms(ctx, view, chatter, [room])
    return one!
  }

  async function seen(ctx: Ctx, userId: string) {
    await ctx.db
      .insert(chatDigests)
      .values({ userId, unsubscribeToken: crypto.randomUUID(), lastSeenAt: new Date() })
      .onConflictDoUpdate({ target: chatDigests.userId, set: { lastSeenAt: new Date() } })
  }

  /** The product card a room opened from a product page shows, and the product's vendor. */
  async function fromProduct(ctx: Ctx, slug: string): Promise<{ vendorId: string; context: ChatContext }> {
    const product = await deps.catalog.getProduct(ctx, slug)
    return { vendorId: product.vendor.id, context: productContext(product) }
  }

  /**
   * Writes the next message of the room in one statement: its number (the room's `last_seq`, whose
   * row lock orders concurrent sends), the row, and the sender's read mark. One statement is one
   * round trip instead of five (a transaction of three), and it is atomic all the same.
   */
  async function insertMessage(
    ctx: Ctx,
    room: RoomRow,
    values: Pick<
      typeof chatMessages.$inferInsert,
      'clientId' | 'authorUserId' | 'authorOrganizationId' | 'content' | 'files' | 'isSystem'
    >,
    readAs: { userId: string; organizationId: string } | null,
  ): Promise<MessageRow> {
    const mark = readAs
      ? sql`, mark as (
          insert into chat_reads (room_id, user_id, organization_id, last_read_seq)
          select room_id, ${readAs.userId}::uuid, ${readAs.organizationId}::uuid, seq from msg
          on conflict (room_id, user_id) do update set last_read_seq = excluded.last_read_seq,
            organization_id = excluded.organization_id, updated_at = now()
        )`
      : sql``
    const result = (await ctx.db.execute(sql`
      with next as (
        update chat_rooms set last_seq = last_seq + 1, last_message_at = now()
        where id = ${room.id}::uuid returning last_seq
      ), msg as (
        insert into chat_messages (room_id, seq, client_id, author_user_id, author_organization_id, content, files, is_system)
        select ${room.id}::uuid, next.last_seq, ${values.clientId ?? null}::uuid, ${values.authorUserId ?? null}::uuid,
          ${values.authorOrganizationId ?? null}::uuid, ${values.content}::text, ${JSON.stringify(values.files ?? [])}::jsonb,
          ${values.isSystem ?? false}::boolean
        from next
        returning *
      )${mark}
      select * from msg`)) as unknown as { rows: StoredMessage[] }
    const [row] = result.rows
    if (!row) throw roomNotFound()
    return fromStored(row)
  }

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

  /** When a room was last active: its last message, or its opening. The room list's order. */
  const activityOf = (room: { lastMessageAt: AnyColumn; createdAt: AnyColumn }) =>
    sql`coalesce(${room.lastMessageAt}, ${room.createdAt})`

  /**
   * The rooms after the caller's room `guid` in the list's order (latest activity, then id): the
   * cursor of the next page. Compared in the database, to the microsecond, so rooms whose last
   * message came at the same moment are neither skipped nor shown twice. Another guid, or one
   * not of the caller's rooms, leaves nothing after it.
   */
  function afterRoom(ctx: Ctx, chatter: Chatter, guid: string) {
    if (!isUuid(guid)) return sql`false`
    const cursor = alias(chatRooms, 'cursor_room')
    const ids = sql.param(chatter.organizationIds)
    const place = ctx.db
      .select({ activity: activityOf(cursor), id: cursor.id })
      .from(cursor)
      .where(
        and(
          eq(cursor.id, guid.toLowerCase()),
          or(sql`${cursor.sideA} = any(${ids}::uuid[])`, sql`${cursor.sideB} = any(${ids}::uuid[])`),
        ),
      )
    return sql`(${activityOf(chatRooms)}, ${chatRooms.id}) < (${place})`
  }

  const service = {
    /** Rooms of the caller's organizations, latest activity first, with a search by name. */
    async listRooms(ctx: Ctx, query: unknown = {}): Promise<ChatRoomList> {
      const chatter = await requireChatter(ctx, members)
      const { q, before } = parse(RoomListQuery, query)
      await seen(ctx, chatter.user.id)
      // An empty room shows only to the side that opened it, until someone writes.
      const visible = or(
        isNotNull(chatRooms.lastMessageAt),
        sql`${chatRooms.openedBy} = any(${sql.param(chatter.organizationIds)}::uuid[])`,
      )
      const activity = activityOf(chatRooms)
      let rows = await ctx.db
        .select()
        .from(chatRooms)
        .where(and(roomOfAny(chatter.organizationIds), visible, before ? afterRoom(ctx, chatter, before) : undefined))
        .orderBy(desc(activity), desc(chatRooms.id))
        .limit(q ? 1000 : CHAT_LIMITS.roomsPageSize + 1)
      let items = await viewRooms(ctx, view, chatter, rows)
      if (q) {
        // Names come from the other side's organization, so the search runs over what the user sees.
        const needle = q.toLocaleLowerCase('ru')
        const matching = new Set(
          items.filter((r) => r.name.toLocaleLowerCase('ru').includes(needle)).map((r) => r.guid),
        )
        rows = rows.filter((r) => matching.has(r.id))
        items = items.filter((r) => matching.has(r.guid))
      }
      const more = items.length > CHAT_LIMITS.roomsPageSize
      items = items.slice(0, CHAT_LIMITS.roomsPageSize)
      const last = rows[items.length - 1]
      return {
        items,
        nextCursor: more && last ? last.id : null,
      }
    },

    async getRoom(ctx: Ctx, guid: string): Promise<ChatRoom> {
      const chatter = await requireChatter(ctx, members)
      return roomView(ctx, chatter, await findRoom(ctx, chatter, guid))
    },

    /**
     * The direct room with a seller (by organization id, seller slug or the product asked about),
     * created on first use: one room per pair of organizations. A product becomes its context card.
     */
    async openDirectRoom(ctx: Ctx, input: unknown): Promise<{ room: ChatRoom; created: boolean }> {
      const chatter = await requireChatter(ctx, members)
      const data = parse(OpenRoomInput, input)
      const notFound = new AppError('not_found', CHAT_MESSAGES.sellerNotFound)
      let vendorId = data.organizationId
      let context: ChatContext | null = null
      if (data.productSlug) ({ vendorId, context } = await fromProduct(ctx, data.productSlug))
      if (!vendorId && data.sellerSlug) {
        vendorId = (await deps.vendors.resolveVendorSlugs(ctx, [data.sellerSlug])).get(data.sellerSlug)
      }
      if (!vendorId || !(await members.describe(ctx.db, [vendorId])).has(vendorId)) throw notFound
      const mine = ctx.organization!.id
      if (chatter.organizationIds.includes(vendorId)) throw new AppError('invalid', CHAT_MESSAGES.selfChat)
      const [sideA, sideB] = mine < vendorId ? [mine, vendorId] : [vendorId, mine]
      const pair = and(eq(chatRooms.type, 'direct'), eq(chatRooms.sideA, sideA), eq(chatRooms.sideB, sideB))
      const [existing] = await ctx.db.select().from(chatRooms).where(pair)
      if (existing) {
        // Asked about another product: the card shows what the conversation is about now.
        const room = context
          ? ((await ctx.db.update(chatRooms).set({ context }).where(eq(chatRooms.id, existing.id)).returning())[0] ??
            existing)
          : existing
        return { room: await roomView(ctx, chatter, room), created: false }
      }
      // A new conversation is with a confirmed seller, or with a party the organization already
      // deals with (an order, a service request or a proposal has a room between the two): no
      // unsolicited messages to any organization of the register.
      if (!(await deps.vendors.confirmedVendorIds(ctx, [vendorId])).has(vendorId)) {
        const [dealing] = await ctx.db
          .select({ id: chatRooms.id })
          .from(chatRooms)
          .where(
            or(
              and(eq(chatRooms.sideA, mine), eq(chatRooms.sideB, vendorId)),
              and(eq(chatRooms.sideA, vendorId), eq(chatRooms.sideB, mine)),
            ),
          )
          .limit(1)
        if (!dealing) throw notFound
      }
      await deps.limiter.hit(`chat:open:${chatter.user.id}`, OPEN_RATE_LIMIT)
      const [created] = await ctx.db
        .insert(chatRooms)
        .values({ type: 'direct', sideA, sideB, context, openedBy: mine })
        .onConflictDoNothing()
        .returning()
      // Two first clicks at once: the other one created it.
      const room = created ?? (await ctx.db.select().from(chatRooms).where(pair))[0]!
      return { room: await roomView(ctx, chatter, room), created: created !== undefined }
    },

    /**
     * The room of a service request with one vendor answering it, created on first use. Called
     * by the services exchange for the customer or the vendor (or the platform).
     */
    async openRequestRoom(ctx: Ctx, input: RequestRoomInput): Promise<{ guid: string; created: boolean }> {
      const values = {
        type: 'request' as const,
        sideA: input.customerOrganizationId,
        sideB: input.vendorOrganizationId,
        requestId: input.requestId,
        requestTitle: input.title,
        openedBy: input.vendorOrganizationId,
      }
      const [created] = await ctx.db
        .insert(chatRooms)
        .values(values)
        .onConflictDoNothing()
        .returning({ id: chatRooms.id })
      if (created) return { guid: created.id, created: true }
      const [existing] = await ctx.db
        .select({ id: chatRooms.id })
        .from(chatRooms)
        .where(
          and(
            eq(chatRooms.type, 'request'),
            eq(chatRooms.requestId, input.requestId),
            eq(chatRooms.sideB, input.vendorOrganizationId),
          ),
        )
      return { guid: existing!.id, created: false }
    },

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
     * connection) returns the message already stored, never a second one.
     */
    async send(ctx: Ctx, guid: string, input: unknown): Promise<{ message: ChatMessage; created: boolean }> {
      const chatter = await requireChatter(ctx, members)
      const room = await findRoom(ctx, chatter, guid)
      const data = parse(SendMessageInput, input)
      const shown = async (row: MessageRow) => (await viewMessages(ctx, view, chatter, room, null, [row]))[0]!
      const findSent = async () =>
        (
          await ctx.db
            .select()
            .from(chatMessages)
            .where(and(eq(chatMessages.authorUserId, chatter.user.id), eq(chatMessages.clientId, data.clientId)))
        )[0]
      const side = sideOf(chatter, room)
      const counterpart = counterpartOf(room, side)
      // Read once for a new message's checks and its publication.
      const [blocks, orgs] = await Promise.all([
        blocksBetween(ctx.db, side, counterpart),
        members.describe(ctx.db, [room.sideA, room.sideB]),
      ])
      const sent = await findOrCreate(findSent, async () => {
        if (!data.content && !data.fileIds.length) {
          throw new AppError('invalid', CHAT_MESSAGES.empty, { content: CHAT_MESSAGES.empty })
        }
        if (blocks.some((b) => b.organizationId === side)) throw new AppError('forbidden', CHAT_MESSAGES.blockedByUs)
        if (blocks.length) throw new AppError('forbidden', CHAT_MESSAGES.blockedByThem)
        await deps.limiter.hit(`chat:send:${chatter.user.id}`, SEND_RATE_LIMIT)
        const files = await attachableFiles(ctx, deps.files, data.fileIds)
        return insertMessage(
          ctx,
          room,
          {
            clientId: data.clientId,
            authorUserId: chatter.user.id,
            authorOrganizationId: side,
            content: data.content,
            files,
          },
          { userId: chatter.user.id, organizationId: side },
        )
      })
      // The same client id again (a retry, or the same message sent twice at once): what it stored.
      if (!sent.created) {
        if (sent.row.roomId !== room.id)
          throw new AppError('conflict', 'Этот идентификатор сообщения уже использован в другом чате')
        return { message: await shown(sent.row), created: false }
      }
      const row = sent.row
      // What the send has read already is not read again: the organizations, the author, the blocks.
      const names = [{ id: chatter.user.id, name: requireUser(ctx).name }]
      const audience = await publications.messageCreated(ctx, { ...room, lastSeq: row.seq }, row, {
        orgs,
        names,
        blocks,
      })
      if (deps.onUnread) await deps.onUnread(ctx, audience)
      // Just stored: nobody of the other side has read it yet.
      const message = toMessage(row, {
        room,
        roomName: roomNameOf(room, orgs.get(counterpart)),
        me: chatter,
        names: new Map(names.map((n) => [n.id, n.name])),
        orgs,
        readSeq: 0,
      })
      return { message, created: true }
    },

    /**
     * A message of the platform in a room (an order's or a request's news). Unread for both sides;
     * no notification pops up for it (spec section 4), but it counts and arrives live.
     *
     * `content` is the platform's own words only. What a side typed with the move (a reason, a
     * comment) is `words`: it follows as that side's message, under its name, so a comment such as
     * «БАС Маркет: реквизиты продавца изменились» never speaks with the platform's voice.
     */
    /**
     * The platform's note in a room, and the mover's own words after it, written through
     * `ctx.db` (the caller's transaction). Their realtime publication is queued in the same
     * transaction (PUBLISH_JOB): it goes out once they are committed, even if this process
     * dies right after, and never for a change that rolled back.
     */
    async postSystemMessage(ctx: Ctx, guid: string, content: string, words?: SideWords | null): Promise<void> {
      const [room] = await ctx.db.select().from(chatRooms).where(eq(chatRooms.id, guid))
      if (!room) throw roomNotFound()
      const rows = [
        await insertMessage(ctx, room, { content: content.slice(0, CHAT_LIMITS.maxContent), isSystem: true }, null),
      ]
      const text = words?.text.trim()
      if (words && text && (words.organizationId === room.sideA || words.organizationId === room.sideB)) {
        rows.push(
          await insertMessage(
            ctx,
            room,
            {
              authorUserId: words.userId,
              authorOrganizationId: words.organizationId,
              content: text.slice(0, CHAT_LIMITS.maxContent),
            },
            { userId: words.userId, organizationId: words.organizationId },
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
          await service.postSystemMessage(system, room, content, wordsOf(ctx, typed))
        })
      } catch (err) {
        deps.log(`${subject}: the room was not told`, err)
      }
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
      await seen(ctx, chatter.user.id)
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
