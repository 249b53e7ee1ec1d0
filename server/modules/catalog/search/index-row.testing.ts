import { RANGE_ATTRIBUTE_CODES } from '#common/catalog/attributes.ts'
import type { IndexRow } from './listing-index.ts'

/** An index row for tests: a published multirotor in stock, no characteristics, what `over` says besides. */
export function indexRow(over: Pick<IndexRow, 'id'> & Partial<IndexRow>): IndexRow {
  return {
    categorySlug: 'multirotornye',
    vendorOrganizationId: 'vendor',
    brand: 'DJI',
    model: 'Agras T50',
    modelId: null,
    modelSlug: null,
    droneType: 'multirotor',
    availability: 'in_stock',
    madeInRussia: false,
    rtk: false,
    areasMask: 0,
    priceKopecks: null,
    popularity: 0,
    createdMicros: 0,
    ranges: Object.fromEntries(RANGE_ATTRIBUTE_CODES.map((code) => [code, null])) as IndexRow['ranges'],
    searchText: '',
    vector: '',
    ...over,
  }
}
