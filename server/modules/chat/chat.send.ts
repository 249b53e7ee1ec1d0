import { sql } from 'drizzle-orm'
import { CHAT_MESSAGES, type ChatMessage, type SendMessageInput } from '#common/chat.ts'
import type { Ctx, CtxUser } from '../../context.ts'
import type { Db } from '../../db/client.ts'
import { rowsOf } from '../../db/rows.ts'
import { isUniqueViolation } from '../../db/errors.ts'
import { AppError } from '../../errors.ts'
import { groupCommit, type Outcome } from '../../group-commit.ts'
import { type Chatter, counterpartOf, roomNotFound, type RoomRow, sideOf } from './chat.access.ts'
import type { ChatDeps } from './chat.deps.ts'
import { SEND_RATE_LIMIT } from './chat.deps.ts'
import { attachableFiles } from './chat.files.ts'
import type { ChatPublications, KnownFacts } from './chat.publish.ts'
import { fromStored, insertMessages, type MessageToWrite, type StoredMessage } from './chat.store.ts'
import { chatRooms } from './chat.table.ts'
import {
  blocksAmong,
  blocksBetween,
  type MessageRow,
  roomNameOf,
  toMessage,
  type ViewDeps,
  viewMessages,
} from './chat.view.ts'

/** A message a member sends: who (with the organization they work as), where, and what. */
export interface Send {
  ctx: Ctx
  user: CtxUser
  selectedOrganizationId: string
  guid: string
  data: SendMessageInput
}

export interface Sent {
  message: ChatMessage
  created: boolean
}

/** A send that passed its checks, on its way to the write. */
interface Checked {
  index: number
  send: Send
  chatter: Chatter
  room: RoomRow
  side: string
  known: KnownFacts
}

/**
 * Sending, grouped: the sends that arrive while a group is being written go together in the next
 * one (`groupCommit`), so a burst of them costs about nine statements in all instead of eight
 * each: the senders' organizations, the rooms, the messages already sent with these client ids,
 * the blocks and names, one write of every message with their numbers and read marks, and the
 * recipients and their unread counts for the publications. Each send still gets its own answer
 * or its own error (a room it may not see, a block, the rate limit), as if it had gone alone.
 */
export function createChatSender(deps: ChatDeps, view: ViewDeps, publications: ChatPublications) {
  const { members } = deps

  async function existingOf(db: Db, sends: Send[]): Promise<Map<string, MessageRow>> {
    const rows = rowsOf<StoredMessage>(
      await db.execute(sql`
        select m.* from chat_messages m
        join unnest(${sql.param(sends.map((s) => s.user.id))}::uuid[], ${sql.param(sends.map((s) => s.data.clientId))}::uuid[])
          as k(author_user_id, client_id)
        on m.author_user_id = k.author_user_id and m.client_id = k.client_id`),
    ).map(fromStored)
    return new Map(rows.map((row) => [`${row.authorUserId}:${row.clientId}`, row]))
  }

  async function roomsOf(db: Db, guids: string[]): Promise<Map<string, RoomRow>> {
    const rows = await db
      .select()
      .from(chatRooms)
      .where(sql`${chatRooms.id} = any(${sql.param([...new Set(guids)])}::uuid[])`)
    return new Map(rows.map((r) => [r.id, r]))
  }

  /** A message already stored with the send's client id (a retry): what it stored, as the sender sees it. */
  async function answerStored(send: Send, chatter: Chatter, room: RoomRow, row: MessageRow): Promise<Sent> {
    if (row.roomId !== room.id)
      throw new AppError('conflict', 'Этот идентификатор сообщения уже использован в другом чате')
    const [message] = await viewMessages(send.ctx, view, chatter, room, null, [row])
    return { message: message!, created: false }
  }

  async function sendGroup(db: Db, sends: Send[], retry = true): Promise<Outcome<Sent>[]> {
    const outcomes: Outcome<Sent>[] = []
    const fail = (index: number, error: unknown) => (outcomes[index] = { ok: false, error })
    const ctx = sends[0]!.ctx
    const [organizations, rooms, existing] = await Promise.all([
      members.organizationIdsOfUsers(
        db,
        sends.map((s) => s.user.id),
      ),
      roomsOf(
        db,
        sends.map((s) => s.guid),
      ),
      existingOf(db, sends),
    ])

    // Which room each may write in, and the retries: answered with what they stored.
    const fresh: { index: number; send: Send; chatter: Chatter; room: RoomRow }[] = []
    const retries: Promise<void>[] = []
    const firstOfKey = new Map<string, number>()
    const sameAsEarlier: { index: number; earlier: number; send: Send; chatter: Chatter; room: RoomRow }[] = []
    sends.forEach((send, index) => {
      const chatter: Chatter = {
        user: send.user,
        organizationIds: organizations.get(send.user.id) ?? [],
        selectedOrganizationId: send.selectedOrganizationId,
      }
      const room = rooms.get(send.guid)
      if (!room || !chatter.organizationIds.some((id) => id === room.sideA || id === room.sideB)) {
        fail(index, roomNotFound())
        return
      }
      const key = `${send.user.id}:${send.data.clientId}`
      const stored = existing.get(key)
      if (stored) {
        retries.push(
          answerStored(send, chatter, room, stored).then(
            (value) => void (outcomes[index] = { ok: true, value }),
            (error) => void fail(index, error),
          ),
        )
        return
      }
      // The same client id twice in one group: the second is a retry of the first.
      const earlier = firstOfKey.get(key)
      if (earlier !== undefined) {
        sameAsEarlier.push({ index, earlier, send, chatter, room })
        return
      }
      firstOfKey.set(key, index)
      fresh.push({ index, send, chatter, room })
    })

    // Read once for the checks and the publications: the blocks and the organizations' names.
    const sides = fresh.map(({ chatter, room }) => {
      const side = sideOf(chatter, room)
      return { side, counterpart: counterpartOf(room, side) }
    })
    const [blocks, orgs] = await Promise.all([
      blocksAmong(
        db,
        sides.map(({ side, counterpart }) => ({ a: side, b: counterpart })),
      ),
      members.describe(
        db,
        fresh.flatMap(({ room }) => [room.sideA, room.sideB]),
      ),
    ])
    const checked: (Checked & { files: MessageToWrite['values']['files'] })[] = []
    await Promise.all(
      fresh.map(async ({ index, send, chatter, room }, i) => {
        const { side, counterpart } = sides[i]!
        const between = blocksBetween(blocks, side, counterpart)
        try {
          if (!send.data.content && !send.data.fileIds.length) {
            throw new AppError('invalid', CHAT_MESSAGES.empty, { content: CHAT_MESSAGES.empty })
          }
          if (between.some((b) => b.organizationId === side)) throw new AppError('forbidden', CHAT_MESSAGES.blockedByUs)
          if (between.length) throw new AppError('forbidden', CHAT_MESSAGES.blockedByThem)
          await deps.limiter.hit(`chat:send:${send.user.id}`, SEND_RATE_LIMIT)
          const files = await attachableFiles(send.ctx, deps.files, send.data.fileIds)
          const known = { orgs, names: [{ id: send.user.id, name: send.user.name }], blocks: between }
          checked.push({ index, send, chatter, room, side, known, files })
        } catch (error) {
          fail(index, error)
        }
      }),
    )
    // The write numbers each room's messages in the order given: keep the order they came in.
    checked.sort((a, b) => a.index - b.index)

    let rows: MessageRow[]
    try {
      rows = await insertMessages(
        ctx,
        checked.map(({ send, room, side, files }) => ({
          room,
          values: {
            clientId: send.data.clientId,
            authorUserId: send.user.id,
            authorOrganizationId: side,
            content: send.data.content,
            files,
          },
          readAs: { userId: send.user.id, organizationId: side },
        })),
      )
    } catch (error) {
      // The same client id stored meanwhile by another instance: each send again on its own,
      // which finds it and answers with it.
      if (!retry || !isUniqueViolation(error)) throw error
      return (await Promise.all(sends.map((send) => sendGroup(db, [send], false)))).flat()
    }

    const created = checked.map((c, i) => ({ ...c, row: rows[i]! }))
    const audiences = await publications.messagesCreated(
      ctx,
      created.map(({ room, row, known }) => ({ room: { ...room, lastSeq: row.seq }, row, known })),
    )
    if (deps.onUnread) await deps.onUnread(ctx, audiences.flat())
    for (const { index, send, chatter, room, side, known, row } of created) {
      // Just stored: nobody of the other side has read it yet.
      const message = toMessage(row, {
        room,
        roomName: roomNameOf(room, orgs.get(counterpartOf(room, side))),
        me: chatter,
        names: new Map([[send.user.id, send.user.name]]),
        orgs: known.orgs,
        readSeq: 0,
      })
      outcomes[index] = { ok: true, value: { message, created: true } }
    }
    await Promise.all([
      ...retries,
      ...sameAsEarlier.map(async ({ index, earlier, send, chatter, room }) => {
        const first = created.find((c) => c.index === earlier)
        if (!first) outcomes[index] = outcomes[earlier]!
        else
          await answerStored(send, chatter, room, first.row).then(
            (value) => void (outcomes[index] = { ok: true, value }),
            (error) => void fail(index, error),
          )
      }),
    ])
    return outcomes
  }

  const sendGrouped = groupCommit<Db, Send, Sent>((db, sends) => sendGroup(db, sends))
  return (send: Send): Promise<Sent> => sendGrouped(send.ctx.db, send)
}
