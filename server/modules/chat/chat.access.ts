import { and, eq, or, sql } from 'drizzle-orm'
import { CHAT_MESSAGES } from '#common/chat.ts'
import { isUuid } from '#common/validators.ts'
import { type Ctx, type CtxUser, requireUser } from '../../context.ts'
import { AppError } from '../../errors.ts'
import type { MemberDirectory } from '../organizations/index.ts'
import { chatRooms } from './chat.table.ts'

export type RoomRow = typeof chatRooms.$inferSelect

/** Who is chatting: the user, the organizations they belong to, and the one they write as. */
export interface Chatter {
  user: Pick<CtxUser, 'id'>
  organizationIds: string[]
  /** The organization they work as now; in a room of two of theirs, they write as this one. */
  selectedOrganizationId: string | null
}

/**
 * The caller, if they may chat at all (spec section 6: signed in, and the selected organization
 * has a confirmed role); a 403 with the reason otherwise.
 */
export async function requireChatter(ctx: Ctx, members: MemberDirectory): Promise<Chatter> {
  const { user, selectedOrganizationId } = requireConfirmedMember(ctx)
  return { user, organizationIds: await members.organizationIdsOf(ctx.db, user.id), selectedOrganizationId }
}

/** The caller and the organization they work as, if it has a confirmed role; a 403 otherwise. */
export function requireConfirmedMember(ctx: Ctx): { user: CtxUser; selectedOrganizationId: string } {
  const user = requireUser(ctx)
  if (!ctx.organization?.roles.some((r) => r.status === 'confirmed')) {
    throw new AppError('forbidden', CHAT_MESSAGES.notConfirmed)
  }
  return { user, selectedOrganizationId: ctx.organization.id }
}

export const roomNotFound = () => new AppError('not_found', CHAT_MESSAGES.roomNotFound)

/** Rooms where one of the organizations is a side. */
export const roomOfAny = (organizationIds: string[]) =>
  or(
    sql`${chatRooms.sideA} = any(${sql.param(organizationIds)}::uuid[])`,
    sql`${chatRooms.sideB} = any(${sql.param(organizationIds)}::uuid[])`,
  )

/** A room the caller's organizations are a side of; any other guid is the same 404. */
export async function findRoom(ctx: Ctx, chatter: Chatter, guid: string): Promise<RoomRow> {
  if (!isUuid(guid)) throw roomNotFound()
  const [room] = await ctx.db
    .select()
    .from(chatRooms)
    .where(and(eq(chatRooms.id, guid), roomOfAny(chatter.organizationIds)))
  if (!room) throw roomNotFound()
  return room
}

/**
 * The side the caller writes and reads as: the selected organization when it is in the room,
 * otherwise the one of theirs that is (someone in both organizations of a room acts as the
 * selected one).
 */
export function sideOf(chatter: Chatter, room: Pick<RoomRow, 'sideA' | 'sideB'>): string {
  const selected = chatter.selectedOrganizationId
  if (selected === room.sideA || selected === room.sideB) return selected
  return chatter.organizationIds.includes(room.sideA) ? room.sideA : room.sideB
}

export const counterpartOf = (room: Pick<RoomRow, 'sideA' | 'sideB'>, side: string) =>
  room.sideA === side ? room.sideB : room.sideA
