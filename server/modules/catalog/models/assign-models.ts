import { sql } from 'drizzle-orm'
import { MAX_SLUG_LENGTH, slugify } from '#common/slug.ts'
import type { Db } from '../../../db/client.ts'
import { catalogModels } from '../catalog.table.ts'
import { queryRows } from '../catalog.listing.ts'
import { modelKeyOf } from './model-key.ts'

/**
 * Every product is an offer of a model (decision 059). A product written without one (the
 * products of a catalogue from before models were records, the demo seed, the benchmark's bulk
 * catalogue) gets the model of its brand and model name (search/model-key.ts): the one there is,
 * or a new one made from the group's most popular offer. Run after migrating and after seeding;
 * a product published from the cabinet gets its model as it is published (`modelIdFor`).
 */

/** Products given their model per statement. */
const BATCH = 2000
/** Models made per statement (each carries its card: description, specs, pictures). */
const CARDS = 500
/** Keys looked up per statement. */
const KEYS = 10_000

/** An offer a model's card is made from. */
interface CardSource {
  id: string
  title: string
  brand: string
  model: string
  categorySlug: string
  description: string
  descriptionHtml: string
  /** The proposing vendor's, for a product published from the cabinet. */
  partNumber?: string
  gtin?: string
  specs: unknown
  images: unknown
  areas: string[]
}

/** The model id of each key that has one; a merged model answers with the model it went into. */
export async function modelIdsByKey(db: Db, keys: readonly string[]): Promise<Map<string, string>> {
  const ids = new Map<string, string>()
  for (let at = 0; at < keys.length; at += KEYS) {
    const rows = await queryRows<{ key: string; id: string }>(
      db,
      sql`select m.key, coalesce(target.id, m.id) as id
          from catalog_models m left join catalog_models target on target.id = m.merged_into_id
          where m.key = any(${sql.param(keys.slice(at, at + KEYS))}::text[])`,
    )
    for (const r of rows) ids.set(r.key, r.id)
  }
  return ids
}

/**
 * Slugs for new models from their titles, none of them taken by another model, by a product (an
 * old product address redirects to its model, so the two never share one) or by each other.
 */
async function freeSlugs(db: Db, titles: readonly string[]): Promise<string[]> {
  const bases = titles.map(
    (t) =>
      slugify(t)
        .slice(0, MAX_SLUG_LENGTH - 4)
        .replace(/-+$/, '') || 'model',
  )
  // Each base and its numbered forms («…-2»), matched by a hash join: one pass over each table.
  const taken = new Set(
    (
      await queryRows<{ slug: string }>(
        db,
        sql`select s.slug from (select slug from catalog_models union all select slug from catalog_products) s
            join unnest(${sql.param([...new Set(bases)])}::text[]) as b(base)
              on b.base = regexp_replace(s.slug, '-[0-9]+$', '')`,
      )
    ).map((r) => r.slug),
  )
  return bases.map((base) => {
    let slug = base
    for (let n = 2; taken.has(slug); n++) slug = `${base}-${n}`
    taken.add(slug)
    return slug
  })
}

/**
 * Makes the models of `groups` (key → the offer to take the card from), at the addresses
 * `slugs` gives each key (`freeSlugs`). Returns key → id.
 */
async function createModels(
  db: Db,
  groups: Map<string, CardSource>,
  slugs: ReadonlyMap<string, string>,
): Promise<Map<string, string>> {
  const rows = [...groups].map(([key, p]) => ({
    key,
    slug: slugs.get(key)!,
    title: p.title,
    brand: p.brand,
    name: p.model,
    categorySlug: p.categorySlug,
    description: p.description,
    descriptionHtml: p.descriptionHtml,
    partNumber: p.partNumber ?? '',
    gtin: p.gtin ?? '',
    specs: p.specs as typeof catalogModels.$inferInsert.specs,
    images: p.images as typeof catalogModels.$inferInsert.images,
    areas: p.areas,
  }))
  if (!rows.length) return new Map()
  // Another instance starting at the same time may have made some of them: its model is taken.
  await db.insert(catalogModels).values(rows).onConflictDoNothing({ target: catalogModels.key })
  return modelIdsByKey(db, [...groups.keys()])
}

/** The text a new model's address is made from: its brand and name, or the title of a nameless one. */
const slugSourceOf = (p: Pick<CardSource, 'brand' | 'model' | 'title'>) => `${p.brand} ${p.model}`.trim() || p.title

/** `slugSourceOf` each product, reading the titles of those without a brand and name. */
async function slugSources(
  db: Db,
  products: readonly { id: string; brand: string; model: string }[],
): Promise<string[]> {
  const nameless = products.filter((p) => !slugSourceOf({ ...p, title: '' })).map((p) => p.id)
  const titles = new Map<string, string>()
  for (let at = 0; at < nameless.length; at += KEYS) {
    const rows = await queryRows<{ id: string; title: string }>(
      db,
      sql`select id, title from catalog_products where id = any(${sql.param(nameless.slice(at, at + KEYS))}::uuid[])`,
    )
    for (const r of rows) titles.set(r.id, r.title)
  }
  return products.map((p) => slugSourceOf({ ...p, title: titles.get(p.id) ?? '' }))
}

/**
 * Gives every product without a model its model. Returns how many products it assigned. Idempotent:
 * a second run finds nothing to do with one indexed statement. Linear in the products: one read of
 * their keys, one statement for the new models' addresses, then batches (a million products take
 * minutes, where a batch at a time read and scanned everything again).
 */
export async function assignModels(db: Db): Promise<number> {
  // The most popular first: a key's first product is the offer its new model's card is taken from.
  const products = await queryRows<{ id: string; brand: string; model: string }>(
    db,
    sql`select id, brand, model from catalog_products where model_id is null
        order by (status = 'published') desc, popularity desc, id`,
  )
  if (!products.length) return 0
  const keys = products.map((p) => modelKeyOf(p.id, p.brand, p.model))
  const firstOf = new Map<string, (typeof products)[number]>()
  keys.forEach((key, i) => firstOf.has(key) || firstOf.set(key, products[i]!))
  const ids = await modelIdsByKey(db, [...firstOf.keys()])
  const missing = [...firstOf].filter(([key]) => !ids.has(key))
  // Every new model's address in one statement: it reads every slug there is.
  const sources = await slugSources(
    db,
    missing.map(([, first]) => first),
  )
  const slugs = new Map((await freeSlugs(db, sources)).map((slug, i) => [missing[i]![0], slug]))
  for (let at = 0; at < missing.length; at += CARDS) {
    const batch = missing.slice(at, at + CARDS)
    const cards = new Map(
      (
        await queryRows<CardSource>(
          db,
          sql`select id, title, brand, model, category_slug as "categorySlug", description,
                description_html as "descriptionHtml", specs, images, areas
              from catalog_products where id = any(${sql.param(batch.map(([, first]) => first.id))}::uuid[])`,
        )
      ).map((card) => [card.id, card]),
    )
    const made = await createModels(db, new Map(batch.map(([key, first]) => [key, cards.get(first.id)!])), slugs)
    for (const [key, id] of made) ids.set(key, id)
  }
  for (let at = 0; at < products.length; at += BATCH) {
    const batch = products.slice(at, at + BATCH)
    await db.execute(
      sql`update catalog_products p set model_id = v.model_id
          from unnest(${sql.param(batch.map((p) => p.id))}::uuid[], ${sql.param(batch.map((_, i) => ids.get(keys[at + i]!)!))}::uuid[])
            as v(id, model_id)
          where p.id = v.id`,
    )
  }
  return products.length
}

/**
 * The model of an offer being published: the one the vendor attached it to (or the model that
 * one was merged into), else the model of its brand and model name, made from this offer when
 * there is none.
 */
export async function modelIdFor(db: Db, offer: CardSource & { modelId: string | null }): Promise<string> {
  if (offer.modelId) {
    const [attached] = await queryRows<{ id: string }>(
      db,
      sql`select coalesce(m.merged_into_id, m.id) as id from catalog_models m where m.id = ${offer.modelId}`,
    )
    if (attached) return attached.id
  }
  const key = modelKeyOf(offer.id, offer.brand, offer.model)
  const found = (await modelIdsByKey(db, [key])).get(key)
  if (found) return found
  const [slug] = await freeSlugs(db, [slugSourceOf(offer)])
  return (await createModels(db, new Map([[key, offer]]), new Map([[key, slug!]]))).get(key)!
}
