import { type SQL, sql } from 'drizzle-orm'
import { RANGE_ATTRIBUTE_CODES, type RangeAttributeCode } from '#common/catalog/attributes.ts'
import type { Db } from '../../../db/client.ts'
import { type Ctx, readOnce } from '../../../context.ts'
import { CatalogIndex, type IndexRow } from './listing-index.ts'
import { RANGE_COLUMNS } from '../catalog.table.ts'
import { type CatalogState, queryRows, readCatalogRevision } from '../catalog.listing.ts'

/**
 * Keeps an app instance's CatalogIndex equal to the database. Every change to catalog_products
 * stamps its rows with the catalogue revision (triggers, migration 0009), and a deletion leaves
 * its id in catalog_removed. Each request reads the current revision first (one small
 * statement it makes anyway); when it is ahead of the index, the changed rows are loaded and
 * applied before the request is answered, so an instance never answers from an older catalogue
 * than the request saw. Several instances each follow the same revisions.
 */

/** The key of a request's one look at the revision (readOnce). */
const REVISION = Symbol('catalog revision')

/** Rows per statement while loading, so a big catalogue never sits in memory twice at once. */
const BATCH = 5000

type LoadedRow = Omit<IndexRow, 'ranges' | 'priceKopecks' | 'createdMicros'> & {
  status: string
  priceKopecks: string | number | null
  createdMicros: string
} & Record<RangeAttributeCode, number | null>

const COLUMNS = sql.raw(
  [
    'p.id',
    'p.status',
    'p.category_slug as "categorySlug"',
    'p.vendor_organization_id as "vendorOrganizationId"',
    'p.brand',
    'p.model',
    'p.model_id as "modelId"',
    '(select m.slug from catalog_models m where m.id = p.model_id) as "modelSlug"',
    'p.drone_type as "droneType"',
    'p.availability',
    'p.made_in_russia as "madeInRussia"',
    'p.rtk',
    'p.areas_mask as "areasMask"',
    'p.price_kopecks as "priceKopecks"',
    'p.popularity',
    `(extract(epoch from p.created_at) * 1000000)::bigint::text as "createdMicros"`,
    ...RANGE_ATTRIBUTE_CODES.map((code) => `p.${RANGE_COLUMNS[code]} as "${code}"`),
    'p.search_text as "searchText"',
    'p.search_vector::text as vector',
  ].join(', '),
)

function toIndexRow(row: LoadedRow): IndexRow {
  const ranges = {} as Record<RangeAttributeCode, number | null>
  for (const code of RANGE_ATTRIBUTE_CODES) ranges[code] = row[code] === null ? null : Number(row[code])
  return {
    ...row,
    areasMask: Number(row.areasMask),
    popularity: Number(row.popularity),
    priceKopecks: row.priceKopecks === null ? null : Number(row.priceKopecks),
    createdMicros: Number(row.createdMicros),
    ranges,
  }
}

/** Products matching `where`, in batches by id. */
async function eachRow(db: Db, where: SQL, apply: (row: LoadedRow) => void): Promise<void> {
  let after = '00000000-0000-0000-0000-000000000000'
  for (;;) {
    const rows = await queryRows<LoadedRow>(
      db,
      sql`select ${COLUMNS} from catalog_products p where ${where} and p.id > ${after}::uuid order by p.id limit ${BATCH}`,
    )
    rows.forEach(apply)
    if (rows.length < BATCH) return
    after = rows.at(-1)!.id
  }
}

/**
 * The ids of the products matching `where`, a model's offers next to each other: an index loaded
 * in this order keeps each model's offers in neighbouring slots, which is what a listing grouped
 * by model counts together (search/model-tally.ts) as its pass meets them. Offers put later go
 * to the end; their models are read through their lists of slots instead.
 */
async function idsByModel(db: Db, where: SQL): Promise<string[]> {
  const rows = await queryRows<{ id: string }>(
    db,
    sql`select p.id from catalog_products p where ${where} order by p.model_id, p.id`,
  )
  return rows.map((r) => r.id)
}

/**
 * A whole index at revision `state.revision`. Rows changed since have a later revision and are
 * left for the next catch-up, which applies them, so nothing is read twice or half-way.
 */
async function buildIndex(db: Db): Promise<CatalogIndex> {
  const state = await readCatalogRevision(db)
  const index = new CatalogIndex()
  const where = sql`p.status = 'published' and p.revision <= ${state.revision}`
  const ids = await idsByModel(db, where)
  // Room for the whole load at once, and an eighth more for the changes that follow.
  index.reserveMore(ids.length + (ids.length >> 3))
  const batch = (at: number) =>
    queryRows<LoadedRow>(
      db,
      sql`select ${COLUMNS} from unnest(${sql.param(ids.slice(at, at + BATCH))}::uuid[]) with ordinality as o(id, pos)
          join catalog_products p on p.id = o.id where ${where} order by o.pos`,
    )
  // The next two batches are asked for before this one is put: the database reads them while
  // this thread parses. A million products load in 49 s on two cores, where one at a time took 80.
  const AHEAD = 2
  const pending: Promise<LoadedRow[]>[] = []
  let asked = 0
  const askMore = () => {
    while (pending.length < AHEAD && asked < ids.length) {
      pending.push(batch(asked))
      asked += BATCH
    }
  }
  try {
    for (askMore(); pending.length; askMore()) {
      const rows = await pending.shift()!
      askMore()
      for (const row of rows) index.put(toIndexRow(row))
    }
  } finally {
    // A load that failed half-way leaves the batches asked for last unread: their failures are not news.
    for (const unread of pending) unread.catch(() => {})
  }
  index.sealModelRuns()
  index.sortAll()
  index.revision = state.revision
  return index
}

/** Applies the changes after the index's revision up to `target`. */
async function catchUp(db: Db, index: CatalogIndex, target: number): Promise<void> {
  if (index.revision >= target) return
  const range = sql`revision > ${index.revision} and revision <= ${target}`
  const removed = await queryRows<{ id: string }>(db, sql`select product_id as id from catalog_removed where ${range}`)
  for (const { id } of removed) index.remove(id)
  const added: number[] = []
  await eachRow(db, sql`p.${range}`, (row) => {
    if (row.status === 'published') added.push(index.put(toIndexRow(row)))
    else index.remove(row.id)
  })
  index.insertIntoOrders(added)
  index.revision = target
}

export interface IndexKeeper {
  /** The index at the revision `state` read, or later. */
  at(db: Db, state: CatalogState): Promise<CatalogIndex>
  /** The catalogue's revision, read once per read-only request (readOnce). */
  state(ctx: Pick<Ctx, 'db' | 'reads'>): Promise<CatalogState>
  /**
   * Reads the revision, then as `at`: one statement when nothing changed, and none more for the
   * rest of a read-only request (readOnce), which sees the catalogue as of its first look.
   */
  current(ctx: Pick<Ctx, 'db' | 'reads'>): Promise<CatalogIndex>
  /**
   * The index as this instance holds it, without reading the revision (no statement, unless
   * there is no index yet): what a request may look at before its own statement, knowing the
   * index may be a revision or so behind the database.
   */
  held(db: Db): Promise<CatalogIndex>
}

export function createIndexKeeper(): IndexKeeper {
  let index: CatalogIndex | null = null
  let building: Promise<CatalogIndex> | null = null
  let rebuilding = false
  // Catch-ups run one after another: each reads from the revision the last one reached.
  let queue: Promise<unknown> = Promise.resolve()
  const serially = <T>(task: () => Promise<T>): Promise<T> => {
    const run = queue.then(task)
    queue = run.catch(() => {})
    return run
  }

  const build = (db: Db): Promise<CatalogIndex> => {
    building ??= buildIndex(db)
      .then((fresh) => (index = fresh))
      .finally(() => (building = null))
    return building
  }

  /** A fresh index built beside the one serving, swapped in once it has caught up. */
  const rebuildInBackground = (db: Db) => {
    rebuilding = true
    void buildIndex(db)
      .then((fresh) =>
        serially(async () => {
          await catchUp(db, fresh, index?.revision ?? fresh.revision)
          index = fresh
        }),
      )
      .catch(() => {}) // the old index keeps serving; the next change tries again
      .finally(() => (rebuilding = false))
  }

  const at = async (db: Db, state: CatalogState): Promise<CatalogIndex> => {
    let current = index ?? (await build(db))
    if (state.resetRevision > current.revision) current = await build(db)
    if (state.revision > current.revision) await serially(() => catchUp(db, index!, state.revision))
    if (index!.needsRebuild && !rebuilding) rebuildInBackground(db)
    return index!
  }

  const state = (ctx: Pick<Ctx, 'db' | 'reads'>) => readOnce(ctx, REVISION, () => readCatalogRevision(ctx.db))

  return {
    at,
    state,
    current: async (ctx) => at(ctx.db, await state(ctx)),
    held: async (db) => index ?? (await build(db)),
  }
}
