/**
 * The VAT rate a price includes: 22 % is the general rate since 1 January 2026 (Federal Law
 * 425-ФЗ), 10 % the reduced one, 5 % and 7 % those of the simplified tax system; 'none' for a
 * seller that does not charge VAT. The product carries its own; the cart and orders copy it.
 */
export const VAT_RATES = ['22', '10', '7', '5', 'none'] as const
export type VatRate = (typeof VAT_RATES)[number]

/** The rate as a choice in a form. */
export const VAT_RATE_LABELS: Record<VatRate, string> = {
  '22': 'НДС 22%',
  '10': 'НДС 10%',
  '7': 'НДС 7% (УСН)',
  '5': 'НДС 5% (УСН)',
  none: 'Без НДС',
}

/** The line under a price: «Цена с НДС 22%», «Без НДС». */
export function vatNoteOf(rate: VatRate): string {
  return rate === 'none' ? 'Без НДС' : `Цена с НДС ${rate}%`
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
  // «НДС 5% (УСН)»: our own label, as the CSV export writes it.
  const value = text
    .trim()
    .toLowerCase()
    .replace(/\(?\s*усн\s*\)?/g, '')
    .replace(/\s+/g, ' ')
    .trim()
  if (NO_VAT.test(value)) return 'none'
  const match = /^(?:ндс|vat)?[\s_]*(\d+(?:[.,]\d+)?)\s*%?$/.exec(value)
  if (!match) return null
  let rate = Number(match[1]!.replace(',', '.'))
  if (rate > 0 && rate < 1) rate = Math.round(rate * 100)
  const key = String(rate)
  return isVatRate(key) ? key : null
}
