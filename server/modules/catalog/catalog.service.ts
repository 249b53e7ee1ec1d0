import { and, eq, inArray, sql } from 'drizzle-orm'
import { CATEGORIES, categorySubtree, getCategory, isAccessoryCategory } from '#common/catalog/categories.ts'
import type { ListingQuery } from '#common/catalog/listing.ts'
import type {
  CompatibleGroup,
  CompatibleModel,
  Listing,
  ModelDetails,
  OfferCard,
  ProductCard,
  ProductDetails,
  SellerCard,
  Suggestion,
} from '#common/catalog/types.ts'
import { isPossibleSlug } from '#common/slug.ts'
import { isUuid } from '#common/validators.ts'
import type { Ctx } from '../../context.ts'
import type { Db } from '../../db/client.ts'
import { AppError } from '../../errors.ts'
import { type CardRow, termsOf, toCard, toDetails, withModelOffers } from './catalog.cards.ts'
import { buildFacets } from './catalog.facets.ts'
import type { SortOrder } from './search/listing-index.ts'
import { createIndexKeeper } from './search/index-sync.ts'
import { fetchCards, queryRows } from './catalog.listing.ts'
import { resolveSearch } from './search/postings.ts'
import { selectListing } from './search/select.ts'
import {
  modelOfferIds,
  type ModelOfferSummary,
  modelOfferSummary,
  otherOffers,
  SIMILAR_LIMIT,
  similarProducts,
} from './search/similar.ts'
import { suggest } from './search/suggest.ts'
import {
  catalogSpecs,
  describeVersions,
  type PublishedVersion,
  publishVersion,
  removeVersion,
  unpublishVersion,
} from './catalog.publishing.ts'
import { catalogModels, catalogProducts } from './catalog.table.ts'
import { describeOffers, returnStock, takeStock, updateOffers } from './catalog.stock.ts'
import { productPlaces, sellerCategoryCounts, sellerOffersFor, sellersOfModels } from './catalog.sellers.ts'
import {
  describeModel,
  droneModelRefs,
  findModels,
  listModels,
  mergeModels,
  similarModels,
} from './models/models.service.ts'
import { modelOffers, resolveProductAddress } from './models/model-page.ts'
import { compatibilityFilter, compatibleModels, createFitsCache, groupByKind } from './models/compatibility.ts'
import { MODEL_MESSAGES, type ModelSummary } from '#common/catalog/models.ts'
import { modelHref } from '#common/catalog/product-href.ts'
import { wordsOf } from './search/title-words.ts'
import { SearchTerms } from './search/search-terms.ts'
import { WordLexemes } from './search/word-lexemes.ts'
import { KeptMarks } from './search/highlight.ts'
import { VendorSlugGuesses } from './vendor-slugs.ts'
import type { VendorDirectory } from '../organizations/index.ts'
import { createVendorFeeds } from './feeds/vendor-feed.ts'

export const CATALOG_MESSAGES = {
  categoryNotFound: 'Категория не найдена',
  productNotFound: 'Товар не найден',
  sellerNotFound: 'Продавец не найден',
} as const

/**
 * What the catalogue reads about vendors, whose organizations it does not own. It is given at
 * construction and needs nothing back from the catalogue.
 */
export interface CatalogDeps {
  vendors: VendorDirectory
}

const MAX_SEARCH_WORDS = 8
/** The most offers a model's API card lists (its offerCount counts them all). */
const MODEL_OFFERS_LIMIT = 100

const published = eq(catalogProducts.status, 'published')

const cardColumns = {
  id: catalogProducts.id,
  slug: catalogProducts.slug,
  title: catalogProducts.title,
  brand: catalogProducts.brand,
  model: catalogProducts.model,
  categorySlug: catalogProducts.categorySlug,
  vendorOrganizationId: catalogProducts.vendorOrganizationId,
  priceKopecks: catalogProducts.priceKopecks,
  vatRate: catalogProducts.vatRate,
  availability: catalogProducts.availability,
  leadTimeDays: catalogProducts.leadTimeDays,
  modelId: catalogProducts.modelId,
  warrantyMonths: catalogProducts.warrantyMonths,
  deliveryRegions: catalogProducts.deliveryRegions,
  minOrderQuantity: catalogProducts.minOrderQuantity,
  modelSlug: catalogModels.slug,
  images: catalogProducts.images,
  specs: catalogProducts.specs,
}

const detailsColumns = {
  ...cardColumns,
  status: catalogProducts.status,
  description: catalogProducts.description,
  descriptionHtml: catalogProducts.descriptionHtml,
  sku: catalogProducts.sku,
  areas: catalogProducts.areas,
  documents: catalogProducts.documents,
  createdAt: catalogProducts.createdAt,
  updatedAt: catalogProducts.updatedAt,
}

/** Products with what their page shows, their model's slug included (for its address). */
const selectDetails = (ctx: Ctx) =>
  ctx.db
    .select(detailsColumns)
    .from(catalogProducts)
    .leftJoin(catalogModels, eq(catalogModels.id, catalogProducts.modelId))

/** The words of a search as the database gets them: lower-case letters and digits. */
export function searchWords(q: string | undefined): string[] {
  if (!q) return []
  const words = [...new Set(wordsOf(q))].filter((w) => w.length <= 40).slice(0, MAX_SEARCH_WORDS)
  // Punctuation alone is still a search, and it finds nothing.
  return words.length ? words : [q.slice(0, 40)]
}

/** The query with the corrected words put in place of the typed ones. */
function correctedQuery(q: string, words: string[], fixes: (string | null)[] | null): string | undefined {
  if (!fixes?.some(Boolean)) return undefined
  const byWord = new Map(words.map((w, i) => [w, fixes[i] ?? null]))
  return q.replace(/[\p{L}\p{N}]+/gu, (w) => byWord.get(w.toLowerCase()) ?? w)
}

/**
 * The public catalogue: listings with facets and search, suggestions, product pages. Only
 * published products are ever shown. Vendor names and cards come from `deps.vendors`.
 */
export function createCatalogService(deps: CatalogDeps) {
  // This instance's in-memory index of the published catalogue (decision 011).
  const indexKeeper = createIndexKeeper()
  // What fits what, as of the index's revision (models/compatibility.ts).
  const fitsAt = createFitsCache()

  // Words' lexemes, learnt once per word ever seen, for searches and for the marks of their results.
  const wordLexemes = new WordLexemes()
  // The words of searches as the index and the database read them (search/search-terms.ts).
  const searchTerms = new SearchTerms(wordLexemes)
  // Search results' marks as worked out at the index's revision (search/highlight.ts).
  const keptMarks = new KeptMarks()
  // Sellers' slugs as last resolved, so a listing by seller need not wait for them (vendor-slugs.ts).
  const vendorSlugs = new VendorSlugGuesses()

  /** Published products per vendor, from the index: one statement (the revision). */
  async function countProductsByVendor(ctx: Ctx, vendorIds: string[]): Promise<Map<string, number>> {
    const ids = [...new Set(vendorIds.filter(isUuid).map((id) => id.toLowerCase()))]
    if (!ids.length) return new Map()
    const index = await indexKeeper.current(ctx)
    return new Map(
      ids.map((id) => {
        const code = index.vendors.find(id)
        return [id, code === undefined ? 0 : index.vendorCounts[code]!]
      }),
    )
  }

  /** The vendors with at least one published product, from the index: one statement (the revision). */
  async function vendorsWithProducts(ctx: Ctx): Promise<string[]> {
    const index = await indexKeeper.current(ctx)
    return index.vendors.values.filter((_id, code) => index.vendorCounts[code]! > 0)
  }

  async function cardsOf(ctx: Ctx, rows: CardRow[]): Promise<ProductCard[]> {
    const vendors = await deps.vendors.describeVendors(
      ctx,
      rows.map((r) => r.vendorOrganizationId),
    )
    return rows.map((r) => toCard(r, vendors))
  }

  /** Seller cards for product pages, with their published product counts. */
  async function sellerCardsOf(ctx: Ctx, vendorIds: string[]): Promise<Map<string, SellerCard>> {
    const cards = await deps.vendors.describeSellerCards(ctx, vendorIds)
    const counts = await countProductsByVendor(ctx, [...cards.keys()])
    return new Map([...cards].map(([id, card]) => [id, { ...card, productCount: counts.get(id) ?? 0 }]))
  }

  /** The first products of an order, optionally of some categories only (at most 60). */
  async function topProducts(ctx: Ctx, order: SortOrder, limit: number, categories?: string[]): Promise<ProductCard[]> {
    const index = await indexKeeper.current(ctx)
    const codes = categories && new Set(categories.map((slug) => index.categories.find(slug)))
    const slots = index.takeInOrder(
      order,
      Math.min(Math.max(1, Math.floor(limit) || 1), 60),
      codes && ((slot) => codes.has(index.category[slot])),
    )
    return cardsOf(
      ctx,
      await fetchCards(
        ctx.db,
        slots.map((slot) => index.idOf(slot)),
      ),
    )
  }

  /**
   * A page of a category as of the index this instance holds (`held`: null when the catalogue
   * has moved on since), or as of the revision read first (`read`).
   */
  async function listAt(
    ctx: Ctx,
    input: ListingQuery,
    scope: { categorySlug: string; vendorSlug?: string },
    mode: 'held' | 'read',
  ): Promise<Listing | null> {
    const slugs = scope.vendorSlug ? [...input.vendors, scope.vendorSlug] : input.vendors
    const words = searchWords(input.q)
    // What each word may be meant as in the other alphabet («мавик» → mavic), from the index as held.
    const held = await indexKeeper.held(ctx.db)
    const heldAt = held.revision
    const alphabets = words.map((w) => held.titleWords.otherAlphabet(w, 'whole'))
    // As held, the search's words as of the held index: no statement for words seen before.
    const heldWords = mode === 'held' && words.length ? await searchTerms.of(ctx.db, held, words, alphabets) : []
    // As held, sellers' slugs resolved before are taken as they were, and checked beside the cards.
    const guessed = mode === 'held' ? vendorSlugs.guess(slugs) : null
    // Independent statements go out together (on PostgreSQL, over two connections).
    const accessories = isAccessoryCategory(scope.categorySlug)
    const [resolved, state, fits] = await Promise.all([
      guessed ?? deps.vendors.resolveVendorSlugs(ctx, slugs).then((ids) => (vendorSlugs.learn(slugs, ids), ids)),
      // As held, the revision is checked beside the cards instead.
      mode === 'held' ? { revision: heldAt, resetRevision: 0 } : indexKeeper.state(ctx),
      // The pairs as of the index this instance holds: no statement unless the revision moved.
      accessories ? fitsAt(ctx.db, held) : null,
    ])
    const vendorScopeId = scope.vendorSlug ? resolved.get(scope.vendorSlug) : undefined
    if (scope.vendorSlug && !vendorScopeId) throw new AppError('not_found', CATALOG_MESSAGES.sellerNotFound)
    // Vendors that do not exist (any more) are dropped like any other invalid value.
    const query: ListingQuery = { ...input, vendors: input.vendors.filter((s) => resolved.has(s)) }
    // Another request may have caught the index up meanwhile: then the words are of the past.
    if (mode === 'held' && held.revision !== heldAt) return null
    let index = mode === 'held' ? held : await indexKeeper.at(ctx.db, state)
    // As read, the words as of the index caught up; that may ask the database, so the index is
    // caught up again after (a correction of the revision before is still a fair suggestion).
    let searched = heldWords
    if (mode === 'read' && words.length) {
      searched = await searchTerms.of(ctx.db, index, words, alphabets)
      index = await indexKeeper.at(ctx.db, state)
    }
    // From here to the page's ids nothing awaits, so the index cannot change underneath.
    const workedAt = index.revision
    const categories = categorySubtree(scope.categorySlug)
    // Payloads, accessories and spare parts are listed by the drones they fit, too.
    const compatibility = fits ? compatibilityFilter(index, fits, categories, query.compatible) : undefined
    const search = words.length ? resolveSearch(index, searched) : undefined
    const selected = selectListing(index, {
      categories,
      vendorScopeId,
      vendorIds: query.vendors.map((s) => resolved.get(s)!),
      query,
      search: search?.match,
      groupByModel: !vendorScopeId,
      // «Совместимо с …»: elsewhere than among accessories it keeps nothing.
      modelScope: query.compatible.length ? (compatibility?.scope ?? new Set()) : undefined,
    })
    // The page's sellers are known from the index, so their names load beside the cards.
    const vendorIds = new Set([...selected.pageVendorIds, ...selected.stats.vendors.map(([id]) => id)])
    // A search's page marked before at the revision needs no descriptions.
    const marked = search ? keptMarks.of(workedAt, search.match.lexemes, selected.pageIds) : null
    const [rows, { byId: vendors, bySlug: checked }, now] = await Promise.all([
      fetchCards(ctx.db, selected.pageIds, search !== undefined && !marked),
      // With the guessed slugs checked in the same statement.
      deps.vendors.describeListingVendors(ctx, [...vendorIds], guessed ? slugs : []),
      mode === 'held' ? indexKeeper.state(ctx) : null,
    ])
    // The catalogue moved on after the index this instance holds: work it out as of now.
    if (now && (now.revision !== workedAt || now.resetRevision > workedAt)) return null
    // A seller's slug no longer says what it did: work it out with the slugs as they are.
    if (guessed?.size && !vendorSlugs.learn(slugs, checked)) return null
    // The sellers in the facet are those a buyer filters by next.
    vendorSlugs.remember(vendors.values())
    if (search) await keptMarks.mark(ctx.db, wordLexemes, workedAt, rows, search.match.lexemes, marked)

    const total = Number(selected.stats.values.total ?? 0)
    const listing: Listing = {
      items: rows.map((row, i) => withModelOffers(toCard(row, vendors), selected.pageOffers?.[i])),
      total,
      offerTotal: selected.offerTotal,
      page: query.page,
      pageSize: query.pageSize,
      pageCount: Math.ceil(total / query.pageSize),
      sort: query.sort,
      facets: [...(compatibility ? [compatibility.facet] : []), ...buildFacets(query, selected.stats, vendors)],
      query,
    }
    const corrected = query.q && search ? correctedQuery(query.q, words, search.fixes) : undefined
    if (corrected) listing.correctedQuery = corrected
    return listing
  }

  const service = {
    /**
     * A page of a category (and optionally one vendor's products) with its facets. A few
     * statements whatever the query and page size: for a search, the lexemes of words never seen
     * before and the closest catalogue word of a typo (search/search-terms.ts); then the page's
     * cards, the names of the vendors shown (with the sellers' slugs asked for, to check them)
     * and the catalogue's revision, together; slugs not resolved before are resolved first. The filters, counts, sort and page are worked out
     * in memory (search/select.ts).
     */
    async listProducts(
      ctx: Ctx,
      input: ListingQuery,
      scope: { categorySlug: string; vendorSlug?: string },
    ): Promise<Listing> {
      if (!getCategory(scope.categorySlug)) throw new AppError('not_found', CATALOG_MESSAGES.categoryNotFound)
      if (scope.vendorSlug !== undefined && !isPossibleSlug(scope.vendorSlug))
        throw new AppError('not_found', CATALOG_MESSAGES.sellerNotFound)
      // Most requests find the catalogue as this instance holds it: the page is worked out on it
      // and its revision is checked beside the cards, one round trip instead of two. When the
      // catalogue has moved on, the listing is worked out again as of the revision read, which
      // always answers.
      return (await listAt(ctx, input, scope, 'held')) ?? (await listAt(ctx, input, scope, 'read'))!
    },

    // For the products module, which has authorized the caller (catalog.publishing.ts).
    describeVersions,

    /** A version as its product page would show it, before it is published (the cabinet's preview). */
    async previewProduct(ctx: Ctx, version: PublishedVersion, slug: string | null): Promise<ProductDetails> {
      const sellers = await sellerCardsOf(ctx, [version.vendorOrganizationId])
      const now = new Date()
      return toDetails(
        {
          ...version,
          specs: catalogSpecs(version),
          slug: slug ?? '',
          modelSlug: null,
          status: 'non-published',
          createdAt: now,
          updatedAt: now,
        },
        sellers.get(version.vendorOrganizationId),
      )
    },
    publishVersion,
    unpublishVersion,
    removeVersion,
    // Models: found by vendors, compared and merged by staff (models/models.service.ts).
    findModels,
    droneModelRefs,
    describeModel,
    similarModels,
    listModels,
    mergeModels,
    // The cart and orders (catalog.stock.ts).
    describeOffers,
    // Who sells what where, for the sellers a request for offers suggests (procurement).
    sellerCategoryCounts,
    productPlaces,
    sellersOfModels,
    sellerOffersFor,
    takeStock,
    returnStock,
    updateOffers,

    /**
     * Categories, brands and products matching what is being typed: one statement, and the
     * sellers' names when two products suggested share a title.
     */
    suggest: async (ctx: Ctx, q: string): Promise<Suggestion[]> => suggest(ctx, q, indexKeeper, deps.vendors),

    async getProduct(ctx: Ctx, slug: string): Promise<ProductDetails> {
      if (!isPossibleSlug(slug)) throw new AppError('not_found', CATALOG_MESSAGES.productNotFound)
      const [row] = await selectDetails(ctx).where(and(published, eq(catalogProducts.slug, slug)))
      if (!row) throw new AppError('not_found', CATALOG_MESSAGES.productNotFound)
      const sellers = await sellerCardsOf(ctx, [row.vendorOrganizationId])
      return toDetails(row, sellers.get(row.vendorOrganizationId))
    },

    /**
     * What /product/{slug} shows (models/model-page.ts): a model's page with the offer asked for
     * by `?offer=` or its default offer, or where an old address moved (an offer's own, a merged
     * model's). Not found when the slug is neither or nothing of the model is on sale.
     */
    async openProductPage(ctx: Ctx, slug: string, offerSlug: string | null): Promise<ProductPage> {
      if (!isPossibleSlug(slug)) throw new AppError('not_found', CATALOG_MESSAGES.productNotFound)
      const index = await indexKeeper.current(ctx)
      const address = await resolveProductAddress(ctx.db, index, slug, offerSlug)
      if (address.kind === 'moved') return address
      if (address.kind === 'offer') {
        const product = await service.getProduct(ctx, address.offerSlug)
        return product.modelSlug ? { kind: 'moved', to: product.href } : { kind: 'page', product }
      }
      const [product] =
        address.kind === 'model' && address.offerId ? await service.getProductsByIds(ctx, [address.offerId]) : []
      if (!product) throw new AppError('not_found', CATALOG_MESSAGES.productNotFound)
      return { kind: 'page', product }
    },

    /**
     * A model with its offers on sale (the API's model card): a merged model answers with the one
     * it went into; not found when nothing of it is on sale.
     */
    async getModel(ctx: Ctx, slug: string): Promise<ModelDetails> {
      if (!isPossibleSlug(slug)) throw new AppError('not_found', MODEL_MESSAGES.notFound)
      const [model] = await queryRows<Omit<ModelSummary, 'offerCount'>>(
        ctx.db,
        sql`select coalesce(target.id, m.id) as id, coalesce(target.slug, m.slug) as slug,
              coalesce(target.title, m.title) as title, coalesce(target.brand, m.brand) as brand,
              coalesce(target.name, m.name) as name, coalesce(target.part_number, m.part_number) as "partNumber",
              coalesce(target.gtin, m.gtin) as gtin, coalesce(target.category_slug, m.category_slug) as "categorySlug",
              coalesce(target.images, m.images) -> 0 as image
            from catalog_models m left join catalog_models target on target.id = m.merged_into_id
            where m.slug = ${slug} and m.status in ('approved', 'merged')`,
      )
      const index = await indexKeeper.current(ctx)
      const ids = model ? modelOffers(index, model.id, MODEL_OFFERS_LIMIT) : []
      if (!model || !ids.length) throw new AppError('not_found', MODEL_MESSAGES.notFound)
      const [rows, fits] = await Promise.all([fetchCards(ctx.db, ids), fitsAt(ctx.db, index)])
      const cards = await cardsOf(ctx, rows)
      const terms = new Map(rows.map((row) => [row.id, termsOf(row)]))
      const offers = cards.map((card) => ({ ...card, terms: terms.get(card.id)! }))
      const summary = modelOfferSummary(index, ids[0]!)
      return {
        id: model.id,
        slug: model.slug,
        href: modelHref(model.slug),
        title: model.title,
        brand: model.brand,
        name: model.name,
        partNumber: model.partNumber,
        gtin: model.gtin,
        category: { slug: model.categorySlug, title: getCategory(model.categorySlug)?.title ?? model.categorySlug },
        image: model.image,
        offerCount: summary?.offerCount ?? offers.length,
        lowPriceKopecks: summary?.lowKopecks ?? null,
        highPriceKopecks: summary?.highKopecks ?? null,
        defaultOfferId: ids[0]!,
        offers,
        fits: compatibleModels(fits, index, model.id, 'drones'),
        accessories: compatibleModels(fits, index, model.id, 'accessories'),
      }
    },

    /**
     * A product page's compatibility: the drones a payload, accessory or spare part fits, or the
     * accessories of a drone by kind. Empty for a product without a model.
     */
    async compatibility(
      ctx: Ctx,
      product: Pick<ProductDetails, 'modelId' | 'category'>,
    ): Promise<{ fits: CompatibleModel[]; accessories: CompatibleGroup[] }> {
      if (!product.modelId) return { fits: [], accessories: [] }
      // A decoration of the page: the index as held and the pairs as of its revision, no statement.
      const index = await indexKeeper.held(ctx.db)
      const fits = await fitsAt(ctx.db, index)
      if (isAccessoryCategory(product.category.slug))
        return { fits: compatibleModels(fits, index, product.modelId, 'drones'), accessories: [] }
      return { fits: [], accessories: groupByKind(compatibleModels(fits, index, product.modelId, 'accessories')) }
    },

    /** Which of these products are on sale, with their category, in the order asked: one statement. */
    async filterPublished(
      ctx: Ctx,
      ids: string[],
    ): Promise<{ id: string; categorySlug: string; modelId: string | null }[]> {
      const valid = [...new Set(ids.filter(isUuid))]
      if (!valid.length) return []
      const rows = await ctx.db
        .select({
          id: catalogProducts.id,
          categorySlug: catalogProducts.categorySlug,
          modelId: catalogProducts.modelId,
        })
        .from(catalogProducts)
        .where(and(published, inArray(catalogProducts.id, valid)))
      const byId = new Map(rows.map((r) => [r.id, r]))
      return valid.flatMap((id) => byId.get(id.toLowerCase()) ?? [])
    },

    async getProductsByIds(ctx: Ctx, ids: string[]): Promise<ProductDetails[]> {
      const valid = [...new Set(ids.filter(isUuid))]
      if (!valid.length) return []
      const rows = await selectDetails(ctx).where(and(published, inArray(catalogProducts.id, valid)))
      const sellers = await sellerCardsOf(
        ctx,
        rows.map((r) => r.vendorOrganizationId),
      )
      const byId = new Map(rows.map((r) => [r.id, r]))
      return valid.flatMap((id) => {
        const row = byId.get(id.toLowerCase())
        return row ? [toDetails(row, sellers.get(row.vendorOrganizationId))] : []
      })
    },

    /** The newest products: three statements (the revision, the cards, the sellers' names). */
    listNewProducts: (ctx: Ctx, limit: number): Promise<ProductCard[]> => topProducts(ctx, 'new', limit),

    /** A category's most popular products, without the facets and totals a listing works out. */
    /**
     * A product page's neighbours (search/similar.ts): «Другие предложения», the listings of its
     * model, in stock and cheaper first; «Похожие товары», products of the same category (and
     * sphere) nearest by their main characteristics, never another category's. Both from one read
     * of the index and one statement for their cards.
     */
    async listNeighbours(ctx: Ctx, productId: string): Promise<{ offers: OfferCard[]; similar: ProductCard[] }> {
      const index = await indexKeeper.current(ctx)
      const offerIds = otherOffers(index, productId)
      const similarIds = similarProducts(index, productId, SIMILAR_LIMIT)
      const rows = await fetchCards(ctx.db, [...offerIds, ...similarIds])
      const cards = await cardsOf(ctx, rows)
      const byId = new Map(cards.map((card) => [card.id, card]))
      const terms = new Map(rows.map((row) => [row.id, termsOf(row)]))
      const cardsFor = (ids: string[]) => ids.flatMap((id) => byId.get(id) ?? [])
      return {
        offers: cardsFor(offerIds).map((card) => ({ ...card, terms: terms.get(card.id)! })),
        similar: cardsFor(similarIds),
      }
    },

    /** The ids of every offer on sale of the product's model (the reviews of a model are theirs). */
    async modelOfferIds(ctx: Ctx, productId: string): Promise<string[]> {
      return modelOfferIds(await indexKeeper.current(ctx), productId.toLowerCase())
    },

    /** The product's model across sellers: how many listings, from which price to which. */
    async modelOfferSummary(ctx: Ctx, productId: string): Promise<ModelOfferSummary | null> {
      return modelOfferSummary(await indexKeeper.current(ctx), productId)
    },

    listPopularProducts: (ctx: Ctx, categorySlug: string, limit: number): Promise<ProductCard[]> =>
      topProducts(ctx, 'popular', limit, categorySubtree(categorySlug)),

    /** Every category with its number of products and the picture of its most popular one. */
    async listCategorySummaries(ctx: Ctx) {
      const index = await indexKeeper.current(ctx)
      const counts = new Map(index.categories.values.map((slug, code) => [slug, index.categoryCounts[code]!]))
      // The most popular product of each leaf category, found walking the popularity order.
      const top = new Map<string, string>()
      const { slots, length } = index.orders.popular
      for (let i = 0; i < length && top.size < counts.size; i++) {
        const slot = slots[i]!
        const slug = index.categories.values[index.category[slot]!]!
        if (index.alive[slot] && !top.has(slug)) top.set(slug, index.idOf(slot))
      }
      const cards = await fetchCards(ctx.db, [...top.values()])
      const images = new Map(cards.map((c) => [c.categorySlug, c.images[0] ?? null]))
      return CATEGORIES.map((c) => {
        const own = categorySubtree(c.slug)
        return {
          slug: c.slug,
          title: c.title,
          heading: c.heading,
          productCount: own.reduce((sum, s) => sum + (counts.get(s) ?? 0), 0),
          image: own.map((s) => images.get(s)).find(Boolean) ?? null,
        }
      })
    },

    /**
     * The product pages for the sitemap: one per model with an offer on sale (its offers' addresses
     * redirect there), dated by its latest offer; an offer without a model yet at its own.
     */
    async listSitemapProducts(ctx: Ctx): Promise<{ slug: string; updatedAt: Date }[]> {
      const rows = await queryRows<{ slug: string; updatedAt: string | Date }>(
        ctx.db,
        sql`select coalesce(m.slug, p.slug) as slug, max(p.updated_at) as "updatedAt"
            from catalog_products p left join catalog_models m on m.id = p.model_id
            where p.status = 'published'
            group by coalesce(m.slug, p.slug)
            order by 1`,
      )
      return rows.map((row) => ({ slug: row.slug, updatedAt: new Date(row.updatedAt) }))
    },

    countProductsByVendor,
    vendorsWithProducts,

    // A vendor's published products for export feeds, in batches (feeds/vendor-feed.ts).
    ...createVendorFeeds(deps),

    /** Builds the listing index now rather than on the first catalogue request. */
    async warmUp(db: Db): Promise<{ products: number; arrayBytes: number }> {
      const index = await indexKeeper.current({ db })
      return { products: index.liveCount, arrayBytes: index.arrayBytes }
    },
  }
  return service
}

export type CatalogService = ReturnType<typeof createCatalogService>

/** A product address's page: the offer it shows, or where the address moved. */
export type ProductPage = { kind: 'page'; product: ProductDetails } | { kind: 'moved'; to: string }
