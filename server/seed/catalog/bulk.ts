import { seededRandom } from '#common/seeded-random.ts'
import type { Availability, ProductStatus } from '#common/catalog/products.ts'
import { MAX_SLUG_LENGTH, slugify } from '#common/slug.ts'
import { SPHERE_SLUGS, type SphereSlug } from '#common/spheres.ts'
import { catalogProducts } from '../../modules/catalog/catalog.table.ts'
import type { Db } from '../../db/client.ts'
import { assignModels } from '../../modules/catalog/models/assign-models.ts'
import { CATALOG_EPOCH, describeOffer, productImages, specsOf } from './build.ts'
import { withConfig } from './describe.ts'
import { CATALOG_MODELS } from './models/index.ts'
import type { NewProductRow, Performance } from './types.ts'

export type { NewProductRow }

const DAY = 86_400_000

/** What sets one bulk offer apart from another of the same model. */
const VARIANTS = [
  '',
  ' (2025)',
  ' (2026)',
  ' в сером корпусе',
  ' в белом корпусе',
  ' в оранжевом корпусе',
  ' — комплект «Стандарт»',
  ' — комплект «Профи»',
  ' — комплект «Максимум»',
  ' в арктическом исполнении',
  ' с запасными винтами',
  ' с дополнительной батареей',
  ' с транспортным кейсом',
  ' с обучением двух пилотов',
  ' с расширенной гарантией 24 месяца',
  ' с лицензией ПО для обработки',
  ' с пультом повышенной яркости',
  ' с выездной пусконаладкой',
] as const

/**
 * Model series per offer in a bulk catalogue: 100 000 offers over more than 30 000 models, as a
 * marketplace where most models have a few sellers (issue 33). Beyond the demo's models the rest
 * are numbered series of them («Agras T50 S17»), with the same characteristics. Series are
 * picked at random, so about 5 % of them get no offer: 0.33 gives some 31 000 models.
 */
const MODELS_PER_OFFER = 0.33

/** A number within ±spread of the original, rounded to `digits` decimals. */
function jitter(value: number, rnd: () => number, spread: number, digits: number): number {
  const factor = 10 ** digits
  return Math.max(1 / factor, Math.round(value * (1 + (rnd() * 2 - 1) * spread) * factor) / factor)
}

function statusOf(x: number): ProductStatus {
  return x < 0.95 ? 'published' : x < 0.98 ? 'moderation' : 'non-published'
}

/**
 * Deterministic variations of the demo models for the benchmark: other kits, colours and years,
 * prices and characteristics jittered within plausible bounds, ~95 % published. Slugs end with
 * `-b{seed}-{n}`, so they never meet the demo catalogue's or each other's.
 */
export function* generateBulkProducts(count: number, vendorIds: string[], seed = 1): Iterable<NewProductRow> {
  if (count > 0 && vendorIds.length === 0) throw new Error('generateBulkProducts needs at least one vendor id')
  const rnd = seededRandom(seed)
  const pick = <T>(items: readonly T[]): T => items[Math.floor(rnd() * items.length)]!
  // Titles repeat (a few thousand combinations): transliterate each once.
  const slugs = new Map<string, string>()
  const seriesPerModel = Math.max(1, Math.round((count * MODELS_PER_OFFER) / CATALOG_MODELS.length))
  for (let i = 0; i < count; i++) {
    const model = pick(CATALOG_MODELS)
    const series = Math.floor(rnd() * seriesPerModel)
    const modelName = series ? `${model.model} S${series}` : model.model
    const configIndex = Math.floor(rnd() * model.configs.length)
    const config = model.configs[configIndex]!
    const variant = pick(VARIANTS)
    const title = withConfig(`${pick(model.nouns)} ${model.brand} ${modelName}`, config.title) + variant
    const suffix = `-b${seed}-${i.toString(36)}`
    let slugBase = slugs.get(title)
    if (slugBase === undefined) slugs.set(title, (slugBase = slugify(title)))
    const slug = `${slugBase.slice(0, MAX_SLUG_LENGTH - suffix.length).replace(/-+$/, '')}${suffix}`

    const base = { ...model.perf, ...config.perf }
    const perf: Performance = {
      mtow: jitter(base.mtow, rnd, 0.08, 2),
      flightTime: jitter(base.flightTime, rnd, 0.1, 0),
      range: jitter(base.range, rnd, 0.1, 1),
      speed: jitter(base.speed, rnd, 0.08, 0),
      wind: jitter(base.wind, rnd, 0.1, 0),
      tempMin: base.tempMin - Math.floor(rnd() * 6),
      tempMax: base.tempMax + Math.floor(rnd() * 6),
      ...(base.payload === undefined ? {} : { payload: jitter(base.payload, rnd, 0.1, 2) }),
      ...(base.ip ? { ip: base.ip } : {}),
    }
    const extraArea = rnd() < 0.15 ? [pick(SPHERE_SLUGS)] : []
    const areas = [...new Set<SphereSlug>([...model.areas, ...(config.areas ?? []), ...extraArea])].slice(0, 5)

    const listPrice = model.price === null || config.extra === null ? null : model.price + (config.extra ?? 0)
    const priceKopecks =
      listPrice === null || rnd() < 0.05 ? null : Math.round((listPrice * (0.85 + rnd() * 0.4)) / 100) * 100 * 100
    const availability: Availability = rnd() < 0.55 ? 'in_stock' : 'to_order'
    const status = statusOf(rnd())
    const createdAt = new Date(CATALOG_EPOCH - Math.floor(rnd() * 540 * DAY))
    const publishedAt = status === 'published' ? new Date(createdAt.getTime() + Math.floor(rnd() * 4 * DAY)) : null

    yield {
      slug,
      title,
      brand: model.brand,
      model: modelName,
      vendorOrganizationId: pick(vendorIds),
      categorySlug: model.category,
      priceKopecks,
      vatRate: rnd() < 0.8 ? '22' : '5',
      availability,
      leadTimeDays: availability === 'to_order' ? 5 + Math.floor(rnd() * 18) * 5 : null,
      description: describeOffer(model, config, perf, areas, Math.floor(rnd() * 2 ** 32)),
      images: productImages(model, config, i),
      specs: specsOf(model, perf, config.camera ?? model.camera),
      areas,
      status,
      popularity: Math.floor(model.popularity * 10 * rnd() ** 2 + rnd() * 30),
      createdAt,
      updatedAt: publishedAt ?? createdAt,
      publishedAt,
    }
  }
}

/**
 * Inserts rows as multi-row statements of `chunkSize` (at most 65 535 bind parameters each, so
 * up to ~3 000 rows); existing slugs are skipped. Returns how many rows were offered.
 */
export async function insertBulkProducts(db: Db, rows: Iterable<NewProductRow>, chunkSize = 1000): Promise<number> {
  const size = Math.max(1, Math.min(chunkSize, 3000))
  let chunk: NewProductRow[] = []
  let total = 0
  const flush = async () => {
    if (chunk.length === 0) return
    await db.insert(catalogProducts).values(chunk).onConflictDoNothing({ target: catalogProducts.slug })
    total += chunk.length
    chunk = []
  }
  for (const row of rows) {
    chunk.push(row)
    if (chunk.length >= size) await flush()
  }
  await flush()
  await assignModels(db)
  return total
}
