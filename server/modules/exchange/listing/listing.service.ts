import { and, asc, desc, eq, gte, isNull, lte, or, type SQL, sql } from 'drizzle-orm'
import {
  EXCHANGE_PAGE_SIZE,
  type ExchangePage,
  type OfferCard,
  type OfferDetails,
  type RequestCard,
  SELLER_SERVICE_REVIEWS,
  type SellerServices,
  type ServiceReview,
} from '#common/exchange/listing.ts'
import { ExchangeQuery } from '#common/exchange/listing-query.ts'
import type { AnyPgColumn } from 'drizzle-orm/pg-core'
import type { Ctx } from '../../../context.ts'
import { onPage } from '../../../db/pages.ts'
import { AppError } from '../../../errors.ts'
import { parse } from '../../../parse.ts'
import type { CatalogService } from '../../catalog/index.ts'
import type { SellersService } from '../../sellers/index.ts'
import { publishedServiceOffers as offers } from '../offers/offers.table.ts'
import { serviceRequests as requests } from '../requests/requests.table.ts'
import { serviceReviews as reviews } from '../service-orders/service-orders.table.ts'
import { contractorRatingOf, customersVisibleReviews } from '../service-orders/contractor-records.ts'
import { storedHtml } from '../../../text/sanitize.ts'

export interface ListingDeps {
  /** The vendor's profile and current slugs: organizations are read through the sellers directory. */
  sellers: Pick<SellersService, 'getSeller' | 'describeVendors'>
  /** Titles and slugs of the equipment an offer names. */
  catalog: Pick<CatalogService, 'getProductsByIds'>
}

/**
 * «опрыскив поле» → `опрыскив:* & поле:*`: every word, each as a prefix, stemmed by the Russian
 * dictionary. Only letters and digits reach to_tsquery, so no input can break its syntax.
 */
function searchTerms(q: string | undefined): { tsquery: string; like: string } | null {
  const words = (q ?? '')
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .slice(0, 8)
  if (!words.length) return null
  return {
    tsquery: words.map((w) => `${w}:*`).join(' & '),
    like: `%${q!.trim().replace(/[\\%_]/g, (c) => `\\${c}`)}%`,
  }
}

/**
 * Full-text words (stemmed: «опрыскивание» finds «опрыскиванию») or the typed phrase inside the
 * title (models and codes such as «DJI T40», which the dictionary does not stem): each has its
 * own index, and PostgreSQL ORs the two bitmaps. The vectors are stored columns (title and
 * description; the default parser skips the tags of the offers' sanitized HTML).
 */
function searchCondition(vector: AnyPgColumn, title: AnyPgColumn, q: string | undefined): SQL | undefined {
  const terms = searchTerms(q)
  if (!terms) return undefined
  return sql`(${vector} @@ to_tsquery('russian', ${terms.tsquery}) or ${title} ilike ${terms.like})`
}

/** Within the budget range; «по договорённости» (null) only when asked for. */
function budgetCondition(column: typeof offers.priceFromKopecks | typeof requests.budgetKopecks, query: ExchangeQuery) {
  if (query.budgetFrom === undefined && query.budgetTo === undefined) return undefined
  const inRange = and(
    query.budgetFrom !== undefined ? gte(column, query.budgetFrom * 100) : undefined,
    query.budgetTo !== undefined ? lte(column, query.budgetTo * 100) : undefined,
  )
  return query.negotiable ? or(inRange, isNull(column)) : inRange
}

const offerCardColumns = {
  id: offers.id,
  title: offers.title,
  type: offers.type,
  spheres: offers.spheres,
  regions: offers.regions,
  nationwide: offers.nationwide,
  priceFromKopecks: offers.priceFromKopecks,
  priceUnit: offers.priceUnit,
  photos: offers.photos,
  publishedAt: offers.publishedAt,
  organizationId: offers.organizationId,
  sellerName: offers.sellerName,
  sellerSlug: offers.sellerSlug,
}

type OfferRow = Omit<
  typeof offers.$inferSelect,
  'searchVector' | 'description' | 'equipmentProductIds' | 'licences' | 'sellerName' | 'sellerSlug'
> & {
  sellerName: string
  sellerSlug: string
}

function toOfferCard(row: OfferRow, rating: { average: number; count: number }): OfferCard {
  return {
    id: row.id,
    title: row.title,
    type: row.type,
    spheres: row.spheres,
    regions: row.regions,
    nationwide: row.nationwide,
    priceFromKopecks: row.priceFromKopecks,
    priceUnit: row.priceUnit,
    photo: row.photos[0] ?? null,
    publishedAt: row.publishedAt.toISOString(),
    seller: {
      id: row.organizationId,
      name: row.sellerName,
      slug: row.sellerSlug,
      rating: { average: Number(rating.average), count: Number(rating.count) },
    },
  }
}

function pageOf<T>(items: T[], total: number, page: number): ExchangePage<T> {
  return { items, total, page, pageSize: EXCHANGE_PAGE_SIZE, pageCount: Math.ceil(total / EXCHANGE_PAGE_SIZE) }
}

/** The day after an ISO date: `to` is inclusive, timestamps compare below midnight of the next day. */
const dayAfter = (iso: string) => new Date(Date.parse(`${iso}T00:00:00Z`) + 86_400_000)

/**
 * The public exchange, for guests too: published offers and open public requests, filtered,
 * searched, sorted and paged in SQL (decision 036). Each page is one statement for the items and
 * one for the total.
 */
export function createListingService(deps: ListingDeps) {
  async function listOffers(ctx: Ctx, input: unknown): Promise<ExchangePage<OfferCard>> {
    const query = parse(ExchangeQuery, input)
    const where = and(
      query.type ? eq(offers.type, query.type) : undefined,
      query.sphere ? sql`${offers.spheres} @> array[${query.sphere}]::text[]` : undefined,
      query.region
        ? or(sql`${offers.regions} @> array[${query.region}]::text[]`, eq(offers.nationwide, true))
        : undefined,
      budgetCondition(offers.priceFromKopecks, query),
      query.from ? gte(offers.publishedAt, new Date(`${query.from}T00:00:00Z`)) : undefined,
      query.to ? sql`${offers.publishedAt} < ${dayAfter(query.to)}` : undefined,
      searchCondition(offers.searchVector, offers.title, query.q),
    )
    const orderOf = (o: Record<'priceFromKopecks' | 'publishedAt' | 'id', AnyPgColumn>) =>
      query.sort === 'cheap'
        ? [sql`${o.priceFromKopecks} asc nulls last`, asc(o.id)]
        : query.sort === 'expensive'
          ? [sql`${o.priceFromKopecks} desc nulls last`, asc(o.id)]
          : [sql`${o.publishedAt} desc nulls last`, asc(o.id)]
    // The page is cut first and the sellers' ratings read for its 20 rows only: a rating in the
    // same select list would be computed for every row the offset skips too (800 on page 40).
    const page = onPage(
      ctx.db
        .select(offerCardColumns)
        .from(offers)
        .where(where)
        .orderBy(...orderOf(offers))
        .$dynamic(),
      {
        page: query.page,
        pageSize: EXCHANGE_PAGE_SIZE,
      },
    ).as('page')
    const [rows, [count]] = await Promise.all([
      ctx.db
        .select({ ...page._.selectedFields, rating: contractorRatingOf(page.organizationId) })
        .from(page)
        .orderBy(...orderOf(page)),
      ctx.db
        .select({ n: sql<number>`count(*)::int` })
        .from(offers)
        .where(where),
    ])
    return pageOf(
      rows.map(({ rating, ...row }) => toOfferCard(row, rating)),
      count?.n ?? 0,
      query.page,
    )
  }

  async function listRequests(ctx: Ctx, input: unknown): Promise<ExchangePage<RequestCard>> {
    const query = parse(ExchangeQuery, input)
    // Invited requests are for the invited vendors only: never on the public exchange.
    const where = and(
      eq(requests.status, 'open'),
      eq(requests.visibility, 'public'),
      query.type ? eq(requests.type, query.type) : undefined,
      query.sphere ? eq(requests.sphere, query.sphere) : undefined,
      query.region ? eq(requests.region, query.region) : undefined,
      budgetCondition(requests.budgetKopecks, query),
      query.from ? gte(requests.startsOn, query.from) : undefined,
      query.to ? lte(requests.startsOn, query.to) : undefined,
      searchCondition(requests.searchVector, requests.title, query.q),
    )
    const order =
      query.sort === 'cheap'
        ? [sql`${requests.budgetKopecks} asc nulls last`, asc(requests.id)]
        : query.sort === 'expensive'
          ? [sql`${requests.budgetKopecks} desc nulls last`, asc(requests.id)]
          : query.sort === 'deadline'
            ? [sql`${requests.proposalsDeadline} asc nulls last`, asc(requests.id)]
            : [sql`${requests.publishedAt} desc nulls last`, asc(requests.id)]
    const [rows, [count]] = await Promise.all([
      onPage(
        ctx.db
          .select({
            id: requests.id,
            number: requests.number,
            title: requests.title,
            type: requests.type,
            sphere: requests.sphere,
            region: requests.region,
            areaHectares: requests.areaHectares,
            volume: requests.volume,
            volumeUnit: requests.volumeUnit,
            startsOn: requests.startsOn,
            endsOn: requests.endsOn,
            budgetKopecks: requests.budgetKopecks,
            proposalsDeadline: requests.proposalsDeadline,
            proposalCount: requests.proposalCount,
            publishedAt: requests.publishedAt,
            customerName: sql<string>`${requests.customer}->>'name'`,
          })
          .from(requests)
          .where(where)
          .orderBy(...order)
          .$dynamic(),
        { page: query.page, pageSize: EXCHANGE_PAGE_SIZE },
      ),
      ctx.db
        .select({ n: sql<number>`count(*)::int` })
        .from(requests)
        .where(where),
    ])
    return pageOf(
      rows.map((r) => ({ ...r, publishedAt: r.publishedAt?.toISOString() ?? null })),
      count?.n ?? 0,
      query.page,
    )
  }

  /**
   * /services/seller/{slug}: a confirmed vendor with at least one published offer or one review
   * of its work; anyone else is not found.
   */
  async function sellerServices(ctx: Ctx, slug: string): Promise<SellerServices> {
    const seller = await deps.sellers.getSeller(ctx, slug)
    const visibleReview = and(eq(reviews.subjectOrganizationId, seller.id), customersVisibleReviews)
    const [offerRows, [summary], reviewRows] = await Promise.all([
      ctx.db
        .select({
          ...offerCardColumns,
          description: offers.description,
          equipmentProductIds: offers.equipmentProductIds,
          licences: offers.licences,
        })
        .from(offers)
        .where(eq(offers.organizationId, seller.id))
        .orderBy(desc(offers.publishedAt), asc(offers.id)),
      ctx.db
        .select({
          average: sql<number>`coalesce(round(avg(${reviews.rating}), 2), 0)::float8`,
          count: sql<number>`count(*)::int`,
        })
        .from(reviews)
        .where(visibleReview),
      ctx.db
        .select({
          id: reviews.id,
          rating: reviews.rating,
          text: reviews.text,
          authorName: reviews.authorName,
          authorOrganizationName: reviews.authorOrganizationName,
          serviceType: reviews.serviceType,
          orderNumber: reviews.orderNumber,
          createdAt: reviews.createdAt,
        })
        .from(reviews)
        .where(visibleReview)
        .orderBy(desc(reviews.createdAt), asc(reviews.id))
        .limit(SELLER_SERVICE_REVIEWS),
    ])
    const rating = { average: Number(summary?.average ?? 0), count: summary?.count ?? 0 }
    if (!offerRows.length && !rating.count) throw new AppError('not_found', 'У этого исполнителя нет услуг на бирже')
    // Every offer's equipment in one call; products taken off sale drop out.
    const products = await deps.catalog.getProductsByIds(
      ctx,
      offerRows.flatMap((o) => o.equipmentProductIds),
    )
    const productById = new Map(products.map((p) => [p.id, { id: p.id, slug: p.slug, title: p.title }]))
    const details: OfferDetails[] = offerRows.map((row) => ({
      ...toOfferCard(row, rating),
      seller: { id: seller.id, name: seller.name, slug: seller.slug, rating },
      description: storedHtml(row.description),
      photos: row.photos,
      equipment: row.equipmentProductIds.flatMap((id) => productById.get(id.toLowerCase()) ?? []),
      licences: row.licences,
    }))
    return {
      seller: {
        id: seller.id,
        slug: seller.slug,
        name: seller.name,
        description: seller.description,
        region: seller.region,
        logo: seller.logo,
        website: seller.website,
        createdAt: seller.createdAt,
        verified: true,
      },
      offers: details,
      rating,
      reviews: reviewRows.map((r): ServiceReview => ({ ...r, createdAt: r.createdAt.toISOString() })),
    }
  }

  /** Vendors with published offers and their latest publication, by current slug (sitemap). */
  async function listSitemapSellers(ctx: Ctx): Promise<{ slug: string; updatedAt: Date }[]> {
    const rows = await ctx.db
      .select({ id: offers.organizationId, updatedAt: sql<string>`max(${offers.publishedAt})` })
      .from(offers)
      .groupBy(offers.organizationId)
    const vendors = await deps.sellers.describeVendors(
      ctx,
      rows.map((r) => r.id),
    )
    return rows
      .flatMap((r) => {
        const vendor = vendors.get(r.id)
        return vendor ? [{ slug: vendor.slug, updatedAt: new Date(r.updatedAt) }] : []
      })
      .sort((a, b) => a.slug.localeCompare(b.slug))
  }

  /** The organizations with at least one service on the exchange (the seller directory lists them). */
  async function offeringOrganizations(ctx: Ctx): Promise<string[]> {
    const rows = await ctx.db.selectDistinct({ id: offers.organizationId }).from(offers)
    return rows.map((r) => r.id)
  }

  return { listOffers, listRequests, sellerServices, listSitemapSellers, offeringOrganizations }
}

export type ListingService = ReturnType<typeof createListingService>
