import { and, type AnyColumn, desc, eq, isNotNull, or, sql } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import {
  CHAT_LIMITS,
  CHAT_MESSAGES,
  type ChatContext,
  type ChatRoom,
  type ChatRoomList,
  OpenRoomInput,
  productContext,
  RoomListQuery,
} from '#common/chat.ts'
import { isUuid } from '#common/validators.ts'
import { type Ctx } from '../../context.ts'
import { AppError } from '../../errors.ts'
import { parse } from '../../parse.ts'
import { type Chatter, findRoom, requireChatter, roomOfAny, type RoomRow } from './chat.access.ts'
import { chatRooms } from './chat.table.ts'
import { type ViewDeps, viewRooms } from './chat.view.ts'
import { type ChatDeps, OPEN_RATE_LIMIT } from './chat.deps.ts'
import { markSeen } from './chat.store.ts'

/** A request room between a service request's customer and one vendor answering it. */
export interface RequestRoomInput {
  requestId: string
  title: string
  customerOrganizationId: string
  vendorOrganizationId: string
}

/** The caller's rooms: the list, one room, opening a direct room or a request's. */
export function createChatRooms(deps: ChatDeps, view: ViewDeps) {
  const { members } = deps
  async function roomView(ctx: Ctx, chatter: Chatter, room: RoomRow): Promise<ChatRoom> {
    const [one] = await viewRooms(ctx, view, chatter, [room])
    return one!
  }

  /** The product card a room opened from a product page shows, and the product's vendor. */
  async function fromProduct(ctx: Ctx, slug: string): Promise<{ vendorId: string; context: ChatContext }> {
    const product = await deps.catalog.getProduct(ctx, slug)
    return { vendorId: product.vendor.id, context: productContext(product) }
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

  const rooms = {
    /** Rooms of the caller's organizations, latest activity first, with a search by name. */
    async listRooms(ctx: Ctx, query: unknown = {}): Promise<ChatRoomList> {
      const chatter = await requireChatter(ctx, members)
      const { q, before } = parse(RoomListQuery, query)
      await markSeen(ctx, chatter.user.id)
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
        // Asked about another product: the card shows what the conversation is about now. From the
        // seller's page it is about the seller, no longer pinned to a product asked about before.
        const now = context ?? (data.sellerSlug && !data.productSlug ? null : existing.context)
        const room =
          now !== existing.context
            ? ((
                await ctx.db.update(chatRooms).set({ context: now }).where(eq(chatRooms.id, existing.id)).returning()
              )[0] ?? existing)
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
      return (await rooms.openRequestRooms(ctx, [input]))[0]!
    },

    /**
     * The same for several requests at once (a checkout's orders), in the order given: one
     * statement when all are new, a second for those that were there already.
     */
    async openRequestRooms(ctx: Ctx, inputs: RequestRoomInput[]): Promise<{ guid: string; created: boolean }[]> {
      if (!inputs.length) return []
      const created = await ctx.db
        .insert(chatRooms)
        .values(
          inputs.map((input) => ({
            type: 'request' as const,
            sideA: input.customerOrganizationId,
            sideB: input.vendorOrganizationId,
            requestId: input.requestId,
            requestTitle: input.title,
            openedBy: input.vendorOrganizationId,
          })),
        )
        .onConflictDoNothing()
        .returning({ id: chatRooms.id, requestId: chatRooms.requestId, sideB: chatRooms.sideB })
      const key = (requestId: string | null, vendor: string) => `${requestId}:${vendor}`
      const found = new Map(created.map((room) => [key(room.requestId, room.sideB), { guid: room.id, created: true }]))
      const missing = inputs.filter((input) => !found.has(key(input.requestId, input.vendorOrganizationId)))
      if (missing.length) {
        const existing = await ctx.db
          .select({ id: chatRooms.id, requestId: chatRooms.requestId, sideB: chatRooms.sideB })
          .from(chatRooms)
          .where(
            and(
              eq(chatRooms.type, 'request'),
              or(
                ...missing.map((input) =>
                  and(eq(chatRooms.requestId, input.requestId), eq(chatRooms.sideB, input.vendorOrganizationId)),
                ),
              ),
            ),
          )
        for (const room of existing) found.set(key(room.requestId, room.sideB), { guid: room.id, created: false })
      }
      return inputs.map((input) => found.get(key(input.requestId, input.vendorOrganizationId))!)
    },
  }
  return rooms
}
