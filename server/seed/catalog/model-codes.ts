import { eq } from 'drizzle-orm'
import { catalogModels } from '../../modules/catalog/catalog.table.ts'
import type { Db } from '../../db/client.ts'

/**
 * Makers' identities of some demo models, so a vendor can find them by part number or GTIN in
 * the cabinet and an import can name them. The GTINs are from the 2xx range GS1 leaves for
 * internal numbering: no real product has them. The part numbers are of the demo's own makers.
 */
const CODES: { key: string; partNumber?: string; gtin?: string }[] = [
  { key: 'dji|agrast40', gtin: withCheckDigit('290000100040') },
  { key: 'dji|agrast50', gtin: withCheckDigit('290000100050') },
  { key: 'dji|matrice350rtk', gtin: withCheckDigit('290000103501') },
  { key: 'dji|mavic3enterprise', gtin: withCheckDigit('290000100303') },
  { key: 'уралдрон|гриф6', partNumber: 'УД-Г6-01', gtin: withCheckDigit('290000200601') },
  { key: 'белаэротех|аист4', partNumber: 'БАТ-А4-СТД' },
  { key: 'медаэрологистика|курьер5', partNumber: 'МАЛ-К5' },
]

/** The GS1 check digit appended to twelve digits: an EAN-13. */
export function withCheckDigit(digits: string): string {
  const sum = [...digits].reverse().reduce((total, d, i) => total + Number(d) * (i % 2 === 0 ? 3 : 1), 0)
  return `${digits}${(10 - (sum % 10)) % 10}`
}

export async function seedModelCodes(db: Db): Promise<void> {
  for (const { key, ...codes } of CODES) await db.update(catalogModels).set(codes).where(eq(catalogModels.key, key))
}
