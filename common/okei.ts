/**
 * Units of measure by the all-Russian classifier ОКЕИ (ОК 015-94): the code and the national
 * symbol a transfer document prints in columns 2 and 2а and its XML carries. Only the units the
 * marketplace sells in; a product is sold by the piece unless it says otherwise.
 */

export interface Unit {
  /** Three digits: «796». */
  code: string
  /** The national symbol: «шт». */
  symbol: string
}

export const UNITS = {
  piece: { code: '796', symbol: 'шт' },
  set: { code: '839', symbol: 'компл' },
  service: { code: '876', symbol: 'усл. ед' },
  hour: { code: '356', symbol: 'ч' },
  hectare: { code: '059', symbol: 'га' },
  kilometre: { code: '008', symbol: 'км' },
  kilogram: { code: '166', symbol: 'кг' },
} as const satisfies Record<string, Unit>

export type UnitKey = keyof typeof UNITS
