import { sql } from 'drizzle-orm'
import { modelHref, OFFER_PARAM } from '#common/catalog/product-href.ts'
import type { Db } from '../../../db/client.ts'
import { queryRows } from '../catalog.listing.ts'
import type { CatalogIndex } from '../search/listing-index.ts'
import { compareOffers } from '../search/offer-order.ts'

/**
 * What /product/{slug} is (decision 061): a model's page with one of its offers chosen, or an
 * address that moved. The slug is a model's, a merged model's (which went into another) or an
 * offer's own old one; model and offer slugs never coincide (models/assign-models.ts).
 */
export type ProductAddress =
  | { kind: 'model'; modelId: string; modelSlug: string; offerId: string | null }
  | { kind: 'offer'; offerSlug: string }
  | { kind: 'moved'; to: string }
  | { kind: 'none' }

interface ModelRow {
  id: string
  status: string
  /** The slug of the model a merged one went into. */
  intoSlug: string | null
}

/** Resolves a product address. `offerSlug` is the `?offer=` of the request, if any. */
export async function resolveProductAddress(
  db: Db,
  index: CatalogIndex,
  slug: string,
  offerSlug: string | null,
): Promise<ProductAddress> {
  // A model with offers on sale is in the index: no statement (but for an offer asked by its
  // slug, which the index does not keep). Anything else asks the database.
  const code = index.modelBySlug(slug)
  if (code !== undefined && index.liveSlotsOf(code).length) {
    const modelId = index.models.at(code)
    return { kind: 'model', modelId, modelSlug: slug, offerId: chooseOffer(index, modelId, await idOf(db, offerSlug)) }
  }
  const [model] = await queryRows<ModelRow>(
    db,
    sql`select m.id, m.status, target.slug as "intoSlug"
        from catalog_models m left join catalog_models target on target.id = m.merged_into_id
        where m.slug = ${slug}`,
  )
  if (!model) return { kind: 'offer', offerSlug: slug }
  if (model.intoSlug) {
    const chosen = offerSlug ? `?${OFFER_PARAM}=${encodeURIComponent(offerSlug)}` : ''
    return { kind: 'moved', to: modelHref(model.intoSlug) + chosen }
  }
  if (model.status !== 'approved') return { kind: 'none' }
  return {
    kind: 'model',
    modelId: model.id,
    modelSlug: slug,
    offerId: chooseOffer(index, model.id, await idOf(db, offerSlug)),
  }
}

/** The id of the product at `slug`; null without a slug or a product there. */
async function idOf(db: Db, slug: string | null): Promise<string | null> {
  if (slug === null) return null
  const [row] = await queryRows<{ id: string }>(db, sql`select id from catalog_products where slug = ${slug}`)
  return row?.id ?? null
}

/** A model's offers on sale, the default first, as a model's page orders them; at most `limit`. */
export function modelOffers(index: CatalogIndex, modelId: string, limit: number): string[] {
  return index
    .liveSlotsOfModel(modelId)
    .sort((a, b) => compareOffers(index, a, b))
    .slice(0, limit)
    .map((slot) => index.idOf(slot))
}

/**
 * The offer a model's page shows: the one asked for (`askedId`) when it is one of the model's on
 * sale, else the model's default offer, the best price among those in stock
 * (search/offer-order.ts). Null when none of its offers is on sale.
 */
export function chooseOffer(index: CatalogIndex, modelId: string, askedId: string | null): string | null {
  const slots = index.liveSlotsOfModel(modelId)
  if (!slots.length) return null
  const askedSlot = askedId === null ? undefined : index.slotOf(askedId)
  const asked = slots.find((slot) => slot === askedSlot)
  const chosen = asked ?? slots.reduce((best, slot) => (compareOffers(index, slot, best) < 0 ? slot : best))
  return index.idOf(chosen)
}
