import { eq, inArray } from 'drizzle-orm'
import { z } from '#common/zod.ts'
import { type Ctx, systemCtx } from '../../context.ts'
import { AppError } from '../../errors.ts'
import type { JobsService } from '../../jobs/jobs.service.ts'
import { parse } from '../../parse.ts'
import type { Events } from '../notifications/index.ts'
import type { MemberDirectory } from '../organizations/index.ts'
import { chatDigests, chatRooms } from './chat.table.ts'
import { unreadByRoom, type ViewDeps } from './chat.view.ts'

export const DIGEST_JOB = 'chat.digest'
/** Rooms a digest names; the rest are «и ещё N». */
const DIGEST_ROOMS = 5

// Letters, digits and dashes only: a token is a UUID, and a NUL byte must not reach the database.
const UnsubscribeInput = z.object({
  token: z
    .string()
    .min(10, 'Ссылка недействительна')
    .max(100)
    .regex(/^[\w-]+$/, 'Ссылка недействительна'),
})

/**
 * E-mail digests of unread messages for people who stay away: each message that is news to
 * someone schedules a look at them after `delayMinutes` (one per user per period); it writes only
 * if they still have unread messages, have not opened the chat since, were not written to in
 * that time, and have not unsubscribed.
 */
export function createChatDigests(
  deps: Pick<ViewDeps, 'members' | 'describeUsers'> & {
    jobs: Pick<JobsService, 'register' | 'enqueueMany'>
    events: Events
    delayMinutes: number
    members: MemberDirectory
  },
) {
  const delayMs = deps.delayMinutes * 60_000
  /** The looks this process has scheduled in the current period (another instance's are in the queue). */
  const scheduled = new Set<string>()
  let scheduledPeriod = -1

  deps.jobs.register(DIGEST_JOB, async (run) => {
    const { userId } = run.job.payload as { userId: string }
    // The digest's mark, its e-mail and the job's completion at once: a re-run sends none again.
    return run.commit((tx) => sendDigest(systemCtx(tx, { requestId: `job:${run.job.id}` }), userId))
  })

  async function sendDigest(ctx: Ctx, userId: string) {
    const [state] = await ctx.db.select().from(chatDigests).where(eq(chatDigests.userId, userId))
    const since = Date.now() - delayMs
    if (state?.unsubscribed) return { sent: false, reason: 'unsubscribed' }
    if (state?.lastSeenAt && state.lastSeenAt.getTime() > since) return { sent: false, reason: 'seen' }
    if (state?.lastSentAt && state.lastSentAt.getTime() > since) return { sent: false, reason: 'recent' }
    const organizationIds = await deps.members.organizationIdsOf(ctx.db, userId)
    const unread = organizationIds.length ? await unreadByRoom(ctx.db, userId, organizationIds, 'all') : new Map()
    const total = [...unread.values()].reduce((a, b) => a + b, 0)
    const [user] = await deps.describeUsers(ctx, [userId])
    if (!total || !user) return { sent: false, reason: 'nothing' }
    const roomIds = [...unread.keys()]
    const rooms = await ctx.db.select().from(chatRooms).where(inArray(chatRooms.id, roomIds))
    const orgs = await deps.members.describe(
      ctx.db,
      rooms.flatMap((r) => [r.sideA, r.sideB]),
    )
    const named = rooms
      .map((room) => {
        const counterpart = organizationIds.includes(room.sideA) ? room.sideB : room.sideA
        const name = room.type === 'request' ? (room.requestTitle ?? '') : (orgs.get(counterpart)?.name ?? '')
        return { guid: room.id, name, unread: unread.get(room.id) ?? 0, at: room.lastMessageAt?.getTime() ?? 0 }
      })
      .sort((a, b) => b.at - a.at)
    const token = state?.unsubscribeToken ?? crypto.randomUUID()
    await ctx.db
      .insert(chatDigests)
      .values({ userId, unsubscribeToken: token, lastSentAt: new Date() })
      .onConflictDoUpdate({ target: chatDigests.userId, set: { lastSentAt: new Date() } })
    await deps.events.emit(ctx, {
      type: 'chat.unread_digest',
      user,
      unreadCount: total,
      rooms: named.slice(0, DIGEST_ROOMS).map(({ guid, name, unread: n }) => ({ guid, name, unread: n })),
      moreRooms: Math.max(0, named.length - DIGEST_ROOMS),
      unsubscribeToken: token,
    })
    return { sent: true, unread: total }
  }

  return {
    /** Schedules a look at each user's unread messages after the delay; one per user per period. */
    async schedule(ctx: Ctx, userIds: string[]): Promise<void> {
      const period = Math.floor(Date.now() / delayMs)
      if (period !== scheduledPeriod) {
        scheduledPeriod = period
        scheduled.clear()
      }
      const runAt = new Date(Date.now() + delayMs)
      // The queue passes over a key it has anyway; remembering them spares it the statement.
      const fresh = [...new Set(userIds)].filter((userId) => !scheduled.has(`${userId}:${period}`))
      await deps.jobs.enqueueMany(
        ctx.db,
        DIGEST_JOB,
        fresh.map((userId) => ({
          payload: { userId },
          options: { key: `${userId}:${period}`, runAt, maxAttempts: 3 },
        })),
      )
      for (const userId of fresh) scheduled.add(`${userId}:${period}`)
    },

    sendDigest,

    /** The digest's unsubscribe link: no sign-in needed, the token is the proof. */
    async unsubscribe(ctx: Ctx, input: unknown): Promise<void> {
      const { token } = parse(UnsubscribeInput, input)
      const updated = await ctx.db
        .update(chatDigests)
        .set({ unsubscribed: true })
        .where(eq(chatDigests.unsubscribeToken, token))
        .returning({ userId: chatDigests.userId })
      if (!updated.length) throw new AppError('not_found', 'Ссылка недействительна или устарела')
    },
  }
}
