import { and, eq, inArray, isNull, sql } from 'drizzle-orm'
import { isDeepStrictEqual } from 'node:util'
import type { Specs } from '#common/catalog/attributes.ts'
import { getCategory } from '#common/catalog/categories.ts'
import type { Availability, ProductImage } from '#common/catalog/products.ts'
import { PRODUCT_LIMITS } from '#common/products.ts'
import type { FileStorage } from '../../files/index.ts'
import { storeUploadedPhoto } from '../uploaded-photos.ts'
import { type Ctx, withDb } from '../../../context.ts'
import { rowsOf } from '../../../db/rows.ts'
import { isAppError } from '../../../errors.ts'
import type { CatalogService } from '../../catalog/index.ts'
import { moveProduct, productTransition } from '../products.machine.ts'
import { productDraftEvents, productDrafts } from '../products.table.ts'
import { problemsOf } from '../products.view.ts'
import type { DraftRow } from '../products.access.ts'
import { type DraftFieldError, type ImportMapping, offerToDraft } from './file/mapping.ts'
import type { ImportedOffer } from './file/types.ts'
import { IMPORT_SKIP_REASONS } from './imports.write.ts'

/**
 * Goods and offers from a vendor's accounting system (the 1С exchange): unlike a file the vendor
 * uploads and looks over, nobody presses a button here, so a good that is complete goes to
 * moderation by itself, one whose group is not mapped yet (or that lacks a required
 * characteristic) waits in the drafts, and prices and stock change the catalogue at once.
 */

/** A good as the exchange matched it: its 1С id, the product it is linked to, the row. */
export interface ExchangeGood {
  externalId: string
  /** The product already linked to the 1С id; matched by SKU otherwise. */
  productId?: string
  offer: ImportedOffer
  /** Pictures' paths in the exchange's files, for a product that has no photos yet. */
  pictures: string[]
}

/** A picture's bytes by its path in the exchange's files; null when 1С did not send it. */
export type PictureSource = (path: string) => Promise<Buffer | null>

export interface ExchangeGoodsOutcome {
  created: number
  updated: number
  unchanged: number
  /** Ready-to-show messages: rows not written, drafts left waiting and why. */
  errors: { line: number; message: string }[]
  /** The product each written good is, to link the 1С id to. */
  links: { externalId: string; productId: string }[]
}

/** What an offer's row may change of a product without staff: its price and its stock. */
export interface ExchangeOfferUpdate {
  productId: string
  /** Undefined: not given; null: on request. */
  priceKopecks?: number | null
  stockQuantity?: number
}

// Errors that leave a good waiting in the drafts rather than refused: the vendor completes it.
const waits = (e: DraftFieldError) => e.field === 'categorySlug' || e.field.startsWith('specs.')

/** The content columns a good gives; its price and stock come with the offers. */
function contentOf(good: ExchangeGood, fields: ReturnType<typeof offerToDraft>['draft'], current?: DraftRow) {
  const category = fields.categorySlug ?? current?.categorySlug ?? null
  const allowed = new Set<string>(category ? (getCategory(category)?.attributes ?? []) : [])
  const kept = Object.fromEntries(Object.entries(current?.specs ?? {}).filter(([code]) => allowed.has(code)))
  return {
    sku: fields.sku,
    title: fields.title,
    brand: fields.brand,
    model: fields.model,
    categorySlug: category,
    vatRate: fields.vatRate ?? current?.vatRate ?? '22',
    description: fields.description || current?.description || '',
    specs: { ...kept, ...fields.specs },
    ...(fields.gtin && { gtin: fields.gtin }),
    ...(good.offer.partNumber && { partNumber: good.offer.partNumber }),
  }
}

function sameContent(current: DraftRow, next: ReturnType<typeof contentOf>): boolean {
  return Object.entries(next).every(([key, value]) => isDeepStrictEqual(current[key as keyof DraftRow], value))
}

/** The organization's drafts by id and by lower-cased SKU. */
async function existingOf(ctx: Ctx, organizationId: string, goods: ExchangeGood[]) {
  const ids = goods.flatMap((g) => g.productId ?? [])
  const skus = goods.filter((g) => !g.productId).map((g) => g.offer.sku.toLowerCase())
  const rows = await ctx.db
    .select()
    .from(productDrafts)
    .where(
      and(
        eq(productDrafts.organizationId, organizationId),
        sql`(${ids.length ? inArray(productDrafts.id, ids) : sql`false`} or ${
          skus.length ? inArray(sql`lower(${productDrafts.sku})`, skus) : sql`false`
        })`,
      ),
    )
  return { byId: new Map(rows.map((r) => [r.id, r])), bySku: new Map(rows.map((r) => [r.sku.toLowerCase(), r])) }
}

/** Sends a complete draft to moderation; a draft that is not complete waits, saying what it lacks. */
async function submitIfComplete(ctx: Ctx, draft: DraftRow): Promise<string | null> {
  const problems = Object.values(problemsOf(draft))
  if (problems.length) return problems.join('; ')
  await moveProduct(ctx, draft.id, productTransition(draft.status, 'submit', 'vendor'), {
    set: { submittedAt: new Date(), staffComment: null, updatedAt: new Date() },
  })
  return null
}

/**
 * Writes one batch of goods in the caller's transaction: matched by their 1С id, then by SKU;
 * new ones become drafts, sent to moderation when complete; a draft or a product sent back is
 * updated in place; an approved product whose content changed gets a new version for staff, as
 * an edit in the cabinet does; a product on moderation is left alone. Goods that did not change
 * are counted and not written.
 */
export async function writeExchangeGoods(
  ctx: Ctx,
  photos: { storage: FileStorage; source: PictureSource },
  organizationId: string,
  goods: ExchangeGood[],
  mapping: ImportMapping,
): Promise<ExchangeGoodsOutcome> {
  const outcome: ExchangeGoodsOutcome = { created: 0, updated: 0, unchanged: 0, errors: [], links: [] }
  const existing = await existingOf(ctx, organizationId, goods)
  const report = (good: ExchangeGood, message: string) =>
    outcome.errors.push({
      line: good.offer.line,
      message: `Строка ${good.offer.line}, «${good.offer.title}»: ${message}`,
    })
  const currentOf = (good: ExchangeGood) =>
    good.productId ? existing.byId.get(good.productId) : existing.bySku.get(good.offer.sku.toLowerCase())

  // Pictures are encoded before the batch's transaction, for products without photos only.
  const images = new Map<ExchangeGood, ProductImage[]>()
  for (const good of goods) {
    if (!good.pictures.length || (currentOf(good)?.images.length ?? 0) > 0) continue
    const stored: ProductImage[] = []
    for (const path of good.pictures.slice(0, PRODUCT_LIMITS.photos)) {
      const bytes = await photos.source(path)
      if (!bytes) {
        report(good, `картинка «${path}» не передана`)
        continue
      }
      try {
        const photo = await storeUploadedPhoto(photos.storage, bytes)
        stored.push({ src: photo.src, alt: good.offer.title })
      } catch {
        report(good, `картинка «${path}» не читается как изображение`)
      }
    }
    if (stored.length) images.set(good, stored)
  }

  await ctx.db.transaction(async (db) => {
    const tx = withDb(ctx, db)
    for (const good of goods) await writeOne(tx, good)
  })
  return outcome

  async function writeOne(tx: Ctx, good: ExchangeGood) {
    const { draft: fields, errors } = offerToDraft(good.offer, mapping)
    const refused = errors.filter((e) => !waits(e))
    if (refused.length) {
      report(good, refused.map((e) => e.message).join('; '))
      return
    }
    const waiting = errors.filter(waits).map((e) => e.message)
    const current = currentOf(good)
    const content = contentOf(good, fields, current)
    const pictures = images.get(good)

    if (!current) {
      const [row] = await tx.db
        .insert(productDrafts)
        .values({
          ...content,
          organizationId,
          status: 'draft',
          // Price and stock come with the offers; until then the price is on request and the stock
          // not counted, so a complete good can go to moderation with its content.
          priceKopecks: null,
          priceOnRequest: true,
          availability: 'in_stock',
          ...(pictures && { images: pictures }),
          createdByUserId: tx.user!.id,
        })
        .returning()
      const step = productTransition(null, 'create', 'vendor')
      await tx.db.insert(productDraftEvents).values({
        productId: row!.id,
        event: step.event,
        fromStatus: null,
        toStatus: step.to,
        byUserId: tx.user!.id,
      })
      outcome.created++
      outcome.links.push({ externalId: good.externalId, productId: row!.id })
      const lacking = waiting.length ? waiting.join('; ') : await submitIfComplete(tx, row!)
      if (lacking) report(good, `оставлен в черновиках: ${lacking}`)
      return
    }
    outcome.links.push({ externalId: good.externalId, productId: current.id })
    if (sameContent(current, content) && !pictures) {
      outcome.unchanged++
      return
    }
    if (current.status === 'moderation') {
      report(good, IMPORT_SKIP_REASONS.onModeration)
      return
    }
    const set = { ...content, ...(pictures && { images: pictures }), updatedAt: new Date() }
    // An approved product's edit is a new version in the drafts: the status the edit leads to.
    const edit = current.status === 'approved' ? productTransition('approved', 'edit', 'vendor') : null
    try {
      if (edit) await moveProduct(tx, current.id, edit, { set })
      else await tx.db.update(productDrafts).set(set).where(eq(productDrafts.id, current.id))
    } catch (error) {
      if (!isAppError(error)) throw error
      report(good, IMPORT_SKIP_REASONS.changedMeanwhile)
      return
    }
    outcome.updated++
    const after: DraftRow = { ...current, ...set, status: edit?.to ?? current.status }
    const lacking = waiting.length ? waiting.join('; ') : await submitIfComplete(tx, after)
    if (lacking) report(good, `изменения оставлены в черновике: ${lacking}`)
  }
}

/**
 * Prices and stock from the offers, for the vendor's own products only: the drafts at once and,
 * for those on sale, the catalogue at once, without moderation. One statement per side.
 * Answers how many products changed.
 */
export async function writeExchangeOffers(
  ctx: Ctx,
  catalog: Pick<CatalogService, 'updateOffers'>,
  organizationId: string,
  updates: ExchangeOfferUpdate[],
): Promise<number> {
  if (!updates.length) return 0
  const withPrice = updates.filter((u) => u.priceKopecks !== undefined)
  const withStock = updates.filter((u) => u.stockQuantity !== undefined)
  const changed = new Set<string>()
  if (withPrice.length) {
    const rows = await ctx.db.execute(sql`
      update ${productDrafts} d set price_kopecks = u.price, price_on_request = u.price is null, updated_at = now()
      from unnest(${sql.param(withPrice.map((u) => u.productId))}::uuid[],
                  ${sql.param(withPrice.map((u) => u.priceKopecks ?? null))}::bigint[]) as u(id, price)
      where d.id = u.id and d.organization_id = ${organizationId}
        and (d.price_kopecks is distinct from u.price or d.price_on_request <> (u.price is null))
      returning d.id`)
    for (const row of rowsOfIds(rows)) changed.add(row)
  }
  if (withStock.length) {
    const rows = await ctx.db.execute(sql`
      update ${productDrafts} d set stock_quantity = u.stock,
        availability = case when u.stock > 0 then 'in_stock' else 'to_order' end, updated_at = now()
      from unnest(${sql.param(withStock.map((u) => u.productId))}::uuid[],
                  ${sql.param(withStock.map((u) => u.stockQuantity!))}::int[]) as u(id, stock)
      where d.id = u.id and d.organization_id = ${organizationId} and d.stock_quantity is distinct from u.stock
      returning d.id`)
    for (const row of rowsOfIds(rows)) changed.add(row)
  }
  await catalog.updateOffers(
    ctx,
    organizationId,
    updates.map((u) => ({
      productId: u.productId,
      ...(u.priceKopecks !== undefined && { priceKopecks: u.priceKopecks }),
      ...(u.stockQuantity !== undefined && {
        stockQuantity: u.stockQuantity,
        availability: (u.stockQuantity > 0 ? 'in_stock' : 'to_order') satisfies Availability,
      }),
    })),
  )
  return changed.size
}

const rowsOfIds = (result: unknown) => rowsOf<{ id: string }>(result).map((r) => r.id)

/**
 * Takes off sale the vendor's published products linked to 1С that a full exchange did not
 * list (gone from 1С), as the vendor's «Снять с продажи» would. Answers how many.
 */
export async function takeOffSale(
  ctx: Ctx,
  catalog: Pick<CatalogService, 'unpublishVersion'>,
  productIds: string[],
): Promise<number> {
  let count = 0
  for (const id of productIds) {
    await ctx.db.transaction(async (tx) => {
      const inTx = withDb(ctx, tx)
      const [draft] = await tx.select().from(productDrafts).where(eq(productDrafts.id, id)).for('update')
      if (!draft?.published) return
      await moveProduct(inTx, id, productTransition(draft.status, 'unpublish', 'vendor'), {
        set: { published: false, updatedAt: new Date() },
      })
      await catalog.unpublishVersion(inTx, id)
      count++
    })
  }
  return count
}

/**
 * A group of goods just mapped to a category: the organization's drafts of its goods that wait
 * without a category get it now, and those then complete go to moderation, without waiting for
 * 1С to send the goods again. Answers how many went to moderation.
 */
export async function fileWaitingDrafts(
  ctx: Ctx,
  organizationId: string,
  productIds: string[],
  categorySlug: string,
): Promise<number> {
  if (!productIds.length) return 0
  return ctx.db.transaction(async (db) => {
    const tx = withDb(ctx, db)
    const filed = await db
      .update(productDrafts)
      .set({ categorySlug, updatedAt: new Date() })
      .where(
        and(
          eq(productDrafts.organizationId, organizationId),
          inArray(productDrafts.id, productIds),
          isNull(productDrafts.categorySlug),
          inArray(productDrafts.status, ['draft', 'needFixes']),
        ),
      )
      .returning()
    let submitted = 0
    const category = getCategory(categorySlug)
    const allowed = new Set<string>(category?.attributes ?? [])
    for (const draft of filed) {
      // As a good of the category would be written: its characteristics only, the drone type
      // following from the category (mapping.ts), so the next exchange finds it unchanged.
      const specs: Specs = Object.fromEntries(Object.entries(draft.specs).filter(([code]) => allowed.has(code)))
      if (category?.droneType) specs.type = category.droneType
      await db.update(productDrafts).set({ specs }).where(eq(productDrafts.id, draft.id))
      if ((await submitIfComplete(tx, { ...draft, specs })) === null) submitted++
    }
    return submitted
  })
}
