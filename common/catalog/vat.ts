/**
 * VAT rates a product and an order line carry: 22 % is the general rate since 1 January 2026,
 * 10 % the reduced one, 5 % and 7 % those of the simplified tax system; 'none' is «без НДС».
 */
export const VAT_RATES = ['22', '10', '7', '5', 'none'] as const
export type VatRate = (typeof VAT_RATES)[number]

export const VAT_RATE_LABELS: Record<VatRate, string> = {
  '22': 'НДС 22%',
  '10': 'НДС 10%',
  '7': 'НДС 7%',
  '5': 'НДС 5%',
  none: 'Без НДС',
}

export function isVatRate(value: string): value is VatRate {
  return (VAT_RATES as readonly string[]).includes(value)
}

const NO_VAT = /^(без\s*ндс|ндс\s*не\s*облагается|не\s*облагается|no[\s_]*vat|vat[\s_]*free|none|нет|—|-)$/

/**
 * A rate as files and people write it: «22%», «НДС 22», «22», «VAT_22», «0,22», «без НДС»,
 * «NO_VAT». Null when it is none of ours (20 % is no longer a rate).
 */
export function parseVatRate(text: string): VatRate | null {
  const value = text.trim().toLowerCase().replace(/\s+/g, ' ')
  if (NO_VAT.test(value)) return 'none'
  const match = /^(?:ндс|vat)?[\s_]*(\d+(?:[.,]\d+)?)\s*%?$/.exec(value)
  if (!match) return null
  let rate = Number(match[1]!.replace(',', '.'))
  if (rate > 0 && rate < 1) rate = Math.round(rate * 100)
  const key = String(rate)
  return isVatRate(key) ? key : null
}
