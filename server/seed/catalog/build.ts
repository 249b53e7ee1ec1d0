import { getCategory } from '#common/catalog/categories.ts'
import type { Availability, ProductImage, ProductStatus } from '#common/catalog/products.ts'
import type { Specs } from '#common/catalog/attributes.ts'
import { MAX_SLUG_LENGTH, slugify } from '#common/slug.ts'
import type { SphereSlug } from '#common/spheres.ts'
import { ART_CAPTIONS, ART_FAMILIES, type ArtName, artSrc, EXTRA_ART } from './art.ts'
import { describeProduct, hashOf, withConfig } from './describe.ts'
import { CATALOG_MODELS } from './models/index.ts'
import type { DroneModel, ModelConfig, NewProductRow, Performance } from './types.ts'
import { demoOfferTerms, SELLER_TERMS } from './vendors/index.ts'

const DAY = 86_400_000

/** The days after the epoch that the demo's history (orders, conversations, requests, reviews) takes. */
export const DEMO_HISTORY_DAYS = 60

/**
 * The day the demo is dated from, for a seed run at `now`: its history fills the days after it
 * and ends before the run's day; the accounts and the catalogue come before it. Counted back from
 * the run, so a demo started on any day reads as recent and puts nothing in the future but
 * deadlines and delivery dates.
 */
export function demoEpoch(now: number): number {
  const runDay = new Date(now)
  const today = Date.UTC(runDay.getUTCFullYear(), runDay.getUTCMonth(), runDay.getUTCDate())
  return today - (DEMO_HISTORY_DAYS + 1) * DAY
}

/** The epoch of this process's seed run (a seed runs when the app starts on an empty database). */
export const CATALOG_EPOCH = demoEpoch(Date.now())
const MAX_AREAS = 5

/** A product of the demo catalogue; the seed resolves the vendor slug to its organization. */
export type CatalogProduct = Omit<NewProductRow, 'vendorOrganizationId'> & { vendorSlug: string }

function roundPrice(roubles: number, h: number): number {
  const step = roubles >= 1_000_000 ? 1000 : 100
  const rounded = Math.round(roubles / step) * step
  // Shelf prices like 1 249 900 ₽ for about a third of offers.
  return h % 3 === 0 ? rounded - step / 10 : rounded
}

function priceKopecks(model: DroneModel, config: ModelConfig, vendorSlug: string, h: number): number | null {
  if (model.price === null || config.extra === null) return null
  const base = model.price + (config.extra ?? 0)
  // A few sellers quote the expensive kits only on request.
  if (base >= 1_500_000 && h % 29 === 0) return null
  const terms = SELLER_TERMS.get(vendorSlug)!
  const jitter = 1 + (((h >>> 4) % 41) - 20) / 1000
  // Sellers on the simplified system's lower rates price a little under the others.
  const vatFactor = terms.vatRate === '5' || terms.vatRate === '7' ? 1 / 1.2 : 1
  return roundPrice(base * terms.markup * jitter * vatFactor, h >>> 8) * 100
}

/** Two to four pictures: the model's family rotated per offer, then what the kit adds. */
export function productImages(model: DroneModel, config: ModelConfig, offer: number): ProductImage[] {
  const family = ART_FAMILIES[model.art] as readonly ArtName[]
  const rotated = family.map((_, i) => family[(i + offer) % family.length]!)
  const names: ArtName[] = [...rotated.slice(0, 3), ...(config.art ?? [])]
  if (names.length < 2) names.push('kit-case')
  const extra = new Set<ArtName>(EXTRA_ART)
  return [...new Set(names)].slice(0, 4).map((name) => ({
    src: artSrc(name),
    alt: `${model.brand} ${model.model}${extra.has(name) ? ' — ' : ' '}${ART_CAPTIONS[name]}`,
  }))
}

/** The description of one offer of a model: its facts, configuration, figures and spheres. */
export function describeOffer(
  model: DroneModel,
  config: ModelConfig,
  perf: Performance,
  areas: SphereSlug[],
  seed: number,
): string {
  return describeProduct({
    brand: model.brand,
    model: model.model,
    noun: model.nouns[0]!,
    category: model.category,
    configTitle: config.title,
    facts: model.facts,
    note: config.note,
    perf,
    navigation: model.navigation,
    rtk: model.rtk,
    country: model.country,
    areas,
    seed,
  })
}

export function specsOf(model: DroneModel, perf: Performance, camera: string): Specs {
  const specs: Specs = {
    type: getCategory(model.category)!.droneType!,
    max_takeoff_weight: perf.mtow,
    flight_time: perf.flightTime,
    range: perf.range,
    max_speed: perf.speed,
    wind_resistance: perf.wind,
    operating_temp_min: perf.tempMin,
    operating_temp_max: perf.tempMax,
    camera,
    navigation: model.navigation,
    rtk: model.rtk,
    country: model.country,
  }
  if (perf.payload !== undefined) specs.payload = perf.payload
  if (perf.ip) specs.ip_rating = perf.ip
  return specs
}

/** A slug from the title; the same title from another seller gets the seller's name appended. */
export function uniqueSlug(title: string, vendorSlug: string, used: Set<string>): string {
  const base = slugify(title)
  const tag = vendorSlug.split('-')[0]!
  const candidates = [base, `${base.slice(0, MAX_SLUG_LENGTH - tag.length - 1).replace(/-+$/, '')}-${tag}`]
  for (let n = 2; ; n++) {
    const slug = candidates.shift() ?? `${base.slice(0, MAX_SLUG_LENGTH - 4).replace(/-+$/, '')}-${n}`
    if (!used.has(slug)) {
      used.add(slug)
      return slug
    }
  }
}

/** ~3 % of offers wait for moderation and ~3 % are drafts: never public, useful to tests. */
function statusOf(index: number): ProductStatus {
  if (index % 31 === 11) return 'moderation'
  if (index % 31 === 24) return 'non-published'
  return 'published'
}

/** Every configuration of every model from every one of its sellers, in a fixed order. */
export function buildCatalog(models: readonly DroneModel[] = CATALOG_MODELS): CatalogProduct[] {
  const used = new Set<string>()
  const products: CatalogProduct[] = []
  for (const model of models) {
    model.configs.forEach((config, configIndex) => {
      const sellers = config.sellers ?? model.sellers
      sellers.forEach((vendorSlug, sellerIndex) => {
        const terms = SELLER_TERMS.get(vendorSlug)
        if (!terms) throw new Error(`Unknown seller ${vendorSlug} of ${model.brand} ${model.model}`)
        const offer = sellerIndex + configIndex
        const noun = model.nouns[offer % model.nouns.length]!
        const title = withConfig(`${noun} ${model.brand} ${model.model}`, config.title)
        const slug = uniqueSlug(title, vendorSlug, used)
        const h = hashOf(slug)
        const perf = { ...model.perf, ...config.perf }
        const areas = [...new Set<SphereSlug>([...model.areas, ...(config.areas ?? [])])].slice(0, MAX_AREAS)

        const slow = model.category === 'vertoletnogo-tipa' ? 0.4 : 1
        const availability: Availability = (h % 100) / 100 < terms.stock * slow ? 'in_stock' : 'to_order'
        const leadTime = Math.round((terms.leadTime * (0.7 + ((h >>> 5) % 80) / 100)) / 5) * 5

        const status = statusOf(products.length)
        const createdAt = new Date(CATALOG_EPOCH - (6 + ((h >>> 7) % 530)) * DAY - ((h >>> 3) % 24) * 3_600_000)
        const publishedAt = status === 'published' ? new Date(createdAt.getTime() + (1 + (h % 4)) * DAY) : null
        const popularity = Math.round(
          (model.popularity * 10 * (1 - 0.12 * Math.min(sellerIndex, 5))) / (1 + 0.25 * configIndex) + (h % 37),
        )

        products.push({
          slug,
          title,
          brand: model.brand,
          // A kit is a model of its own (decision 059): the Matrice 350 RTK with a Zenmuse H30T is
          // compared with other sellers' H30T kits, not with the bare drone.
          model: withConfig(model.model, config.title),
          vendorSlug,
          categorySlug: model.category,
          priceKopecks: priceKopecks(model, config, vendorSlug, h),
          vatRate: terms.vatRate,
          availability,
          leadTimeDays: availability === 'to_order' ? Math.max(leadTime, slow < 1 ? 60 : 5) : null,
          // Units on the shelf for what is in stock (the cart stops there); made to order: not counted.
          stockQuantity: availability === 'in_stock' ? 2 + ((h >>> 11) % 23) : null,
          ...demoOfferTerms(vendorSlug),
          description: describeOffer(model, config, perf, areas, h),
          images: productImages(model, config, offer),
          specs: specsOf(model, perf, config.camera ?? model.camera),
          areas,
          status,
          popularity,
          createdAt,
          updatedAt: publishedAt ?? createdAt,
          publishedAt,
        })
      })
    })
  }
  return products
}
