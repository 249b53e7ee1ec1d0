import type { Ctx } from '../../context.ts'
import type { ChatService } from '../chat/index.ts'
import type { CompareService } from '../compare/compare.service.ts'

export interface HeaderSummary {
  chatUnreadMessagesCount: number
  cartCount: number
  compareCount: number
}

export interface HeaderService {
  /** The header's counters; the cart adds its own when it lands. */
  summary(ctx: Ctx): Promise<HeaderSummary>
}

export function createHeaderService(deps: {
  compare: Pick<CompareService, 'count'>
  chat: Pick<ChatService, 'unreadCount'>
}): HeaderService {
  return {
    async summary(ctx) {
      const [chatUnreadMessagesCount, compareCount] = await Promise.all([
        deps.chat.unreadCount(ctx),
        deps.compare.count(ctx),
      ])
      return { chatUnreadMessagesCount, cartCount: 0, compareCount }
    },
  }
}
