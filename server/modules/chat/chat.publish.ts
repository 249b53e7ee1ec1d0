import { sql } from 'drizzle-orm'
import { chatChannel, type ChatEvent, type ChatEventType } from '#common/chat.ts'
import type { Ctx } from '../../context.ts'
import type { RealtimePublisher } from '../../realtime/publisher.ts'
import { counterpartOf, type RoomRow } from './chat.access.ts'
import {
  type Block,
  blocksAmong,
  blocksBetween,
  type MessageRow,
  roomNameOf,
  toMessage,
  toRoom,
  type ViewDeps,
} from './chat.view.ts'

/**
 * What the sender has already read, so a publication does not read it again: the room's two
 * organizations, the author's name, and the blocks between them.
 */
export interface KnownFacts {
  orgs: Map<string, { id: string; name: string; slug: string }>
  names: { id: string; name: string }[]
  blocks: Block[]
}

interface Recipient {
  userId: string
  /** The side they are on in this room. */
  organizationId: string
}

/** One event to tell a room's members of, and to whom: `eventTypeFor` answers null for those not told. */
interface Publication {
  room: RoomRow
  row: MessageRow | null
  eventTypeFor: (recipient: Recipient) => ChatEventType | null
  known?: KnownFacts
}

/** A new message is news to the other side (to everyone when it is the platform's), never to its author's. */
function newsOf(room: RoomRow, row: MessageRow, known?: KnownFacts): Publication {
  const eventType: ChatEventType = room.lastSeq <= 1 ? 'roomCreated' : 'messageCreated'
  return {
    room,
    row,
    eventTypeFor: (r) => (row.isSystem || r.organizationId !== row.authorOrganizationId ? eventType : null),
    known,
  }
}

/**
 * The realtime side of the chat: who hears of a message, a change or a read mark, and the event
 * each of them gets on `chat:{userId}`, built from their own side of the room (its name, whether
 * the message is theirs, their unread count in it). A fixed number of statements for any number
 * of publications and members: the messages of a group of sends go out together.
 */
export function createChatPublications(deps: ViewDeps & { publisher: RealtimePublisher }) {
  /** Each room's members, once each (someone in both organizations hears as the first side). */
  async function recipientsOf(ctx: Ctx, rooms: RoomRow[]): Promise<Recipient[][]> {
    const memberships = await deps.members.membersOf(
      ctx.db,
      rooms.flatMap((r) => [r.sideA, r.sideB]),
    )
    const byOrganization = new Map<string, typeof memberships>()
    for (const m of memberships)
      byOrganization.set(m.organizationId, [...(byOrganization.get(m.organizationId) ?? []), m])
    return rooms.map((room) => {
      const seen = new Set<string>()
      const out: Recipient[] = []
      for (const m of [...(byOrganization.get(room.sideA) ?? []), ...(byOrganization.get(room.sideB) ?? [])]) {
        if (seen.has(m.userId)) continue
        seen.add(m.userId)
        out.push({ userId: m.userId, organizationId: m.organizationId })
      }
      return out
    })
  }

  /** Unread messages of a room for each of its recipients, keyed `room:user`, in one statement. */
  async function unreadOf(ctx: Ctx, wanted: { roomId: string; recipient: Recipient }[]): Promise<Map<string, number>> {
    if (!wanted.length) return new Map()
    const unique = [...new Map(wanted.map((w) => [`${w.roomId}:${w.recipient.userId}`, w])).values()]
    const result = (await ctx.db.execute(sql`
      select u.room_id, u.user_id, count(m.id)::int as n
      from unnest(${sql.param(unique.map((w) => w.roomId))}::uuid[], ${sql.param(unique.map((w) => w.recipient.userId))}::uuid[],
        ${sql.param(unique.map((w) => w.recipient.organizationId))}::uuid[]) as u(room_id, user_id, org_id)
      left join chat_reads r on r.room_id = u.room_id and r.user_id = u.user_id
      left join chat_messages m on m.room_id = u.room_id and m.seq > coalesce(r.last_read_seq, 0)
        and m.deleted_at is null and (m.author_organization_id is null or m.author_organization_id <> u.org_id)
        and (m.mover_organization_id is null or m.mover_organization_id <> u.org_id)
      group by u.room_id, u.user_id`)) as unknown as { rows: { room_id: string; user_id: string; n: number }[] }
    return new Map(result.rows.map((r) => [`${r.room_id}:${r.user_id}`, Number(r.n)]))
  }

  /** Tells each publication's recipients; answers, per publication, who was told. */
  async function publishAll(ctx: Ctx, publications: Publication[]): Promise<string[][]> {
    const recipients = await recipientsOf(
      ctx,
      publications.map((p) => p.room),
    )
    const targets = publications.map((p, i) =>
      recipients[i]!.flatMap((r) => {
        const eventType = p.eventTypeFor(r)
        return eventType ? [{ ...r, eventType }] : []
      }),
    )
    const told = publications.filter((_, i) => targets[i]!.length)
    if (!told.length) return targets.map(() => [])
    const unknown = told.filter((p) => !p.known)
    const authorIds = unknown.flatMap((p) => (p.row?.authorUserId ? [p.row.authorUserId] : []))
    const [orgs, people, unread, blocks] = await Promise.all([
      unknown.length
        ? deps.members.describe(
            ctx.db,
            unknown.flatMap((p) => [p.room.sideA, p.room.sideB]),
          )
        : new Map<string, { id: string; name: string; slug: string }>(),
      authorIds.length ? deps.describeUsers(ctx, [...new Set(authorIds)]) : [],
      unreadOf(
        ctx,
        publications.flatMap((p, i) => targets[i]!.map((recipient) => ({ roomId: p.room.id, recipient }))),
      ),
      blocksAmong(
        ctx.db,
        unknown.map((p) => ({ a: p.room.sideA, b: p.room.sideB })),
      ),
    ])
    const names = new Map(people.map((p) => [p.id, p.name]))
    await Promise.all(
      publications.flatMap((p, i) => {
        const { room, row } = p
        const roomOrgs = p.known?.orgs ?? orgs
        const roomNames = p.known ? new Map(p.known.names.map((n) => [n.id, n.name])) : names
        const roomBlocks = blocksBetween(p.known?.blocks ?? blocks, room.sideA, room.sideB)
        return targets[i]!.map((target) => {
          const org = roomOrgs.get(counterpartOf(room, target.organizationId))
          const roomName = roomNameOf(room, org)
          const me = {
            user: { id: target.userId },
            organizationIds: [target.organizationId],
            selectedOrganizationId: null,
          }
          const message = row
            ? toMessage(row, { room, roomName, me, names: roomNames, orgs: roomOrgs, readSeq: 0 })
            : null
          const shown = toRoom(room, target.organizationId, {
            org,
            last: row && target.eventType !== 'roomRead' ? row : null,
            unread: unread.get(`${room.id}:${target.userId}`) ?? 0,
            blocks: roomBlocks,
          })
          const event: ChatEvent = { eventType: target.eventType, message, room: shown }
          return deps.publisher.publish(chatChannel(target.userId), event)
        })
      }),
    )
    return targets.map((t) => t.map((r) => r.userId))
  }

  return {
    /**
     * New messages, each with its room as of it (`lastSeq` its number): news to the other side
     * (to everyone for a system message), never to the author's own side. A room's first message
     * arrives as `roomCreated`. Answers, per message, who was told.
     */
    messagesCreated(ctx: Ctx, created: { room: RoomRow; row: MessageRow; known?: KnownFacts }[]): Promise<string[][]> {
      if (!created.length) return Promise.resolve([])
      return publishAll(
        ctx,
        created.map(({ room, row, known }) => newsOf(room, row, known)),
      )
    },

    /** An edit or a deletion: everyone in the room but the one who made it. */
    async messageUpdated(ctx: Ctx, room: RoomRow, row: MessageRow, byUserId: string): Promise<void> {
      await publishAll(ctx, [{ room, row, eventTypeFor: (r) => (r.userId === byUserId ? null : 'messageUpdated') }])
    },

    /**
     * Someone read the room: the other side sees its messages marked read, and the reader's other
     * tabs correct their counters.
     */
    async roomRead(ctx: Ctx, room: RoomRow): Promise<void> {
      await publishAll(ctx, [{ room, row: null, eventTypeFor: () => 'roomRead' }])
    },
  }
}

export type ChatPublications = ReturnType<typeof createChatPublications>
