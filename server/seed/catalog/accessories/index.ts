import { ACCESSORY_ROOT, categorySubtree, getCategory } from '#common/catalog/categories.ts'
import type { Availability, ProductImage } from '#common/catalog/products.ts'
import { CATALOG_ROOT_SLUG, type SphereSlug } from '#common/spheres.ts'
import { sql } from 'drizzle-orm'
import type { Db } from '../../../db/client.ts'
import { queryRows } from '../../../modules/catalog/catalog.listing.ts'
import { modelKeyOf } from '../../../modules/catalog/models/model-key.ts'
import { DEMO_ORGANIZATIONS } from '../../accounts.ts'
import { ART_CAPTIONS, type ArtName, artSrc, EXTRA_ART } from '../art.ts'
import { type CatalogProduct, CATALOG_EPOCH, uniqueSlug } from '../build.ts'
import { hashOf } from '../describe.ts'
import { CATALOG_MODELS } from '../models/index.ts'
import { CATALOG_VENDORS, demoOfferTerms, SELLER_TERMS } from '../vendors/index.ts'
import { FLEET } from './fleet.ts'
import { GROUND } from './ground.ts'
import { PARTS } from './parts.ts'
import { PAYLOADS } from './payloads.ts'
import type { AccessoryModel } from './types.ts'

const DAY = 86_400_000
/** The drones' categories: an accessory named after its drone («Agras T50 40 л») is no kit of it. */
const DRONE_CATEGORIES = categorySubtree(CATALOG_ROOT_SLUG)

/** Every payload, accessory and spare part of the demo catalogue (issue 33, decision 062). */
export const ACCESSORY_MODELS: readonly AccessoryModel[] = [...PAYLOADS, ...PARTS, ...GROUND, ...FLEET]

const DRONES = new Map(CATALOG_MODELS.map((m) => [`${m.brand} ${m.model}`, m]))
const SELLER_NAMES = new Map<string, string>([
  ...CATALOG_VENDORS.map((v): [string, string] => [v.slug, v.shortName]),
  ...DEMO_ORGANIZATIONS.map((o): [string, string] => [o.slug, o.shortName]),
])

/** The spheres of the drones it fits, the first five. */
function areasOf(accessory: AccessoryModel): SphereSlug[] {
  return [...new Set(accessory.fits.flatMap((name) => DRONES.get(name)?.areas ?? []))].slice(0, 5)
}

/** Its picture and a second one of what it comes in. */
function imagesOf(accessory: AccessoryModel): ProductImage[] {
  const second: ArtName = accessory.art === 'kit-case' ? 'battery-kit' : 'kit-case'
  const extra = new Set<ArtName>(EXTRA_ART)
  return [accessory.art, second].map((name) => ({
    src: artSrc(name),
    alt: `${accessory.brand} ${accessory.model}${extra.has(name) ? ' — ' : ' '}${ART_CAPTIONS[name]}`,
  }))
}

/** Every seller's offer of every accessory, after the drones' (their slugs are `used`). */
export function buildAccessories(used: Set<string>): CatalogProduct[] {
  if (!getCategory(ACCESSORY_ROOT)) throw new Error('The accessories category tree is missing')
  return ACCESSORY_MODELS.flatMap((accessory, modelIndex) =>
    accessory.sellers.map((vendorSlug, sellerIndex): CatalogProduct => {
      const terms = SELLER_TERMS.get(vendorSlug)
      if (!terms) throw new Error(`Unknown seller ${vendorSlug} of ${accessory.brand} ${accessory.model}`)
      for (const name of accessory.fits)
        if (!DRONES.has(name)) throw new Error(`${accessory.brand} ${accessory.model} fits an unknown ${name}`)
      const title = `${accessory.noun} ${accessory.brand} ${accessory.model}`
      const slug = uniqueSlug(title, vendorSlug, used)
      const h = hashOf(slug)
      const availability: Availability = (h % 100) / 100 < Math.min(1, terms.stock + 0.15) ? 'in_stock' : 'to_order'
      const jitter = 1 + (((h >>> 4) % 41) - 20) / 1000
      const step = accessory.price >= 100_000 ? 100 : 10
      const price = Math.round((accessory.price * terms.markup * jitter) / step) * step
      const createdAt = new Date(CATALOG_EPOCH - (3 + ((h >>> 7) % 400)) * DAY)
      const publishedAt = new Date(createdAt.getTime() + (1 + (h % 3)) * DAY)
      const seller = SELLER_NAMES.get(vendorSlug) ?? vendorSlug
      return {
        slug,
        title,
        brand: accessory.brand,
        model: accessory.model,
        vendorSlug,
        categorySlug: accessory.category,
        priceKopecks: price * 100,
        vatRate: terms.vatRate,
        availability,
        leadTimeDays: availability === 'to_order' ? Math.max(5, Math.round((terms.leadTime * 0.6) / 5) * 5) : null,
        stockQuantity: availability === 'in_stock' ? 3 + ((h >>> 11) % 40) : null,
        ...demoOfferTerms(vendorSlug),
        description: [
          ...accessory.facts,
          `Подходит к ${accessory.fits.join(', ')}.`,
          `${seller}: ${availability === 'in_stock' ? 'в наличии на складе' : 'поставка под заказ'}.`,
        ].join(' '),
        images: imagesOf(accessory),
        specs: { ...accessory.specs, country: accessory.country },
        areas: areasOf(accessory),
        status: 'published',
        popularity: Math.round(300 / (1 + sellerIndex) + (h % 37) + (ACCESSORY_MODELS.length - modelIndex)),
        createdAt,
        updatedAt: publishedAt,
        publishedAt,
      }
    }),
  )
}

/**
 * Writes which drone models each accessory fits, once the products have their models: a drone's
 * kits («Matrice 350 RTK с камерой Zenmuse H30T») fit what the bare drone fits. Idempotent.
 */
export async function seedModelFits(db: Db): Promise<number> {
  const models = await queryRows<{ id: string; key: string; name: string; categorySlug: string }>(
    db,
    sql`select id, key, name, category_slug as "categorySlug" from catalog_models where status = 'approved'`,
  )
  const byKey = new Map(models.map((m) => [m.key, m.id]))
  const drones = models.filter((m) => DRONE_CATEGORIES.includes(m.categorySlug))
  const pairs: [string, string][] = []
  for (const accessory of ACCESSORY_MODELS) {
    const accessoryId = byKey.get(modelKeyOf('', accessory.brand, accessory.model))
    if (!accessoryId) continue
    for (const name of accessory.fits) {
      const drone = DRONES.get(name)!
      const base = modelKeyOf('', drone.brand, drone.model)
      for (const model of drones)
        if (
          model.key === base ||
          (model.key.startsWith(base) &&
            model.name.startsWith(drone.model) &&
            /^[ ,]/.test(model.name.slice(drone.model.length)))
        )
          pairs.push([accessoryId, model.id])
    }
  }
  if (!pairs.length) return 0
  await db.execute(
    sql`insert into catalog_model_fits (accessory_model_id, drone_model_id)
        select * from unnest(${sql.param(pairs.map((p) => p[0]))}::uuid[], ${sql.param(pairs.map((p) => p[1]))}::uuid[])
        on conflict do nothing`,
  )
  return pairs.length
}
