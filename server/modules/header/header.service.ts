import type { Ctx } from '../../context.ts'
import type { ChatService } from '../chat/index.ts'
import type { CompareService } from '../compare/index.ts'
import type { CartService } from '../orders/index.ts'

export interface HeaderSummary {
  chatUnreadMessagesCount: number
  cartCount: number
  compareCount: number
}

export interface HeaderService {
  /** The header's counters: unread messages, the selected organization's cart, the comparison. */
  summary(ctx: Ctx): Promise<HeaderSummary>
}

export function createHeaderService(deps: {
  compare: Pick<CompareService, 'count'>
  chat: Pick<ChatService, 'unreadCount'>
  cart: Pick<CartService, 'count'>
}): HeaderService {
  return {
    async summary(ctx) {
      const [chatUnreadMessagesCount, cartCount, compareCount] = await Promise.all([
        deps.chat.unreadCount(ctx),
        deps.cart.count(ctx),
        deps.compare.count(ctx),
      ])
      return { chatUnreadMessagesCount, cartCount, compareCount }
    },
  }
}
