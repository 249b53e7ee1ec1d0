import { sql } from 'drizzle-orm'
import { type Ctx } from '../../context.ts'
import { roomNotFound, type RoomRow } from './chat.access.ts'
import { chatDigests, type chatMessages } from './chat.table.ts'
import { type MessageRow } from './chat.view.ts'

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
  mover_organization_id: string | null
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
    moverOrganizationId: r.mover_organization_id,
    createdAt: new Date(r.created_at),
    editedAt: dateOf(r.edited_at),
    deletedAt: dateOf(r.deleted_at),
  }
}

/**
 * Writes the next message of the room in one statement: its number (the room's `last_seq`, whose
 * row lock orders concurrent sends), the row, and the sender's read mark. One statement is one
 * round trip instead of five (a transaction of three), and it is atomic all the same.
 */
export async function insertMessage(
  ctx: Ctx,
  room: RoomRow,
  values: Pick<
    typeof chatMessages.$inferInsert,
    'clientId' | 'authorUserId' | 'authorOrganizationId' | 'content' | 'files' | 'isSystem' | 'moverOrganizationId'
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
      insert into chat_messages (room_id, seq, client_id, author_user_id, author_organization_id, content, files, is_system, mover_organization_id)
      select ${room.id}::uuid, next.last_seq, ${values.clientId ?? null}::uuid, ${values.authorUserId ?? null}::uuid,
        ${values.authorOrganizationId ?? null}::uuid, ${values.content}::text, ${JSON.stringify(values.files ?? [])}::jsonb,
        ${values.isSystem ?? false}::boolean, ${values.moverOrganizationId ?? null}::uuid
      from next
      returning *
    )${mark}
    select * from msg`)) as unknown as { rows: StoredMessage[] }
  const [row] = result.rows
  if (!row) throw roomNotFound()
  return fromStored(row)
}

/** The user opened the chat now: the e-mail digest waits for messages after this. */
export async function markSeen(ctx: Ctx, userId: string) {
  await ctx.db
    .insert(chatDigests)
    .values({ userId, unsubscribeToken: crypto.randomUUID(), lastSeenAt: new Date() })
    .onConflictDoUpdate({ target: chatDigests.userId, set: { lastSeenAt: new Date() } })
}
