import { and, eq, sql } from 'drizzle-orm'
import { CHAT_LIMITS, type ChatMessage, type ChatRoom } from '#common/chat.ts'
import type { Ctx } from '../../context.ts'
import type { Db } from '../../db/client.ts'
import type { MemberDirectory } from '../organizations/index.ts'
import { type Chatter, counterpartOf, type RoomRow, sideOf } from './chat.access.ts'
import { chatBlocks, chatMessages, chatReads } from './chat.table.ts'

export type MessageRow = typeof chatMessages.$inferSelect
export type Block = { organizationId: string; blockedOrganizationId: string }

export interface ViewDeps {
  members: MemberDirectory
  describeUsers: (ctx: Ctx, ids: string[]) => Promise<{ id: string; name: string; email: string }[]>
}

/**
 * Unread messages per room for one user: after their read mark, not deleted, and not written by
 * one of their own organizations (a colleague's message is the side's own). One statement.
 */
export async function unreadByRoom(
  db: Db,
  userId: string,
  organizationIds: string[],
  roomIds: string[] | 'all',
): Promise<Map<string, number>> {
  if (roomIds !== 'all' && !roomIds.length) return new Map()
  const inRooms =
    roomIds === 'all'
      ? sql`m.room_id in (select id from chat_rooms where side_a = any(${sql.param(organizationIds)}::uuid[])
          or side_b = any(${sql.param(organizationIds)}::uuid[]))`
      : sql`m.room_id = any(${sql.param(roomIds)}::uuid[])`
  const result = (await db.execute(sql`
    select m.room_id, count(*)::int as n from chat_messages m
    left join chat_reads r on r.room_id = m.room_id and r.user_id = ${userId}
    where ${inRooms}
      and m.seq > coalesce(r.last_read_seq, 0) and m.deleted_at is null
      and (m.author_organization_id is null or m.author_organization_id <> all(${sql.param(organizationIds)}::uuid[]))
      and (m.mover_organization_id is null or m.mover_organization_id <> all(${sql.param(organizationIds)}::uuid[]))
    group by m.room_id`)) as unknown as { rows: { room_id: string; n: number }[] }
  return new Map(result.rows.map((r) => [r.room_id, Number(r.n)]))
}

/** A room's name for one side: a request room's title, otherwise the other organization's name. */
export function roomNameOf(room: Pick<RoomRow, 'type' | 'requestTitle'>, counterpart: { name: string } | undefined) {
  return room.type === 'request' ? (room.requestTitle ?? '') : (counterpart?.name ?? '')
}

/** The blocks between the two organizations of each pair, either way; one statement for all. */
export async function blocksAmong(db: Db, pairs: { a: string; b: string }[]): Promise<Block[]> {
  if (!pairs.length) return []
  const result = (await db.execute(sql`
    select b.organization_id, b.blocked_organization_id from chat_blocks b
    join unnest(${sql.param(pairs.map((p) => p.a))}::uuid[], ${sql.param(pairs.map((p) => p.b))}::uuid[]) as p(a, b)
      on (b.organization_id = p.a and b.blocked_organization_id = p.b)
      or (b.organization_id = p.b and b.blocked_organization_id = p.a)
    group by 1, 2`)) as unknown as { rows: { organization_id: string; blocked_organization_id: string }[] }
  return result.rows.map((r) => ({
    organizationId: r.organization_id,
    blockedOrganizationId: r.blocked_organization_id,
  }))
}

/** Of the blocks read, those between these two organizations. */
export const blocksBetween = (blocks: Block[], a: string, b: string) =>
  blocks.filter(
    (x) =>
      (x.organizationId === a && x.blockedOrganizationId === b) ||
      (x.organizationId === b && x.blockedOrganizationId === a),
  )

/** Rooms as one user sees them (names from their side, unread counts, blocks): a fixed number of statements. */
export async function viewRooms(ctx: Ctx, deps: ViewDeps, chatter: Chatter, rooms: RoomRow[]): Promise<ChatRoom[]> {
  if (!rooms.length) return []
  const ids = rooms.map((r) => r.id)
  const sides = rooms.map((room) => {
    const side = sideOf(chatter, room)
    return { room, side, counterpart: counterpartOf(room, side) }
  })
  const [orgs, unread, lasts, blocks] = await Promise.all([
    deps.members.describe(
      ctx.db,
      sides.map((s) => s.counterpart),
    ),
    unreadByRoom(ctx.db, chatter.user.id, chatter.organizationIds, ids),
    ctx.db
      .select({
        roomId: chatMessages.roomId,
        content: chatMessages.content,
        createdAt: chatMessages.createdAt,
        isSystem: chatMessages.isSystem,
        files: chatMessages.files,
        deletedAt: chatMessages.deletedAt,
      })
      .from(chatMessages)
      .where(
        sql`(${chatMessages.roomId}, ${chatMessages.seq}) in (select id, last_seq from chat_rooms where id = any(${sql.param(ids)}::uuid[]))`,
      ),
    ctx.db
      .select()
      .from(chatBlocks)
      .where(
        sql`${chatBlocks.organizationId} = any(${sql.param(chatter.organizationIds)}::uuid[])
          or ${chatBlocks.blockedOrganizationId} = any(${sql.param(chatter.organizationIds)}::uuid[])`,
      ),
  ])
  const lastByRoom = new Map(lasts.map((m) => [m.roomId, m]))
  return sides.map(({ room, side, counterpart }) => {
    const last = lastByRoom.get(room.id) ?? null
    return toRoom(room, side, { org: orgs.get(counterpart), last, unread: unread.get(room.id) ?? 0, blocks })
  })
}

type LastMessageRow = Pick<MessageRow, 'content' | 'createdAt' | 'isSystem' | 'files' | 'deletedAt'>

/** A room as the side `side` sees it, from what was read for it. */
export function toRoom(
  room: RoomRow,
  side: string,
  parts: {
    org: { name: string; slug: string } | undefined
    last: LastMessageRow | null
    unread: number
    blocks: { organizationId: string; blockedOrganizationId: string }[]
  },
): ChatRoom {
  const counterpart = counterpartOf(room, side)
  const { org, last, blocks } = parts
  const blockedBy = (by: string, whom: string) =>
    blocks.some((b) => b.organizationId === by && b.blockedOrganizationId === whom)
  return {
    guid: room.id,
    type: room.type,
    name: roomNameOf(room, org),
    counterpart: { organizationId: counterpart, name: org?.name ?? '', slug: org?.slug ?? null },
    context: room.context ?? null,
    lastMessage: last
      ? {
          content: last.deletedAt ? '' : last.content,
          createdAt: last.createdAt.toISOString(),
          isSystem: last.isSystem,
          hasFiles: last.files.length > 0,
        }
      : null,
    unreadCount: parts.unread,
    blocked: blockedBy(side, counterpart) ? 'us' : blockedBy(counterpart, side) ? 'them' : null,
    createdAt: room.createdAt.toISOString(),
  }
}

/** The highest message number the other side has read: own messages up to it are «прочитано». */
export async function readByOtherSide(db: Db, roomId: string, counterpart: string): Promise<number> {
  const [row] = await db
    .select({ seq: sql<number>`coalesce(max(${chatReads.lastReadSeq}), 0)::int` })
    .from(chatReads)
    .where(and(eq(chatReads.roomId, roomId), eq(chatReads.organizationId, counterpart)))
  return Number(row?.seq ?? 0)
}

/**
 * Messages of one room as one user sees them; the room's name is read with the organizations the
 * messages need anyway, unless the caller already has it.
 */
export async function viewMessages(
  ctx: Ctx,
  deps: ViewDeps,
  chatter: Chatter,
  room: RoomRow,
  roomName: string | null,
  rows: MessageRow[],
): Promise<ChatMessage[]> {
  if (!rows.length) return []
  const side = sideOf(chatter, room)
  const counterpart = counterpartOf(room, side)
  const authorIds = [...new Set(rows.flatMap((r) => (r.authorUserId ? [r.authorUserId] : [])))]
  const [people, orgs, readSeq] = await Promise.all([
    deps.describeUsers(ctx, authorIds),
    deps.members.describe(ctx.db, [room.sideA, room.sideB]),
    readByOtherSide(ctx.db, room.id, counterpart),
  ])
  const names = new Map(people.map((p) => [p.id, p.name]))
  const name = roomName ?? roomNameOf(room, orgs.get(counterpart))
  return rows.map((row) => toMessage(row, { room, roomName: name, me: chatter, names, orgs, readSeq }))
}

interface MessageViewInput {
  room: RoomRow
  roomName: string
  me: Chatter
  names: Map<string, string>
  orgs: Map<string, { name: string }>
  readSeq: number
}

export function toMessage(row: MessageRow, v: MessageViewInput): ChatMessage {
  const isOwn = row.authorOrganizationId !== null && v.me.organizationIds.includes(row.authorOrganizationId)
  const deleted = row.deletedAt !== null
  const inWindow = Date.now() - row.createdAt.getTime() < CHAT_LIMITS.editWindowMinutes * 60_000
  return {
    id: row.id,
    clientId: row.clientId,
    roomGuid: v.room.id,
    roomName: v.roomName,
    content: deleted ? '' : row.content,
    files: deleted ? [] : row.files,
    isSystem: row.isSystem,
    author:
      row.authorUserId && row.authorOrganizationId
        ? {
            userId: row.authorUserId,
            name: v.names.get(row.authorUserId) ?? '',
            organizationId: row.authorOrganizationId,
            organizationName: v.orgs.get(row.authorOrganizationId)?.name ?? '',
          }
        : null,
    isOwn,
    state: isOwn ? (row.seq <= v.readSeq ? 'read' : 'sent') : null,
    createdAt: row.createdAt.toISOString(),
    editedAt: row.editedAt?.toISOString() ?? null,
    deletedAt: row.deletedAt?.toISOString() ?? null,
    canChange: !deleted && !row.isSystem && row.authorUserId === v.me.user.id && inWindow,
  }
}

/** Members of both sides: who a room's publications go to. */
export async function roomAudience(db: Db, members: MemberDirectory, room: Pick<RoomRow, 'sideA' | 'sideB'>) {
  return members.membersOf(db, [room.sideA, room.sideB])
}
