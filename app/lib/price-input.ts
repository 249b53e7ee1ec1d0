/** A price as people type it into a field, in roubles, and back: the product and offer forms. */

/** «125 000,50» → 12500050 kopecks; '' → null; what is not a number → NaN (the schema says why). */
export function rublesToKopecks(text: string): number | null {
  const cleaned = text.replace(/[\s\u00a0₽]/g, '').replace(',', '.')
  if (!cleaned) return null
  const rubles = Number(cleaned)
  return Number.isFinite(rubles) ? Math.round(rubles * 100) : Number.NaN
}

/** Kopecks as the price input shows them: «125000,5». */
export function kopecksToRubles(kopecks: number | null): string {
  if (kopecks === null) return ''
  return (kopecks / 100).toString().replace('.', ',')
}
