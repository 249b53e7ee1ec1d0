import { and, desc, eq, ilike } from 'drizzle-orm'
import { type CabinetOffersPage } from '#common/exchange/cabinet.ts'
import { CabinetOffersQuery } from '#common/exchange/cabinet.schemas.ts'
import type { Ctx } from '../../../context.ts'
import { parse } from '../../../parse.ts'
import { serviceOffers } from '../offers/offers.table.ts'
import { likePattern, offerTabFilter, organizationOf, tabPage } from './cabinet.shared.ts'

/** The organization's service offers, cut into tabs as the products are: a page with its counts. */
export async function myOffers(ctx: Ctx, query: unknown): Promise<CabinetOffersPage> {
  const org = organizationOf(ctx)
  const { filter, q, page } = parse(CabinetOffersQuery, query ?? {})
  const own = eq(serviceOffers.organizationId, org)
  const search = q ? ilike(serviceOffers.title, likePattern(q)) : undefined
  const chosen = filter ? offerTabFilter(filter) : undefined
  const { rows, counts, ...paged } = await tabPage(
    page,
    ctx.db
      .select({
        id: serviceOffers.id,
        title: serviceOffers.title,
        type: serviceOffers.type,
        status: serviceOffers.status,
        published: serviceOffers.published,
        regions: serviceOffers.regions,
        nationwide: serviceOffers.nationwide,
        priceFromKopecks: serviceOffers.priceFromKopecks,
        priceUnit: serviceOffers.priceUnit,
        staffComment: serviceOffers.staffComment,
        updatedAt: serviceOffers.updatedAt,
      })
      .from(serviceOffers)
      .where(and(own, chosen, search))
      .orderBy(desc(serviceOffers.updatedAt), desc(serviceOffers.id))
      .$dynamic(),
    (fields) => ctx.db.select(fields).from(serviceOffers).where(own),
    {
      matching: and(chosen, search),
      published: offerTabFilter('published'),
      moderation: offerTabFilter('moderation'),
      nonPublished: offerTabFilter('non-published'),
    },
  )
  return {
    items: rows.map((r) => ({ ...r, updatedAt: r.updatedAt.toISOString() })),
    ...paged,
    filterCounts: { published: counts.published, moderation: counts.moderation, 'non-published': counts.nonPublished },
  }
}
