import { and, eq, inArray, sql } from 'drizzle-orm'
import type { Specs } from '#common/catalog/attributes.ts'
import type { DraftStatus } from '#common/products.ts'
import type { Db } from '../../../db/client.ts'
import { type ImportMapping, offerToDraft } from './file/mapping.ts'
import { IMPORT_MESSAGES } from './file/messages.ts'
import type { FileCategory, ImportedOffer, ImportError } from './file/types.ts'
import { productDrafts } from '../products.table.ts'
import type { CountedCategory, ImportCounts } from './imports.table.ts'

/** A characteristic as the file names it, with how many offers give it. */
export interface FileParam {
  name: string
  unit?: string
  offers: number
}

/** The file's categories with how many offers each has; a category only offers name (CSV) is added. */
export function categoriesOf(categories: FileCategory[], offers: ImportedOffer[]) {
  const counts = new Map<string, number>()
  for (const offer of offers) counts.set(offer.fileCategory, (counts.get(offer.fileCategory) ?? 0) + 1)
  const listed: CountedCategory[] = categories.map((c) => ({ ...c, offers: counts.get(c.id) ?? 0 }))
  const known = new Set(categories.map((c) => c.id))
  for (const [id, n] of counts) if (!known.has(id)) listed.push({ id, name: id || 'Без категории', offers: n })
  return listed
}

export function paramsOf(offers: ImportedOffer[]): FileParam[] {
  const byName = new Map<string, FileParam>()
  for (const offer of offers)
    for (const param of offer.params) {
      const seen = byName.get(param.name)
      if (seen) seen.offers++
      else byName.set(param.name, { name: param.name, ...(param.unit && { unit: param.unit }), offers: 1 })
    }
  return [...byName.values()]
}

export interface ExistingDraft {
  id: string
  sku: string
  status: DraftStatus
  specs: Specs
  /** A draft with photos keeps them: the file's pictures are only fetched for one without. */
  hasPhotos: boolean
}

/** The organization's products with these SKUs (any case), by lower-cased SKU. */
export async function findExistingBySku(db: Db, organizationId: string, skus: string[]) {
  const found = new Map<string, ExistingDraft>()
  const wanted = [...new Set(skus.map((s) => s.toLowerCase()))]
  for (let i = 0; i < wanted.length; i += 1000) {
    const rows = await db
      .select({
        id: productDrafts.id,
        sku: productDrafts.sku,
        status: productDrafts.status,
        specs: productDrafts.specs,
        hasPhotos: sql<boolean>`jsonb_array_length(${productDrafts.images}) > 0`,
      })
      .from(productDrafts)
      .where(
        and(
          eq(productDrafts.organizationId, organizationId),
          inArray(sql`lower(${productDrafts.sku})`, wanted.slice(i, i + 1000)),
        ),
      )
    for (const row of rows) found.set(row.sku.toLowerCase(), row)
  }
  return found
}

/** What a row's draft fields say is wrong, as one line of the errors table. */
export function rowError(offer: ImportedOffer, messages: string[]): ImportError {
  return { line: offer.line, message: IMPORT_MESSAGES.atLine(offer.line, messages.join('; ')) }
}

/** What the offers themselves say under a mapping, before the catalogue is asked (no database). */
export interface OfferEvaluation {
  offers: number
  withoutVat: number
  /** One error per row whose values do not fit the mapping. */
  rowErrors: ImportError[]
  /** SKUs of the rows that fit: new products, updates or products with staff. */
  fitting: string[]
}

/** The CPU half of the preview, run in a parsing thread for a whole file (parse.thread.ts). */
export function evaluateOffers(offers: ImportedOffer[], mapping: ImportMapping): OfferEvaluation {
  const rowErrors: ImportError[] = []
  const fitting: string[] = []
  for (const offer of offers) {
    const { errors } = offerToDraft(offer, mapping)
    if (errors.length)
      rowErrors.push(
        rowError(
          offer,
          errors.map((e) => e.message),
        ),
      )
    else fitting.push(offer.sku)
  }
  return { offers: offers.length, withoutVat: offers.filter((o) => !o.vatRate).length, rowErrors, fitting }
}

/**
 * What confirming would do with this mapping: new products, updates, products left alone because
 * they are with staff, and rows whose values do not fit (one error per row).
 */
export async function countImport(
  db: Db,
  organizationId: string,
  evaluation: OfferEvaluation,
  fileErrors: ImportError[],
): Promise<{ counts: ImportCounts; rowErrors: ImportError[] }> {
  const existing = await findExistingBySku(db, organizationId, evaluation.fitting)
  const counts: ImportCounts = {
    offers: evaluation.offers,
    new: 0,
    updates: 0,
    onModeration: 0,
    withErrors: 0,
    withoutVat: evaluation.withoutVat,
  }
  for (const sku of evaluation.fitting) {
    const found = existing.get(sku.toLowerCase())
    if (!found) counts.new++
    else if (found.status === 'moderation') counts.onModeration++
    else counts.updates++
  }
  // The parser's row errors (line > 0) are rows left out of `offers`.
  counts.withErrors = evaluation.rowErrors.length + fileErrors.filter((e) => e.line > 0).length
  return { counts, rowErrors: evaluation.rowErrors }
}
