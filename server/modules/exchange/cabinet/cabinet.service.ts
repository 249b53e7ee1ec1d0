import {
  CABINET_MESSAGES,
  type CabinetCounts,
  type CabinetOffersPage,
  type CabinetOrdersPage,
  type CabinetProposalsPage,
  type CabinetRequestsPage,
  type SuggestedRequest,
} from '#common/exchange/cabinet.ts'
import { CABINET_EXCHANGE_TABS, type CabinetExchangeTab } from '#common/exchange/links.ts'
import type { Ctx } from '../../../context.ts'
import { AppError } from '../../../errors.ts'
import { counts } from './cabinet.counts.ts'
import { myOffers } from './cabinet.offers.ts'
import { myProposals } from './cabinet.proposals.ts'
import { myRequests, suggestedRequests } from './cabinet.requests.ts'
import { myServiceOrders } from './cabinet.service-orders.ts'

/**
 * The exchange in the personal account: what the selected organization asked for, answered,
 * offers and works on, read straight from the module's tables. Every call is a fixed number of
 * statements (a page and its counts), whatever the page holds; other organizations' rows are never
 * read, and an organization without a role simply has empty lists.
 */
export interface CabinetService {
  /** The four tabs' row counts: one statement. */
  counts(ctx: Ctx): Promise<CabinetCounts>
  myRequests(ctx: Ctx, query: unknown): Promise<CabinetRequestsPage>
  myProposals(ctx: Ctx, query: unknown): Promise<CabinetProposalsPage>
  myOffers(ctx: Ctx, query: unknown): Promise<CabinetOffersPage>
  myServiceOrders(ctx: Ctx, query: unknown): Promise<CabinetOrdersPage>
  /**
   * Open requests a vendor could answer: public ones, and invited ones that name it, of a type
   * and region one of its published offers covers (a nationwide offer covers every region); never
   * its own nor those it already answered. Newest first, at most ten. One statement.
   */
  suggestedRequests(ctx: Ctx): Promise<SuggestedRequest[]>
  /** A tab's page by its name (the REST route's entry); an unknown tab is a 404. */
  list(ctx: Ctx, tab: string, query: unknown): Promise<CabinetTabPage>
}

export type CabinetTabPage = CabinetRequestsPage | CabinetProposalsPage | CabinetOffersPage | CabinetOrdersPage

/** The cabinet's reads, one file per tab (cabinet.requests.ts, …), each a fixed number of statements. */
export function createCabinetService(): CabinetService {
  const service: CabinetService = {
    counts,
    myRequests,
    myProposals,
    myOffers,
    myServiceOrders,
    suggestedRequests,
    async list(ctx, tab, query) {
      if (!(CABINET_EXCHANGE_TABS as readonly string[]).includes(tab)) {
        throw new AppError('not_found', CABINET_MESSAGES.unknownTab)
      }
      switch (tab as CabinetExchangeTab) {
        case 'requests':
          return service.myRequests(ctx, query)
        case 'proposals':
          return service.myProposals(ctx, query)
        case 'offers':
          return service.myOffers(ctx, query)
        case 'orders':
          return service.myServiceOrders(ctx, query)
      }
    },
  }
  return service
}
