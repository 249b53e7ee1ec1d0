import { AREA_OPTIONS } from '#common/catalog/attributes.ts'
import { regionName } from '#common/regions.ts'

const SPHERE_NAMES = new Map(AREA_OPTIONS.map((o) => [o.value, o.label]))

export const sphereName = (slug: string) => SPHERE_NAMES.get(slug) ?? slug

/** «Краснодарский край, Ростовская область», «Вся Россия», «ещё 3» past the first three. */
export function regionsLine(regions: string[], nationwide: boolean): string {
  if (nationwide) return 'Вся Россия'
  if (!regions.length) return 'Регион не указан'
  const names = regions.slice(0, 3).map(regionName)
  return regions.length > 3 ? `${names.join(', ')} и ещё ${regions.length - 3}` : names.join(', ')
}
