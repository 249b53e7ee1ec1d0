import type { Ctx } from '../../context.ts'
import type { CompareService } from '../compare/compare.service.ts'

export interface HeaderSummary {
  chatUnreadMessagesCount: number
  cartCount: number
  compareCount: number
}

export interface HeaderService {
  /** The header's counters; cart and chat add theirs as those modules land. */
  summary(ctx: Ctx): Promise<HeaderSummary>
}

export function createHeaderService(deps: { compare: Pick<CompareService, 'count'> }): HeaderService {
  return {
    async summary(ctx) {
      return { chatUnreadMessagesCount: 0, cartCount: 0, compareCount: await deps.compare.count(ctx) }
    },
  }
}
