import { sql } from 'drizzle-orm'
import { chatChannel, type ChatEvent, type ChatEventType } from '#common/chat.ts'
import type { Ctx } from '../../context.ts'
import type { RealtimePublisher } from '../../realtime/publisher.ts'
import { counterpartOf, type RoomRow } from './chat.access.ts'
import { chatBlocks } from './chat.table.ts'
import { type MessageRow, roomNameOf, toMessage, toRoom, type ViewDeps } from './chat.view.ts'

/**
 * What the sender has already read, so a publication does not read it again: the room's two
 * organizations, the author's name, and the blocks between them.
 */
export interface KnownFacts {
  orgs: Map<string, { id: string; name: string; slug: string }>
  names: { id: string; name: string }[]
  blocks: { organizationId: string; blockedOrganizationId: string }[]
}

interface Recipient {
  userId: string
  /** The side they are on in this room. */
  organizationId: string
}

/**
 * The realtime side of the chat: who hears of a message, a change or a read mark, and the event
 * each of them gets on `chat:{userId}`, built from their own side of the room (its name, whether
 * the message is theirs, their unread count in it). A fixed number of statements per publication,
 * whatever the number of members.
 */
export function createChatPublications(deps: ViewDeps & { publisher: RealtimePublisher }) {
  async function recipientsOf(ctx: Ctx, room: RoomRow): Promise<Recipient[]> {
    const seen = new Set<string>()
    const out: Recipient[] = []
    for (const m of await deps.members.membersOf(ctx.db, [room.sideA, room.sideB])) {
      if (seen.has(m.userId)) continue // in both organizations: one event, as the first side
      seen.add(m.userId)
      out.push(m)
    }
    return out
  }

  /** Unread messages of this room for each recipient, in one statement. */
  async function unreadOf(ctx: Ctx, room: RoomRow, recipients: Recipient[]): Promise<Map<string, number>> {
    if (!recipients.length) return new Map()
    const result = (await ctx.db.execute(sql`
      select u.user_id, count(m.id)::int as n
      from unnest(${sql.param(recipients.map((r) => r.userId))}::uuid[], ${sql.param(recipients.map((r) => r.organizationId))}::uuid[]) as u(user_id, org_id)
      left join chat_reads r on r.room_id = ${room.id} and r.user_id = u.user_id
      left join chat_messages m on m.room_id = ${room.id} and m.seq > coalesce(r.last_read_seq, 0)
        and m.deleted_at is null and (m.author_organization_id is null or m.author_organization_id <> u.org_id)
        and (m.mover_organization_id is null or m.mover_organization_id <> u.org_id)
      group by u.user_id`)) as unknown as { rows: { user_id: string; n: number }[] }
    return new Map(result.rows.map((r) => [r.user_id, Number(r.n)]))
  }

  async function publish(
    ctx: Ctx,
    room: RoomRow,
    row: MessageRow | null,
    eventTypeFor: (recipient: Recipient) => ChatEventType | null,
    recipients: Recipient[],
    known?: KnownFacts,
  ): Promise<string[]> {
    const targets = recipients.flatMap((r) => {
      const eventType = eventTypeFor(r)
      return eventType ? [{ ...r, eventType }] : []
    })
    if (!targets.length) return []
    const authorId = row?.authorUserId
    const [orgs, people, unread, blocks] = await Promise.all([
      known?.orgs ?? deps.members.describe(ctx.db, [room.sideA, room.sideB]),
      known?.names ?? (authorId ? deps.describeUsers(ctx, [authorId]) : Promise.resolve([])),
      unreadOf(ctx, room, targets),
      known?.blocks ??
        ctx.db
          .select()
          .from(chatBlocks)
          .where(
            sql`(${chatBlocks.organizationId} = ${room.sideA} and ${chatBlocks.blockedOrganizationId} = ${room.sideB})
              or (${chatBlocks.organizationId} = ${room.sideB} and ${chatBlocks.blockedOrganizationId} = ${room.sideA})`,
          ),
    ])
    const names = new Map(people.map((p) => [p.id, p.name]))
    await Promise.all(
      targets.map((target) => {
        const counterpart = counterpartOf(room, target.organizationId)
        const org = orgs.get(counterpart)
        const roomName = roomNameOf(room, org)
        const me = {
          user: { id: target.userId },
          organizationIds: [target.organizationId],
          selectedOrganizationId: null,
        }
        const message = row ? toMessage(row, { room, roomName, me, names, orgs, readSeq: 0 }) : null
        const shown = toRoom(room, target.organizationId, {
          org,
          last: row && target.eventType !== 'roomRead' ? row : null,
          unread: unread.get(target.userId) ?? 0,
          blocks,
        })
        const event: ChatEvent = { eventType: target.eventType, message, room: shown }
        return deps.publisher.publish(chatChannel(target.userId), event)
      }),
    )
    return targets.map((t) => t.userId)
  }

  return {
    /**
     * A new message: news to the other side (and to everyone for a system message), never to the
     * author's own side. The room's first message arrives as `roomCreated`. Answers who was told.
     */
    async messageCreated(ctx: Ctx, room: RoomRow, row: MessageRow, known?: KnownFacts): Promise<string[]> {
      const eventType: ChatEventType = room.lastSeq <= 1 ? 'roomCreated' : 'messageCreated'
      return publish(
        ctx,
        room,
        row,
        (r) => (row.isSystem || r.organizationId !== row.authorOrganizationId ? eventType : null),
        await recipientsOf(ctx, room),
        known,
      )
    },

    /** An edit or a deletion: everyone in the room but the one who made it. */
    async messageUpdated(ctx: Ctx, room: RoomRow, row: MessageRow, byUserId: string): Promise<void> {
      await publish(
        ctx,
        room,
        row,
        (r) => (r.userId === byUserId ? null : 'messageUpdated'),
        await recipientsOf(ctx, room),
      )
    },

    /**
     * Someone read the room: the other side sees its messages marked read, and the reader's other
     * tabs correct their counters.
     */
    async roomRead(ctx: Ctx, room: RoomRow): Promise<void> {
      await publish(ctx, room, null, () => 'roomRead', await recipientsOf(ctx, room))
    },
  }
}

export type ChatPublications = ReturnType<typeof createChatPublications>
