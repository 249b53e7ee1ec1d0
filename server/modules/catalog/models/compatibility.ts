import { sql } from 'drizzle-orm'
import { CATEGORIES, getCategory } from '#common/catalog/categories.ts'
import { AVAILABILITIES, type ProductImage } from '#common/catalog/products.ts'
import { modelHref } from '#common/catalog/product-href.ts'
import type { CompatibleGroup, CompatibleModel, Facet } from '#common/catalog/types.ts'
import type { Db } from '../../../db/client.ts'
import { queryRows } from '../catalog.listing.ts'
import type { CatalogIndex } from '../search/listing-index.ts'
import { priceRangeOf } from '../search/offer-order.ts'

const IN_STOCK = AVAILABILITIES.indexOf('in_stock')

/**
 * Compatibility (issue 33, decision 062): which drone models a payload, accessory or spare part
 * fits (catalog_model_fits). Read both ways, with what of each model is on sale now from the
 * listing index: a model with nothing on sale is left out.
 */

interface ModelRow {
  id: string
  slug: string
  title: string
  brand: string
  categorySlug: string
  image: ProductImage | null
}

/** The compatibility pairs and the models in them, as of a catalogue revision. */
export interface FitsSnapshot {
  /** Accessory model id → the approved drone model ids it fits, and the reverse, each by title. */
  drones: Map<string, string[]>
  accessories: Map<string, string[]>
  models: Map<string, ModelRow>
}

/**
 * The pairs, read again only when the catalogue's revision changes: every change that writes
 * pairs (an approval, a merge, the seed) changes products in the same transaction. A product page
 * then reads its compatibility without a statement.
 */
export function createFitsCache() {
  let revision = -1
  let snapshot: Promise<FitsSnapshot> | null = null
  return (db: Db, index: CatalogIndex): Promise<FitsSnapshot> => {
    if (snapshot && revision === index.revision) return snapshot
    revision = index.revision
    snapshot = loadFits(db).catch((error: unknown) => {
      snapshot = null
      throw error
    })
    return snapshot
  }
}

async function loadFits(db: Db): Promise<FitsSnapshot> {
  const [pairs, models] = await Promise.all([
    queryRows<{ accessory: string; drone: string }>(
      db,
      sql`select accessory_model_id as accessory, drone_model_id as drone from catalog_model_fits`,
    ),
    queryRows<ModelRow>(
      db,
      sql`select m.id, m.slug, m.title, m.brand, m.category_slug as "categorySlug", m.images -> 0 as image
          from catalog_models m
          where m.status = 'approved' and m.id in (
            select accessory_model_id from catalog_model_fits union select drone_model_id from catalog_model_fits)
          order by m.title`,
    ),
  ])
  const byId = new Map(models.map((m) => [m.id, m]))
  const drones = new Map<string, string[]>()
  const accessories = new Map<string, string[]>()
  const add = (lists: Map<string, string[]>, of: string, id: string) => {
    // Only approved models are shown: the others are left out here, once.
    if (!byId.has(id)) return
    const list = lists.get(of)
    if (list) list.push(id)
    else lists.set(of, [id])
  }
  for (const { accessory, drone } of pairs) {
    add(drones, accessory, drone)
    add(accessories, drone, accessory)
  }
  // Each list by title, once per revision rather than on every page.
  const byTitle = (a: string, b: string) => byId.get(a)!.title.localeCompare(byId.get(b)!.title, 'ru')
  for (const list of [...drones.values(), ...accessories.values()]) list.sort(byTitle)
  return { drones, accessories, models: byId }
}

/** The models an accessory fits (`side` 'drones') or the accessories that fit a drone ('accessories'), by title. */
export function compatibleModels(
  fits: FitsSnapshot,
  index: CatalogIndex,
  modelId: string,
  side: 'drones' | 'accessories',
): CompatibleModel[] {
  const ids = (side === 'drones' ? fits.drones : fits.accessories).get(modelId) ?? []
  const rows = ids.map((id) => fits.models.get(id)!)
  return rows.flatMap((row) => {
    const slots = index.liveSlotsOfModel(row.id)
    if (!slots.length) return []
    const range = priceRangeOf(index, slots)
    return [
      {
        slug: row.slug,
        href: modelHref(row.slug),
        title: row.title,
        brand: row.brand,
        availability: slots.some((slot) => index.availability[slot] === IN_STOCK) ? 'in_stock' : 'to_order',
        category: { slug: row.categorySlug, title: getCategory(row.categorySlug)?.title ?? row.categorySlug },
        image: row.image,
        offerCount: slots.length,
        lowPriceKopecks: range?.low ?? null,
      },
    ]
  })
}

/** A drone's accessories by kind (their category), in the category tree's order. */
export function groupByKind(models: CompatibleModel[]): CompatibleGroup[] {
  const order = new Map(CATEGORIES.map((c, i) => [c.slug, i]))
  const groups = new Map<string, CompatibleGroup>()
  for (const model of [...models].sort((a, b) => order.get(a.category.slug)! - order.get(b.category.slug)!)) {
    const group = groups.get(model.category.slug) ?? { kind: model.category, models: [] }
    group.models.push(model)
    groups.set(model.category.slug, group)
  }
  return [...groups.values()]
}

/** The catalogue's «Совместимо с» facet and what its choice keeps (search/select.ts, `modelScope`). */
export interface CompatibilityFilter {
  facet: Extract<Facet, { kind: 'terms' }>
  /** The accessory models fitting one of the chosen drones; absent when none is chosen. */
  scope?: Set<string>
}

/**
 * «Совместимо с …» in a listing of payloads, accessories and spare parts: each drone model with
 * how many of the listing's accessory models (on sale, in its categories) fit it, and, for the
 * drones chosen, the accessory models the listing keeps. In memory, from the pairs as kept per
 * revision: the index must not change between it and the selection.
 */
export function compatibilityFilter(
  index: CatalogIndex,
  fits: FitsSnapshot,
  categories: readonly string[],
  chosen: readonly string[],
): CompatibilityFilter {
  // Each approved drone model with the accessory models that fit it.
  const drones = [...fits.accessories].flatMap(([id, ids]) => {
    const drone = fits.models.get(id)
    return drone ? [{ slug: drone.slug, title: drone.title, ids }] : []
  })
  const inCategories = new Set(categories.map((slug) => index.categories.find(slug)))
  const onSale = (id: string) => index.liveSlotsOfModel(id).some((slot) => inCategories.has(index.category[slot]!))
  const options = drones
    .map((drone) => ({
      value: drone.slug,
      label: drone.title,
      count: drone.ids.filter(onSale).length,
      selected: chosen.includes(drone.slug),
    }))
    .filter((option) => option.count > 0 || option.selected)
  // A drone chosen that no model is (any more) stays on as a choice that keeps nothing.
  for (const slug of chosen)
    if (!options.some((o) => o.value === slug)) options.push({ value: slug, label: slug, count: 0, selected: true })
  options.sort((a, b) => b.count - a.count || a.label.localeCompare(b.label, 'ru'))
  const facet = { kind: 'terms' as const, key: 'compatible', title: 'Совместимо с', options }
  if (!chosen.length) return { facet }
  return { facet, scope: new Set(drones.filter((d) => chosen.includes(d.slug)).flatMap((d) => d.ids)) }
}
