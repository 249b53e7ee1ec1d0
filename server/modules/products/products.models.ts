import { and, eq, ne } from 'drizzle-orm'
import { MODEL_MESSAGES } from '#common/catalog/models.ts'
import type { DraftInput } from '#common/products.schemas.ts'
import { PRODUCT_MESSAGES } from '#common/products.ts'
import type { Ctx } from '../../context.ts'
import { AppError } from '../../errors.ts'
import { toRichText } from '../../text/sanitize.ts'
import type { ModelContent } from '../catalog/index.ts'
import type { DraftRow } from './products.access.ts'
import { moveProduct, productTransition } from './products.machine.ts'
import { productDrafts } from './products.table.ts'

/**
 * A vendor's product attached to a catalogue model (decision 060): the model's description,
 * characteristics, pictures and identity become the draft's, and only the offer's own fields
 * (price, VAT, stock, lead time, terms, the vendor's article) stay the vendor's to change.
 */

/** The fields that are the model's once a product is attached to one. */
export const MODEL_FIELDS = [
  'title',
  'brand',
  'model',
  'categorySlug',
  'description',
  'specs',
  'areas',
  'partNumber',
  'gtin',
] as const satisfies readonly (keyof DraftInput)[]

/** The characteristics the draft keeps: what the catalogue derives (the drone type, the spheres) is left out. */
function ownSpecs(specs: ModelContent['specs']): DraftRow['specs'] {
  const { type: _type, areas_of_application: _areas, ...rest } = specs as Record<string, unknown>
  return rest as DraftRow['specs']
}

/** The draft's columns for an offer of `model`. */
export function modelColumns(model: ModelContent): Partial<DraftRow> {
  return {
    modelId: model.id,
    title: model.title,
    brand: model.brand,
    model: model.name,
    categorySlug: model.categorySlug,
    description: model.descriptionHtml || toRichText(model.description),
    specs: ownSpecs(model.specs),
    areas: model.areas,
    images: model.images,
    partNumber: model.partNumber,
    gtin: model.gtin,
    updatedAt: new Date(),
  }
}

/**
 * Refuses an edit of an attached product's model fields, field by field: they are the model's.
 * A form or client that sends them back unchanged is fine; changed, they would be lost silently.
 */
export function refuseModelFieldEdits(draft: DraftRow, input: DraftInput): void {
  if (!draft.modelId) return
  const same: Record<(typeof MODEL_FIELDS)[number], (value: unknown) => boolean> = {
    title: (v) => v === draft.title,
    brand: (v) => v === draft.brand,
    model: (v) => v === draft.model,
    categorySlug: (v) => v === draft.categorySlug,
    partNumber: (v) => v === draft.partNumber,
    gtin: (v) => v === draft.gtin,
    areas: (v) => [...(v as string[])].sort().join() === [...draft.areas].sort().join(),
    specs: (v) => stableJson(withoutEmpty(v as Record<string, unknown>)) === stableJson(draft.specs),
    // The stored description is sanitized HTML; what a client sends back is compared as text.
    description: (v) => toRichText(String(v)) === draft.description || v === draft.description,
  }
  const changed = MODEL_FIELDS.filter((field) => input[field] !== undefined && !same[field](input[field]))
  if (changed.length)
    throw new AppError(
      'invalid',
      MODEL_MESSAGES.attachedContent,
      Object.fromEntries(changed.map((field) => [field, MODEL_MESSAGES.attachedContent])),
    )
}

const withoutEmpty = (specs: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(specs).filter(([, value]) => value !== null && value !== ''))

function stableJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => a.localeCompare(b)))
      : v,
  )
}

/**
 * Writes `set` to a draft the vendor or staff may change now: an approved version gets a new
 * draft version like any edit; one with staff only when `staff` acts on it.
 */
export async function setDraftColumns(
  ctx: Ctx,
  draft: DraftRow,
  set: Partial<DraftRow>,
  who: 'vendor' | 'staff',
): Promise<void> {
  if (who === 'vendor' && draft.status === 'moderation') throw new AppError('conflict', PRODUCT_MESSAGES.notEditable)
  if (draft.status === 'approved') {
    await moveProduct(ctx, draft.id, productTransition(draft.status, 'edit', 'vendor'), { set })
    return
  }
  const [saved] = await ctx.db
    .update(productDrafts)
    .set(set)
    .where(
      who === 'staff'
        ? eq(productDrafts.id, draft.id)
        : and(eq(productDrafts.id, draft.id), ne(productDrafts.status, 'moderation')),
    )
    .returning({ id: productDrafts.id })
  if (!saved) throw new AppError('conflict', PRODUCT_MESSAGES.notEditable)
}
