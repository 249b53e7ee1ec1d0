import { and, eq, ne } from 'drizzle-orm'
import { getCategory } from '#common/catalog/categories.ts'
import { type Ctx } from '../../../context.ts'
import { isAppError } from '../../../errors.ts'
import { type DraftFields, type ImportMapping, offerToDraft } from './file/mapping.ts'
import type { ImportedOffer } from './file/types.ts'
import { type ModelContent, modelsByIdentity } from '../../catalog/index.ts'
import { modelColumns } from '../products.models.ts'
import { moveProduct, productTransition } from '../products.machine.ts'
import { productDraftEvents, productDrafts } from '../products.table.ts'
import { type ExistingDraft, findExistingBySku } from './imports.preview.ts'
import type { ImportOutcome, PictureTask } from './imports.table.ts'

export const IMPORT_SKIP_REASONS = {
  onModeration: 'товар на модерации: отзовите его с модерации, чтобы обновить из файла',
  changedMeanwhile: 'товар изменился во время загрузки: загрузите файл ещё раз',
} as const

/**
 * The catalogue model a row names by its GTIN or part number, if there is one: the row then
 * becomes an offer of it (its description, characteristics and pictures are the model's).
 */
function modelOf(fields: DraftFields, models: Map<string, ModelContent>): ModelContent | undefined {
  return (
    (fields.gtin ? models.get(`gtin:${fields.gtin}`) : undefined) ??
    (fields.partNumber ? models.get(`pn:${fields.partNumber.toLowerCase()}`) : undefined)
  )
}

/** The draft's columns from a file's row. A description the file leaves empty keeps the draft's. */
function columnsOf(fields: DraftFields, existing?: ExistingDraft, model?: ModelContent) {
  if (model) return { ...offerColumnsOf(fields), ...modelColumns(model) }
  // Characteristics the form filled and the file does not give are kept, if the category has them.
  const allowed = new Set<string>(fields.categorySlug ? (getCategory(fields.categorySlug)?.attributes ?? []) : [])
  const kept = Object.fromEntries(Object.entries(existing?.specs ?? {}).filter(([code]) => allowed.has(code)))
  return {
    ...offerColumnsOf(fields),
    title: fields.title,
    brand: fields.brand,
    model: fields.model,
    categorySlug: fields.categorySlug,
    ...(fields.partNumber && { partNumber: fields.partNumber }),
    ...(fields.gtin && { gtin: fields.gtin }),
    ...(fields.areas !== undefined && { areas: fields.areas }),
    ...(fields.description && { description: fields.description }),
    specs: { ...kept, ...fields.specs },
  }
}

/** A row's own fields: the vendor's article, price, stock and terms, whichever model it is of. */
function offerColumnsOf(fields: DraftFields) {
  return {
    sku: fields.sku,
    priceKopecks: fields.priceKopecks,
    priceOnRequest: fields.priceKopecks === null,
    vatRate: fields.vatRate!,
    availability: fields.availability,
    // Lead time and stock only when the file has their columns (a YML has none).
    ...(fields.leadTimeDays !== undefined && { leadTimeDays: fields.leadTimeDays }),
    ...(fields.stockQuantity !== undefined && { stockQuantity: fields.stockQuantity }),
    // The offer's terms likewise: a file without them leaves the form's.
    ...(fields.warrantyMonths !== undefined && { warrantyMonths: fields.warrantyMonths }),
    ...(fields.minOrderQuantity !== undefined && { minOrderQuantity: fields.minOrderQuantity }),
    ...(fields.deliveryRegions !== undefined && { deliveryRegions: fields.deliveryRegions }),
    updatedAt: new Date(),
  }
}

/**
 * Writes one batch of offers as the organization's drafts, matched by SKU (any case): new SKUs
 * become drafts; drafts and products sent back are updated; an approved product gets a new draft
 * version like an edit (the catalogue keeps the approved one until staff approve the new); a
 * product with staff is left alone. Rows that do not fit are skipped with their reasons.
 * Runs in the caller's transaction and adds to `outcome`; answers the drafts that want the
 * pictures their rows give.
 */
export async function writeBatch(
  ctx: Ctx,
  organizationId: string,
  offers: ImportedOffer[],
  mapping: ImportMapping,
  outcome: ImportOutcome,
): Promise<PictureTask[]> {
  const fitting: { offer: ImportedOffer; fields: DraftFields }[] = []
  for (const offer of offers) {
    const { draft, errors } = offerToDraft(offer, mapping)
    if (errors.length)
      outcome.skipped.push({ line: offer.line, sku: offer.sku, reason: errors.map((e) => e.message).join('; ') })
    else fitting.push({ offer, fields: draft })
  }
  const existing = await findExistingBySku(
    ctx.db,
    organizationId,
    fitting.map((f) => f.offer.sku),
  )
  const models = await modelsByIdentity(ctx, {
    gtins: fitting.flatMap((f) => f.fields.gtin ?? []),
    partNumbers: fitting.flatMap((f) => f.fields.partNumber ?? []),
  })

  // Drafts without photos whose rows give pictures: the job's pictures step fetches them.
  const queue: PictureTask[] = []
  // An offer of a catalogue model shows the model's pictures, not the file's.
  const attached = new Set(fitting.filter((f) => modelOf(f.fields, models)).map((f) => f.offer.sku.toLowerCase()))
  const wantsPictures = (draftId: string, offer: ImportedOffer) => {
    if (offer.pictures.length && !attached.has(offer.sku.toLowerCase()))
      queue.push({ draftId, line: offer.line, sku: offer.sku, urls: offer.pictures })
  }

  const inserts: (typeof productDrafts.$inferInsert)[] = []
  for (const { offer, fields } of fitting) {
    const found = existing.get(offer.sku.toLowerCase())
    if (!found) {
      inserts.push({
        ...columnsOf(fields, undefined, modelOf(fields, models)),
        organizationId,
        status: 'draft',
        createdByUserId: ctx.user!.id,
      })
      continue
    }
    const skip = (reason: string) => outcome.skipped.push({ line: offer.line, sku: offer.sku, reason })
    if (found.status === 'moderation') {
      skip(IMPORT_SKIP_REASONS.onModeration)
      continue
    }
    const set = columnsOf(fields, found, modelOf(fields, models))
    if (found.status === 'approved') {
      try {
        await moveProduct(ctx, found.id, productTransition('approved', 'edit', 'vendor'), { set })
      } catch (error) {
        // Sent to moderation or changed between the read and this write.
        if (!isAppError(error)) throw error
        skip(IMPORT_SKIP_REASONS.changedMeanwhile)
        continue
      }
    } else {
      const [saved] = await ctx.db
        .update(productDrafts)
        .set(set)
        .where(and(eq(productDrafts.id, found.id), ne(productDrafts.status, 'moderation')))
        .returning({ id: productDrafts.id })
      if (!saved) {
        skip(IMPORT_SKIP_REASONS.onModeration)
        continue
      }
      if (!found.hasPhotos) wantsPictures(found.id, offer)
    }
    outcome.updated++
  }

  if (inserts.length) {
    // One statement for the batch's new drafts and one for their history rows.
    const created = await ctx.db
      .insert(productDrafts)
      .values(inserts)
      .returning({ id: productDrafts.id, sku: productDrafts.sku })
    const offerOf = new Map(fitting.map(({ offer }) => [offer.sku.toLowerCase(), offer]))
    for (const row of created) wantsPictures(row.id, offerOf.get(row.sku.toLowerCase())!)
    const step = productTransition(null, 'create', 'vendor')
    await ctx.db.insert(productDraftEvents).values(
      created.map((row) => ({
        productId: row.id,
        event: step.event,
        fromStatus: null,
        toStatus: step.to,
        byUserId: ctx.user!.id,
      })),
    )
    outcome.created += created.length
  }
  return queue
}
