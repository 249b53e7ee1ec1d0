import { ATTRIBUTES, type AttributeDef, getAttribute, type SpecValue, type Specs } from '#common/catalog/attributes.ts'
import { getCategory } from '#common/catalog/categories.ts'

/**
 * A product's characteristics as feeds write them: our Russian title, the unit of numbers, enum
 * values by their labels. The import reads exactly this back (import/mapping.ts).
 */
export interface FeedParam {
  code: string
  name: string
  unit?: string
  value: string
}

export function specValueText(attr: AttributeDef, value: SpecValue): string {
  switch (attr.kind) {
    case 'number':
      return String(value)
    case 'boolean':
      return value === true ? 'Да' : 'Нет'
    case 'enum': {
      const values = Array.isArray(value) ? value : [String(value)]
      return values.map((v) => attr.options.find((o) => o.value === v)?.label ?? v).join(', ')
    }
    case 'text':
      return String(value)
  }
}

/** In the category's display order, then any others in the registry's order. */
export function feedParams(specs: Specs, categorySlug: string): FeedParam[] {
  const order = [...(getCategory(categorySlug)?.attributes ?? []), ...ATTRIBUTES.map((a) => a.code)]
  const params: FeedParam[] = []
  for (const code of new Set(order)) {
    const value = specs[code]
    const attr = getAttribute(code)
    if (value === undefined || !attr || (Array.isArray(value) && value.length === 0)) continue
    params.push({
      code,
      name: attr.title,
      ...(attr.kind === 'number' ? { unit: attr.unit } : {}),
      value: specValueText(attr, value),
    })
  }
  return params
}
