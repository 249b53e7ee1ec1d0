import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { offerToDraft, suggestCategoryMapping, suggestParamMapping } from './mapping.ts'
import { parseImportFile } from './parse.ts'

/**
 * The CSV template and the YML example the import page offers (public/import/): each must import
 * as it is, its categories and characteristics found without the vendor's help.
 */
describe.each([
  ['the CSV template', 'public/import/shablon-tovarov.csv', 'shablon-tovarov.csv'],
  ['the YML example', 'public/import/primer-kataloga.yml', 'primer-kataloga.yml'],
])('%s', (_name, path, fileName) => {
  it('imports both its products with nothing to fix', () => {
    const parsed = parseImportFile(new Uint8Array(readFileSync(path)), fileName)
    expect(parsed.errors).toEqual([])
    expect(parsed.offers.map((o) => o.sku)).toEqual(['AT-30', 'GS-201'])
    const categories = suggestCategoryMapping(parsed.categories)
    const params = suggestParamMapping(parsed.offers.flatMap((o) => o.params))
    const drafts = parsed.offers.map((offer) => offerToDraft(offer, { categories, params }))
    expect(drafts.flatMap((d) => d.errors)).toEqual([])
    expect(drafts.map((d) => d.draft.categorySlug)).toEqual(['multirotornye', expect.any(String)])
    // The seller's terms come through too: a year of warranty on the agricultural drone.
    expect(drafts[0]!.draft.warrantyMonths).toBe(12)
  })
})

describe('the CSV template', () => {
  it('shows the delivery regions by name', () => {
    const parsed = parseImportFile(
      new Uint8Array(readFileSync('public/import/shablon-tovarov.csv')),
      'shablon-tovarov.csv',
    )
    expect(parsed.offers.map((o) => o.deliveryRegions)).toEqual([[], ['77', '50', '40']])
  })
})
