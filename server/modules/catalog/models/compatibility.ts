import { sql } from 'drizzle-orm'
import { CATEGORIES, getCategory } from '#common/catalog/categories.ts'
import { AVAILABILITIES, type ProductImage } from '#common/catalog/products.ts'
import { modelHref } from '#common/catalog/product-href.ts'
import type { CompatibleGroup, CompatibleModel } from '#common/catalog/types.ts'
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

/** The models an accessory fits (`side` 'drones') or the accessories that fit a drone ('accessories'). */
export async function compatibleModels(
  db: Db,
  index: CatalogIndex,
  modelId: string,
  side: 'drones' | 'accessories',
): Promise<CompatibleModel[]> {
  const [own, other] = side === 'drones' ? ['accessory', 'drone'] : ['drone', 'accessory']
  const rows = await queryRows<ModelRow>(
    db,
    sql`select m.id, m.slug, m.title, m.brand, m.category_slug as "categorySlug", m.images -> 0 as image
        from catalog_model_fits f join catalog_models m on m.id = f.${sql.raw(`${other}_model_id`)}
        where f.${sql.raw(`${own}_model_id`)} = ${modelId} and m.status = 'approved'
        order by m.title`,
  )
  return rows.flatMap((row) => {
    const code = index.models.find(row.id)
    const slots = code === undefined ? [] : index.liveSlotsOf(code)
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

/**
 * The accessory models that fit the drone model of this slug, for the catalogue's «совместимо с»
 * filter, with the drone's title for its chip; null when no model has the slug.
 */
export async function accessoriesFitting(
  db: Db,
  droneSlug: string,
): Promise<{ title: string; accessoryIds: Set<string> } | null> {
  const [row] = await queryRows<{ title: string; ids: string[] }>(
    db,
    sql`select d.title, coalesce(array_agg(f.accessory_model_id::text) filter (where f.accessory_model_id is not null), '{}') as ids
        from catalog_models d left join catalog_model_fits f on f.drone_model_id = d.id
        where d.slug = ${droneSlug}
        group by d.id`,
  )
  return row ? { title: row.title, accessoryIds: new Set(row.ids) } : null
}
