import { and, eq, sql } from 'drizzle-orm'
import { MergeModelsInput, MODEL_MESSAGES, MODEL_QUERY_MIN, type ModelSummary } from '#common/catalog/models.ts'
import type { Specs } from '#common/catalog/attributes.ts'
import { categorySubtree } from '#common/catalog/categories.ts'
import { CATALOG_ROOT_SLUG } from '#common/spheres.ts'
import type { ProductImage } from '#common/catalog/products.ts'
import { isUuid } from '#common/validators.ts'
import { type Ctx, requireStaff } from '../../../context.ts'
import { AppError } from '../../../errors.ts'
import { parse } from '../../../parse.ts'
import { recordAudit } from '../../audit/index.ts'
import { queryRows } from '../catalog.listing.ts'
import { catalogModels, catalogProducts } from '../catalog.table.ts'
import { modelKeyOf } from './model-key.ts'

/**
 * The catalogue's models as vendors and staff look them up (decision 060): a vendor finds the
 * model it sells by name, the manufacturer's part number or GTIN and attaches its offer; staff
 * see the models like a proposed one before approving it, and merge two models into one.
 */

/** A model in full: what a vendor's offer attached to it shows. */
export interface ModelContent extends ModelSummary {
  description: string
  descriptionHtml: string
  specs: Specs
  images: ProductImage[]
  areas: string[]
}

const SEARCH_LIMIT = 10
const SIMILAR_LIMIT = 5
/** Trigram similarity of «brand model» above which two models may be one (pg_trgm's scale, 0…1). */
const SIMILAR_NAMES = 0.45

/** The columns of a summary, with the model's offers on sale and its first picture. */
const SUMMARY = sql`m.id, m.slug, m.title, m.brand, m.name, m.part_number as "partNumber", m.gtin,
  m.category_slug as "categorySlug", m.images -> 0 as image,
  (select count(*)::int from catalog_products p where p.model_id = m.id and p.status = 'published') as "offerCount"`

/** A summary's columns and the rest of the model's card. */
const CONTENT = sql`${SUMMARY}, m.description, m.description_html as "descriptionHtml", m.specs, m.images, m.areas`

/** Letters and digits of a query, for GTIN and part-number matches («4 607 …», «CP.AG-01»). */
const compact = (text: string) => text.replace(/[\s-]/g, '')

/** Approved models matching a vendor's query: a GTIN or part number exactly, else every word of the name. */
export async function findModels(
  ctx: Ctx,
  query: string,
  limit = SEARCH_LIMIT,
  kind: 'any' | 'drones' = 'any',
): Promise<ModelSummary[]> {
  const q = query.replace(/\s+/g, ' ').trim().toLowerCase().slice(0, 100)
  if (q.length < MODEL_QUERY_MIN) return []
  const words = q.split(' ').map((word) => `%${word.replace(/[\\%_]/g, (c) => `\\${c}`)}%`)
  const exact = sql`(m.gtin = ${compact(q)} or (m.part_number <> '' and lower(m.part_number) = ${q}))`
  return queryRows<ModelSummary>(
    ctx.db,
    sql`select ${SUMMARY} from catalog_models m
        where m.status = 'approved' and (${exact} or lower(m.brand || ' ' || m.name) like all(${sql.param(words)}::text[]))
          ${kind === 'drones' ? sql`and m.category_slug = any(${sql.param(categorySubtree(CATALOG_ROOT_SLUG))}::text[])` : sql``}
        order by ${exact} desc, similarity(lower(m.brand || ' ' || m.name), ${q}) desc, m.title
        limit ${limit}`,
  )
}

/** Approved drone models among the ids, with their titles, in the order asked (a vendor's «Совместимость»). */
export async function droneModelRefs(ctx: Ctx, ids: readonly string[]): Promise<{ id: string; title: string }[]> {
  const valid = [...new Set(ids.filter(isUuid).map((id) => id.toLowerCase()))]
  if (!valid.length) return []
  const rows = await queryRows<{ id: string; title: string }>(
    ctx.db,
    sql`select id, title from catalog_models
        where id = any(${sql.param(valid)}::uuid[]) and status = 'approved'
          and category_slug = any(${sql.param(categorySubtree(CATALOG_ROOT_SLUG))}::text[])`,
  )
  const byId = new Map(rows.map((r) => [r.id, r]))
  return valid.flatMap((id) => byId.get(id) ?? [])
}

/** An approved model in full, for attaching an offer to it; not found otherwise. */
export async function describeModel(ctx: Ctx, id: string): Promise<ModelContent> {
  const [model] = isUuid(id)
    ? await queryRows<ModelContent>(
        ctx.db,
        sql`select ${CONTENT} from catalog_models m where m.id = ${id.toLowerCase()} and m.status = 'approved'`,
      )
    : []
  if (!model) throw new AppError('not_found', MODEL_MESSAGES.notFound)
  return model
}

/**
 * Models that may be the one a vendor proposes (before staff approve it as a new one): the same
 * brand and name as compared for grouping, the same GTIN or part number, or a name close by
 * trigrams («Agras T50» and «Agras T-50 RTK»). The closest first.
 */
export async function similarModels(
  ctx: Ctx,
  proposed: { id: string; brand: string; model: string; partNumber: string; gtin: string },
): Promise<ModelSummary[]> {
  const name = `${proposed.brand} ${proposed.model}`.replace(/\s+/g, ' ').trim().toLowerCase()
  if (!name) return []
  const key = modelKeyOf(proposed.id, proposed.brand, proposed.model)
  return queryRows<ModelSummary>(
    ctx.db,
    sql`select ${SUMMARY} from catalog_models m
        where m.status = 'approved' and (
          m.key = ${key}
          or (${proposed.gtin} <> '' and m.gtin = ${proposed.gtin})
          or (${proposed.partNumber} <> '' and lower(m.part_number) = lower(${proposed.partNumber}))
          or similarity(lower(m.brand || ' ' || m.name), ${name}) > ${SIMILAR_NAMES})
        order by (m.key = ${key}) desc, similarity(lower(m.brand || ' ' || m.name), ${name}) desc
        limit ${SIMILAR_LIMIT}`,
  )
}

/** Staff: approved models by name, part number or GTIN, or the most offered first without a query. */
export async function listModels(ctx: Ctx, query: string): Promise<ModelSummary[]> {
  requireStaff(ctx)
  if (query.trim()) return findModels(ctx, query, 50)
  // The 50 most offered counted in one pass over the offers; the summaries then for those only.
  return queryRows<ModelSummary>(
    ctx.db,
    sql`select ${SUMMARY} from (
          select model_id, count(*) as offers from catalog_products
          where status = 'published' and model_id is not null
          group by model_id order by offers desc, model_id limit 50) top
        join catalog_models m on m.id = top.model_id and m.status = 'approved'
        order by top.offers desc, m.title`,
  )
}

/**
 * Staff merge `fromId` into `intoId`: its offers become the other's, it answers with the other
 * model from now on (a vendor's draft attached to it, a product grouped by its name), what it
 * fits or is fitted with is the other's, and models merged into it before follow. Both must be approved and different. Audited.
 */
export async function mergeModels(ctx: Ctx, fromId: string, input: unknown): Promise<{ moved: number }> {
  requireStaff(ctx)
  const { intoId } = parse(MergeModelsInput, input ?? {})
  if (fromId.toLowerCase() === intoId.toLowerCase()) throw new AppError('invalid', MODEL_MESSAGES.mergeIntoItself)
  return ctx.db.transaction(async (tx) => {
    const from = await describeModel({ ...ctx, db: tx }, fromId)
    const into = await describeModel({ ...ctx, db: tx }, intoId)
    const moved = await tx
      .update(catalogProducts)
      .set({ modelId: into.id, updatedAt: new Date() })
      .where(eq(catalogProducts.modelId, from.id))
      .returning({ id: catalogProducts.id })
    // Its compatibility becomes the other's, on both sides (a pair already there stays once).
    for (const side of ['accessory_model_id', 'drone_model_id'] as const) {
      const column = sql.raw(side)
      await tx.execute(
        sql`insert into catalog_model_fits (accessory_model_id, drone_model_id)
            select ${side === 'accessory_model_id' ? sql`${into.id}::uuid, drone_model_id` : sql`accessory_model_id, ${into.id}::uuid`}
            from catalog_model_fits where ${column} = ${from.id}
            on conflict do nothing`,
      )
      await tx.execute(sql`delete from catalog_model_fits where ${column} = ${from.id}`)
    }
    const now = new Date()
    await tx
      .update(catalogModels)
      .set({ mergedIntoId: into.id, updatedAt: now })
      .where(and(eq(catalogModels.status, 'merged'), eq(catalogModels.mergedIntoId, from.id)))
    await tx
      .update(catalogModels)
      .set({ status: 'merged', mergedIntoId: into.id, updatedAt: now })
      .where(eq(catalogModels.id, from.id))
    await recordAudit(
      { ...ctx, db: tx },
      {
        action: 'catalog.model_merge',
        targetType: 'catalog_model',
        targetId: from.id,
        details: { into: into.id, fromTitle: from.title, intoTitle: into.title, offers: moved.length },
      },
    )
    return { moved: moved.length }
  })
}

/**
 * Approved models by GTIN and by part number (any case), for an import's rows: one statement
 * for a batch. Keys: `gtin:{digits}` and `pn:{lower-cased part number}`.
 */
export async function modelsByIdentity(
  ctx: Ctx,
  wanted: { gtins: string[]; partNumbers: string[] },
): Promise<Map<string, ModelContent>> {
  const gtins = [...new Set(wanted.gtins.filter(Boolean))]
  const partNumbers = [...new Set(wanted.partNumbers.filter(Boolean).map((p) => p.toLowerCase()))]
  if (!gtins.length && !partNumbers.length) return new Map()
  const rows = await queryRows<ModelContent>(
    ctx.db,
    sql`select ${CONTENT} from catalog_models m where m.status = 'approved'
          and (m.gtin = any(${sql.param(gtins)}::text[]) or (m.part_number <> '' and lower(m.part_number) = any(${sql.param(partNumbers)}::text[])))`,
  )
  const found = new Map<string, ModelContent>()
  for (const model of rows) {
    if (model.gtin) found.set(`gtin:${model.gtin}`, model)
    if (model.partNumber) found.set(`pn:${model.partNumber.toLowerCase()}`, model)
  }
  return found
}
