import codes from 'i18n-iso-countries/codes.json' with { type: 'json' }
import russian from 'i18n-iso-countries/langs/ru.json' with { type: 'json' }

/**
 * Countries by the all-Russian classifier ОКСМ, whose digital codes are ISO 3166-1 numeric: what a
 * transfer document prints as the country of origin of imported goods (columns 10 and 10а) and
 * its XML carries. The names come from the i18n-iso-countries package; where the classifier's
 * short name differs from the package's and sellers meet it often, the classifier's is kept here.
 */

export interface Country {
  /** Three digits: «156». */
  code: string
  /** Short name: «Китай». */
  name: string
}

const SHORT_NAMES: Record<string, string> = {
  CN: 'Китай',
  RU: 'Россия',
  TW: 'Тайвань (Китай)',
  KR: 'Корея, Республика',
  KP: 'Корея, Народно-Демократическая Республика',
  US: 'Соединённые Штаты',
  GB: 'Соединённое Королевство',
  IR: 'Иран',
  BY: 'Беларусь',
}

const names = russian.countries as Record<string, string | string[]>

/** Every country, by name. */
export const COUNTRIES: readonly Country[] = (codes as string[][])
  .flatMap(([alpha2, , numeric]) => {
    const name = SHORT_NAMES[alpha2!] ?? names[alpha2!]
    if (!name || !numeric) return []
    return [{ code: numeric, name: Array.isArray(name) ? name[0]! : name }]
  })
  .sort((a, b) => a.name.localeCompare(b.name, 'ru'))

const BY_CODE = new Map(COUNTRIES.map((country) => [country.code, country]))

export function countryByCode(code: string): Country | undefined {
  return BY_CODE.get(code)
}

/** Goods made in Russia carry no country or declaration on a transfer document. */
export const RUSSIA_CODE = '643'
