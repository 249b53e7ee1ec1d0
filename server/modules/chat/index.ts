import type { Ctx } from '../../context.ts'
import { memberDirectory, vendorDirectory } from '../organizations/index.ts'
import { defineModule } from '../module.ts'
import { requireChatter } from './chat.access.ts'
import { createChatDigests, DIGEST_JOB } from './chat.digest.ts'
import { chatRoutes } from './chat.routes.ts'
import { type ChatCore, createChatService, PUBLISH_JOB } from './chat.service.ts'
import { type ChatSafety, createChatSafety } from './chat.safety.ts'
import * as tables from './chat.table.ts'

/**
 * Conversations between organizations: rooms, messages, read marks, blocks and reports, e-mail
 * digests. Publications go out through the realtime module (`services.realtime`), whose
 * endpoint or Centrifugo delivers them; `issueToken` gives a confirmed user their connection token.
 */
export type ChatService = ChatCore & {
  safety: ChatSafety
  digests: ReturnType<typeof createChatDigests>
  issueToken(ctx: Ctx): Promise<string>
}

export const chatModule = defineModule({
  name: 'chat',
  tables,
  routes: chatRoutes,
  // Any room, as the platform: only the modules whose lifecycles have rooms may write there.
  internal: ['postSystemMessage', 'postSystemMessages', 'postNews', 'openRequestRoom', 'openRequestRooms'],
  jobs: [PUBLISH_JOB, DIGEST_JOB],
  service: ({ config, limiter, log }, { realtime, catalog, files, identity, jobs, notifications }): ChatService => {
    const describeUsers = identity.describeUsers
    const digests = createChatDigests({
      members: memberDirectory,
      describeUsers,
      jobs,
      events: notifications,
      delayMinutes: config.CHAT_DIGEST_DELAY_MINUTES,
    })
    return {
      ...createChatService({
        members: memberDirectory,
        vendors: vendorDirectory,
        catalog,
        describeUsers,
        files,
        publisher: realtime,
        jobs,
        limiter,
        log,
        onUnread: digests.schedule,
      }),
      safety: createChatSafety({ members: memberDirectory, describeUsers, limiter }),
      digests,
      async issueToken(ctx) {
        const chatter = await requireChatter(ctx, memberDirectory)
        // Bound to the session: signing out or a password reset ends it (and its sockets).
        return realtime.issueToken(chatter.user.id, ctx.sessionId)
      },
    }
  },
})
