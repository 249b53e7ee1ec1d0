import { getAttribute } from '#common/catalog/attributes.ts'
import type { DraftInput } from '#common/products.schemas.ts'
import { rublesToKopecks } from '#app/lib/price-input.ts'

/**
 * The product form's fields as the browser posts them (with or without JavaScript), turned into
 * the service's input. Values stay as typed where they cannot be read (a price of «abc» becomes
 * NaN), so the shared schema refuses them with its own Russian message next to the field.
 */

function wholeOrNull(text: string | null): number | null {
  const cleaned = (text ?? '').replace(/\s/g, '')
  if (!cleaned) return null
  return /^-?\d+$/.test(cleaned) ? Number(cleaned) : Number.NaN
}

function numberOrNull(text: string): number | null {
  const cleaned = text.replace(/\s/g, '').replace(',', '.')
  if (!cleaned) return null
  const value = Number(cleaned)
  return Number.isFinite(value) ? value : Number.NaN
}

const text = (form: FormData, name: string) => {
  const value = form.get(name)
  return typeof value === 'string' ? value : ''
}

/** The characteristics: `spec.<code>` fields, read by their kind in the registry. */
function specsOf(form: FormData): Record<string, unknown> {
  const specs: Record<string, unknown> = {}
  const codes = new Set([...form.keys()].filter((k) => k.startsWith('spec.')).map((k) => k.slice(5)))
  for (const code of codes) {
    const def = getAttribute(code)
    if (!def) continue
    const raw = text(form, `spec.${code}`)
    if (def.kind === 'number') specs[code] = numberOrNull(raw)
    else if (def.kind === 'boolean') specs[code] = raw === 'yes' ? true : raw === 'no' ? false : null
    else if (def.kind === 'enum' && def.multiple)
      specs[code] = form.getAll(`spec.${code}`).filter((v): v is string => typeof v === 'string' && v !== '')
    else specs[code] = raw.trim() || null
  }
  return specs
}

/**
 * The form's fields as the service's input. A product attached to a catalogue model shows the
 * model's fields read-only and marks the form `modelAttached`: then only the offer's own go.
 */
export function draftInputFromForm(form: FormData): DraftInput {
  const offer = offerInputFromForm(form)
  if (form.get('modelAttached') === '1') return offer
  return {
    ...offer,
    title: text(form, 'title'),
    brand: text(form, 'brand'),
    model: text(form, 'model'),
    partNumber: text(form, 'partNumber'),
    gtin: text(form, 'gtin'),
    categorySlug: text(form, 'categorySlug') || null,
    description: text(form, 'description'),
    areas: form.getAll('areas').filter((v): v is string => typeof v === 'string') as DraftInput['areas'],
    specs: specsOf(form) as DraftInput['specs'],
    // «Совместимость» is on the form for payloads, accessories and spare parts only.
    ...(form.get('fitsPicker') === '1' && {
      fitsModelIds: form.getAll('fitsModelIds').filter((v): v is string => typeof v === 'string'),
    }),
  }
}

function offerInputFromForm(form: FormData): DraftInput {
  const onRequest = form.get('priceOnRequest') === 'on'
  return {
    sku: text(form, 'sku'),
    priceOnRequest: onRequest,
    priceKopecks: onRequest ? null : rublesToKopecks(text(form, 'price')),
    vatRate: text(form, 'vatRate') as DraftInput['vatRate'],
    availability: text(form, 'availability') as DraftInput['availability'],
    leadTimeDays: wholeOrNull(text(form, 'leadTimeDays')),
    stockQuantity: wholeOrNull(text(form, 'stockQuantity')),
    warrantyMonths: wholeOrNull(text(form, 'warrantyMonths')),
    // The region picker posts its codes comma-separated in one hidden field.
    deliveryRegions: text(form, 'deliveryRegions')
      .split(',')
      .map((code) => code.trim())
      .filter(Boolean) as DraftInput['deliveryRegions'],
    minOrderQuantity: wholeOrNull(text(form, 'minOrderQuantity')) ?? 1,
  }
}

/** The service's field names where the form's differ (the price is typed in roubles). */
export function formFieldOf(serviceField: string): string {
  return serviceField === 'priceKopecks' ? 'price' : serviceField
}
