import { inArray, sql } from 'drizzle-orm'
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

const BATCH = 2000

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
  if (!keys.length) return new Map()
  const rows = await queryRows<{ key: string; id: string }>(
    db,
    sql`select m.key, coalesce(target.id, m.id) as id
        from catalog_models m left join catalog_models target on target.id = m.merged_into_id
        where m.key = any(${sql.param([...keys])}::text[])`,
  )
  return new Map(rows.map((r) => [r.key, r.id]))
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

/** Makes the models of `groups` (key → the offer to take the card from). Returns key → id. */
async function createModels(db: Db, groups: Map<string, CardSource>): Promise<Map<string, string>> {
  const entries = [...groups]
  if (!entries.length) return new Map()
  const slugs = await freeSlugs(
    db,
    entries.map(([, p]) => `${p.brand} ${p.model}`.trim() || p.title),
  )
  const rows = entries.map(([key, p], i) => ({
    key,
    slug: slugs[i]!,
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
  for (let at = 0; at < rows.length; at += 500) {
    await db
      .insert(catalogModels)
      .values(rows.slice(at, at + 500))
      .onConflictDoNothing({ target: catalogModels.key })
  }
  const made = await db
    .select({ key: catalogModels.key, id: catalogModels.id })
    .from(catalogModels)
    .where(inArray(catalogModels.key, [...groups.keys()]))
  return new Map(made.map((r) => [r.key, r.id]))
}

/**
 * Gives every product without a model its model. Returns how many products it assigned. Idempotent:
 * a second run finds nothing to do with one indexed statement.
 */
export async function assignModels(db: Db): Promise<number> {
  let assigned = 0
  for (;;) {
    // The most popular first: a group's first row is the offer its new model's card is taken from.
    const rows = await queryRows<CardSource>(
      db,
      sql`select id, title, brand, model, category_slug as "categorySlug", description,
            description_html as "descriptionHtml", specs, images, areas
          from catalog_products where model_id is null
          order by (status = 'published') desc, popularity desc, id limit ${BATCH}`,
    )
    if (!rows.length) return assigned
    const keyOf = new Map(rows.map((r) => [r.id, modelKeyOf(r.id, r.brand, r.model)]))
    const existing = await modelIdsByKey(db, [...new Set(keyOf.values())])
    const missing = new Map<string, CardSource>()
    for (const row of rows) {
      const key = keyOf.get(row.id)!
      if (!existing.has(key) && !missing.has(key)) missing.set(key, row)
    }
    const ids = new Map([...existing, ...(await createModels(db, missing))])
    await db.execute(
      sql`update catalog_products p set model_id = v.model_id
          from unnest(${sql.param(rows.map((r) => r.id))}::uuid[], ${sql.param(rows.map((r) => ids.get(keyOf.get(r.id)!)!))}::uuid[])
            as v(id, model_id)
          where p.id = v.id`,
    )
    assigned += rows.length
  }
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
  return (await createModels(db, new Map([[key, offer]]))).get(key)!
}
