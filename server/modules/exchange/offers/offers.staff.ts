import { eq } from 'drizzle-orm'
import { OFFER_MESSAGES, OfferFixesInput, OfferQueueQuery } from '#common/exchange/offers.ts'
import { type Ctx, requireStaff } from '../../../context.ts'
import { staffDecisions } from '../../../moderation/decisions.ts'
import { AppError } from '../../../errors.ts'
import { parse } from '../../../parse.ts'
import { offerMachine } from './offers.machine.ts'
import { publishedServiceOffers, serviceOffers } from './offers.table.ts'
import { waitingForStaff } from '../../../moderation/queue.ts'
import { type OfferParts, type OffersDeps, type OfferRow, offerId, offerProblems, contentOf } from './offers.parts.ts'

/** Staff's side of service offers: the queue, an offer under review, the decisions (the moderation kit's). */
export function createStaffOffers(deps: OffersDeps, { details }: OfferParts) {
  async function findAny(ctx: Ctx, id: string): Promise<OfferRow> {
    const [row] = await ctx.db
      .select()
      .from(serviceOffers)
      .where(eq(serviceOffers.id, offerId(id)))
    if (!row) throw new AppError('not_found', OFFER_MESSAGES.notFound)
    return row
  }

  /** Tells of a staff decision (the vendor's managers hear of it), in the caller's transaction. */
  async function tell(ctx: Ctx, decision: 'approved' | 'fixes_requested', row: OfferRow, comment: string | null) {
    const organization = await deps.organizations.nameOf(ctx, row.organizationId)
    const [live] = await ctx.db
      .select({ sellerSlug: publishedServiceOffers.sellerSlug })
      .from(publishedServiceOffers)
      .where(eq(publishedServiceOffers.id, row.id))
    await deps.events.emit(ctx, {
      type: 'exchange.offer_moderated',
      decision,
      organization,
      offer: { id: row.id, title: row.title },
      sellerSlug: live?.sellerSlug ?? null,
      comment,
    })
  }

  /** The offer as staff review it, from its row. */
  async function reviewOf(ctx: Ctx, row: OfferRow) {
    const vendors = await deps.vendors.describeVendors(ctx, [row.organizationId])
    return { ...(await details(ctx, row)), vendor: vendors.get(row.organizationId) ?? null }
  }

  const decisions = staffDecisions({
    moderation: offerMachine,
    auditName: 'service_offer',
    find: findAny,
    problemsOf: offerProblems,
    incomplete: OFFER_MESSAGES.incomplete,
    // The exchange's copy of the approved revision, with the seller's name and page of today.
    async publish(tx, row) {
      const seller = (await deps.vendors.describeVendors(tx, [row.organizationId])).get(row.organizationId)
      if (!seller) throw new AppError('not_found', OFFER_MESSAGES.notFound)
      const version = {
        organizationId: row.organizationId,
        sellerName: seller.name,
        sellerSlug: seller.slug,
        ...contentOf(row),
        publishedAt: new Date(),
      }
      await tx.db
        .insert(publishedServiceOffers)
        .values({ id: row.id, ...version })
        .onConflictDoUpdate({ target: publishedServiceOffers.id, set: version })
    },
    tell: (tx, decision, row, comment) => tell(tx, decision, row, comment),
  })

  return {
    /** Offers waiting for a decision, the longest-waiting first. */
    async queue(ctx: Ctx, query: unknown) {
      requireStaff(ctx)
      const { page } = parse(OfferQueueQuery, query ?? {})
      const pageSize = 20
      const { rows, total } = await waitingForStaff(ctx, serviceOffers, { page, pageSize })
      const vendors = await deps.vendors.describeVendors(
        ctx,
        rows.map((r) => r.organizationId),
      )
      return {
        items: rows.map((r) => ({
          id: r.id,
          title: r.title,
          type: r.type,
          priceFromKopecks: r.priceFromKopecks,
          priceUnit: r.priceUnit,
          regions: r.regions,
          nationwide: r.nationwide,
          photo: r.photos[0] ?? null,
          vendor: vendors.get(r.organizationId) ?? null,
          /** A new version of an offer on the exchange, rather than a new offer. */
          isUpdate: r.published,
          submittedAt: r.submittedAt,
        })),
        page,
        pageSize,
        total,
      }
    },

    /** An offer as staff review it, with its vendor. */
    async review(ctx: Ctx, id: string) {
      requireStaff(ctx)
      return reviewOf(ctx, await findAny(ctx, id))
    },

    /**
     * Approves the offer: its version goes into `published_service_offers` with the seller's
     * current name and slug, and the exchange shows it from now on.
     */
    async approve(ctx: Ctx, id: string) {
      return reviewOf(ctx, await decisions.approve(ctx, id))
    },

    /** Sends the offer back with what to fix; a published version stays on the exchange. */
    async requestFixes(ctx: Ctx, id: string, input: unknown) {
      requireStaff(ctx)
      const { comment } = parse(OfferFixesInput, input ?? {})
      return reviewOf(ctx, await decisions.requestFixes(ctx, id, comment))
    },
  }
}
