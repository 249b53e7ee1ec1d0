import { and, asc, desc, eq, inArray, or, sql } from 'drizzle-orm'
import { ATTRIBUTES, getAttribute } from '#common/catalog/attributes.ts'
import { CATEGORIES, getCategory } from '#common/catalog/categories.ts'
import { formatPrice } from '#common/catalog/format.ts'
import { AVAILABILITY_LABELS } from '#common/catalog/products.ts'
import type { ProductDetails } from '#common/catalog/types.ts'
import {
  COMPARE_LIMIT_PER_CATEGORY,
  COMPARE_MESSAGES,
  CompareClearQuery,
  type CompareGroup,
  type CompareIds,
  CompareItemInput,
  type CompareProduct,
  type CompareRow,
  type CompareView,
  compareLimitMessage,
} from '#common/compare.ts'
import { type Ctx, withDb } from '../../context.ts'
import { AppError } from '../../errors.ts'
import { parse } from '../../parse.ts'
import type { RateLimiter, RateLimitRule } from '../rate-limit/index.ts'
import { compareItems } from './compare.table.ts'

/** Generous: a person clicking through a catalogue page never gets near it. */
export const COMPARE_RATE_LIMIT: RateLimitRule = { limit: 120, windowMs: 60_000 }
/** Writes without a guest cookie each start a new list, so guests are also counted per address. */
export const COMPARE_GUEST_IP_RATE_LIMIT: RateLimitRule = { limit: 600, windowMs: 60_000 }

/** What the comparison asks of the catalogue: published products by id, in the order asked. */
export interface CompareCatalog {
  getProductsByIds(ctx: Ctx, ids: string[]): Promise<ProductDetails[]>
  filterPublished(ctx: Ctx, ids: string[]): Promise<{ id: string; categorySlug: string; modelId: string | null }[]>
}

export interface CompareService {
  /** The comparison table, grouped by category. */
  list(ctx: Ctx): Promise<CompareView>
  ids(ctx: Ctx): Promise<CompareIds>
  /** Published products only (404); adding twice is fine; 409 past the per-category limit. */
  add(ctx: Ctx, input: unknown): Promise<CompareIds>
  remove(ctx: Ctx, input: unknown): Promise<CompareIds>
  /** Everything, or one category's products. */
  clear(ctx: Ctx, query: unknown): Promise<CompareIds>
  /** Compared products on sale: the header's count. */
  count(ctx: Ctx): Promise<number>
  /**
   * At sign-in: the guest's products join the user's (the user's first, then the guest's newest
   * while the category has room), and the guest's list is gone.
   */
  mergeGuestIntoUser(ctx: Ctx, guestId: string, userId: string): Promise<void>
}

const userOwner = (userId: string) => `user:${userId}`
const guestOwner = (guestId: string) => `guest:${guestId}`

/** Who owns the list: the user, else the guest cookie's hash, else nobody yet (an empty list). */
function ownerOf(ctx: Ctx): string | null {
  if (ctx.user) return userOwner(ctx.user.id)
  return ctx.guestId ? guestOwner(ctx.guestId) : null
}

/**
 * Rows stay when a product leaves sale (it may come back after moderation), but only products on
 * sale are shown, counted and held against the limit: a list never fills up with what cannot
 * be seen or removed.
 */
export function createCompareService(deps: { limiter: RateLimiter; catalog: CompareCatalog }): CompareService {
  const { limiter } = deps

  /** The owner's rows, oldest first. */
  async function ownerRows(ctx: Ctx, owner: string) {
    return ctx.db
      .select({ productId: compareItems.productId, categorySlug: compareItems.categorySlug })
      .from(compareItems)
      .where(eq(compareItems.owner, owner))
      .orderBy(asc(compareItems.createdAt), asc(compareItems.productId))
  }

  /** The owner's products on sale, in the order they were added. */
  async function ownerProducts(ctx: Ctx, owner: string | null): Promise<ProductDetails[]> {
    if (!owner) return []
    const rows = await ownerRows(ctx, owner)
    if (rows.length === 0) return []
    return deps.catalog.getProductsByIds(
      ctx,
      rows.map((r) => r.productId),
    )
  }

  /** The owner's products on sale with their categories, without loading the products: counts and ids. */
  async function ownerOnSale(ctx: Ctx, owner: string | null): Promise<{ id: string; categorySlug: string }[]> {
    if (!owner) return []
    const rows = await ownerRows(ctx, owner)
    if (rows.length === 0) return []
    return deps.catalog.filterPublished(
      ctx,
      rows.map((r) => r.productId),
    )
  }

  async function idsOf(ctx: Ctx, owner: string | null): Promise<CompareIds> {
    const ids = (await ownerOnSale(ctx, owner)).map((p) => p.id)
    return { ids, count: ids.length }
  }

  async function requireWriter(ctx: Ctx): Promise<string> {
    const owner = ownerOf(ctx)
    // Routes give every guest write a guest cookie first; a caller without one is a bug.
    if (!owner) throw new AppError('unauthorized', 'Не удалось определить, чей это список сравнения')
    if (!ctx.user) await limiter.hit(`compare:ip:${ctx.ip}`, COMPARE_GUEST_IP_RATE_LIMIT)
    await limiter.hit(`compare:${owner}`, COMPARE_RATE_LIMIT)
    return owner
  }

  return {
    async list(ctx) {
      const products = await ownerProducts(ctx, ownerOf(ctx))
      return { groups: groupProducts(products), count: products.length }
    },

    ids: (ctx) => idsOf(ctx, ownerOf(ctx)),

    async add(ctx, input) {
      const { productId } = parse(CompareItemInput, input)
      const owner = await requireWriter(ctx)
      // One add per owner at a time: two at once would both see room for one more.
      return ctx.db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`compare:${owner}`}))`)
        const txCtx = withDb(ctx, tx)
        const rows = await ownerRows(txCtx, owner)
        const listed = rows.map((r) => r.productId).filter((id) => id !== productId)
        // One catalogue call answers both "is it on sale" and "how full is its category".
        const products = await deps.catalog.filterPublished(txCtx, [productId, ...listed])
        const product = products.find((p) => p.id === productId)
        if (!product) throw new AppError('not_found', COMPARE_MESSAGES.notFound)
        // Comparison is of models: another seller's offer of a model on the list takes its place.
        const sameModel = products.filter((p) => p.id !== productId && p.modelId && p.modelId === product.modelId)
        if (sameModel.length) {
          await tx.delete(compareItems).where(
            and(
              eq(compareItems.owner, owner),
              inArray(
                compareItems.productId,
                sameModel.map((p) => p.id),
              ),
            ),
          )
        }
        const others = products.filter((p) => p.id !== productId && !sameModel.includes(p))
        if (!rows.some((r) => r.productId === productId)) {
          const sameCategory = others.filter((p) => p.categorySlug === product.categorySlug)
          if (sameCategory.length >= COMPARE_LIMIT_PER_CATEGORY) {
            const title = getCategory(product.categorySlug)?.title ?? product.categorySlug
            throw new AppError('conflict', compareLimitMessage(title))
          }
          await tx
            .insert(compareItems)
            .values({ owner, productId, categorySlug: product.categorySlug })
            .onConflictDoNothing()
        }
        const ids = [...others.map((p) => p.id), productId]
        return { ids, count: ids.length }
      })
    },

    async remove(ctx, input) {
      const { productId } = parse(CompareItemInput, input)
      const owner = ownerOf(ctx)
      if (!owner) return { ids: [], count: 0 }
      await requireWriter(ctx)
      await ctx.db.delete(compareItems).where(and(eq(compareItems.owner, owner), eq(compareItems.productId, productId)))
      return idsOf(ctx, owner)
    },

    async clear(ctx, query) {
      const { category } = parse(CompareClearQuery, query ?? {})
      const owner = ownerOf(ctx)
      if (!owner) return { ids: [], count: 0 }
      await requireWriter(ctx)
      if (!category) {
        await ctx.db.delete(compareItems).where(eq(compareItems.owner, owner))
        return { ids: [], count: 0 }
      }
      // The category as the catalogue has it now, and as it was when added (for hidden products).
      const inCategory = (await ownerOnSale(ctx, owner)).filter((p) => p.categorySlug === category)
      await ctx.db.delete(compareItems).where(
        and(
          eq(compareItems.owner, owner),
          or(
            eq(compareItems.categorySlug, category),
            inArray(
              compareItems.productId,
              inCategory.map((p) => p.id),
            ),
          ),
        ),
      )
      return idsOf(ctx, owner)
    },

    async count(ctx) {
      return (await ownerOnSale(ctx, ownerOf(ctx))).length
    },

    async mergeGuestIntoUser(ctx, guestId, userId) {
      const guest = guestOwner(guestId)
      const user = userOwner(userId)
      const guestRows = await ctx.db
        .select({ productId: compareItems.productId })
        .from(compareItems)
        .where(eq(compareItems.owner, guest))
        .orderBy(desc(compareItems.createdAt), desc(compareItems.productId))
      if (guestRows.length === 0) return
      const userIds = (await ownerRows(ctx, user)).map((r) => r.productId)
      const had = new Set(userIds)
      const candidates = guestRows.map((r) => r.productId).filter((id) => !had.has(id))
      const products = await deps.catalog.filterPublished(ctx, [...userIds, ...candidates])
      const byId = new Map(products.map((p) => [p.id, p]))

      const filled = new Map<string, number>()
      for (const id of userIds) {
        const slug = byId.get(id)?.categorySlug
        if (slug) filled.set(slug, (filled.get(slug) ?? 0) + 1)
      }
      // Newest first while there is room; products off sale stay behind with the guest's list.
      const taken: { id: string; categorySlug: string }[] = []
      for (const id of candidates) {
        const product = byId.get(id)
        if (!product) continue
        const n = filled.get(product.categorySlug) ?? 0
        if (n >= COMPARE_LIMIT_PER_CATEGORY) continue
        filled.set(product.categorySlug, n + 1)
        taken.push(product)
      }
      // After the user's own, in the order the guest added them.
      const start = Date.now()
      const values = taken.reverse().map((p, i) => ({
        owner: user,
        productId: p.id,
        categorySlug: p.categorySlug,
        createdAt: new Date(start + i),
      }))
      await ctx.db.transaction(async (tx) => {
        if (values.length > 0) await tx.insert(compareItems).values(values).onConflictDoNothing()
        await tx.delete(compareItems).where(eq(compareItems.owner, guest))
      })
    },
  }
}

const CATEGORY_ORDER = new Map(CATEGORIES.map((c, i) => [c.slug, i]))

/** Products grouped by category: each group a table of the values its products have. */
export function groupProducts(products: ProductDetails[]): CompareGroup[] {
  const groups = new Map<string, ProductDetails[]>()
  for (const p of products) groups.set(p.category.slug, [...(groups.get(p.category.slug) ?? []), p])
  return [...groups.values()]
    .sort((a, b) => (CATEGORY_ORDER.get(a[0]!.category.slug) ?? 99) - (CATEGORY_ORDER.get(b[0]!.category.slug) ?? 99))
    .map((items) => ({
      category: { slug: items[0]!.category.slug, title: items[0]!.category.title },
      products: items.map(toCompareProduct),
      rows: [...mainRows(items), ...specRows(items)],
    }))
}

function toCompareProduct(p: ProductDetails): CompareProduct {
  return {
    id: p.id,
    slug: p.slug,
    modelSlug: p.modelSlug,
    href: p.href,
    title: p.title,
    brand: p.brand,
    model: p.model,
    vendor: p.vendor,
    priceKopecks: p.priceKopecks,
    vatRate: p.vatRate,
    availability: p.availability,
    leadTimeDays: p.leadTimeDays,
    image: p.image,
  }
}

function mainRows(items: ProductDetails[]): CompareRow[] {
  return [
    row(
      'price',
      'Цена',
      'main',
      items.map((p) => formatPrice(p.priceKopecks)),
      bestOf(
        items.map((p) => p.priceKopecks),
        'lower',
      ),
    ),
    row(
      'availability',
      'Наличие',
      'main',
      items.map((p) => AVAILABILITY_LABELS[p.availability]),
      [],
    ),
    row(
      'brand',
      'Производитель',
      'main',
      items.map((p) => p.brand),
      [],
    ),
    row(
      'vendor',
      'Продавец',
      'main',
      items.map((p) => p.vendor.name),
      [],
    ),
  ]
}

/** Every characteristic some product of the group has, in the registry's order. */
function specRows(items: ProductDetails[]): CompareRow[] {
  const specs = items.map((p) => new Map(p.specs.map((s) => [s.code as string, s])))
  const rows: CompareRow[] = []
  for (const attr of ATTRIBUTES) {
    if (!specs.some((m) => m.has(attr.code))) continue
    const entries = specs.map((m) => m.get(attr.code))
    const def = getAttribute(attr.code)
    const better = def?.kind === 'number' ? def.better : undefined
    const numbers = entries.map((e) => (typeof e?.value === 'number' ? e.value : null))
    rows.push(
      row(
        attr.code,
        attr.title,
        'specs',
        entries.map((e) => e?.display ?? null),
        better ? bestOf(numbers, better) : [],
      ),
    )
  }
  return rows
}

function row(code: string, title: string, section: CompareRow['section'], values: (string | null)[], best: number[]) {
  const differs = values.some((v) => v !== values[0])
  return { code, title, section, values, differs, best }
}

/**
 * The columns with the best number. Nothing is best when fewer than two products have a value
 * or all of them are equal: a highlight must say something.
 */
export function bestOf(values: (number | null)[], better: 'higher' | 'lower'): number[] {
  const present = values.filter((v): v is number => v !== null)
  if (present.length < 2) return []
  const best = better === 'higher' ? Math.max(...present) : Math.min(...present)
  if (present.every((v) => v === best)) return []
  return values.flatMap((v, i) => (v === best ? [i] : []))
}
