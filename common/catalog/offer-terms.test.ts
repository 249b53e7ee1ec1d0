import { describe, expect, it } from 'vitest'
import { deliveryLabel, deliversTo, describeTerms, warrantyLabel } from './offer-terms.ts'

describe('offer terms in words', () => {
  it('say the warranty in years when it is whole years, in months otherwise', () => {
    expect(warrantyLabel(null)).toBe('—')
    expect(warrantyLabel(0)).toBe('Без гарантии')
    expect(warrantyLabel(6)).toBe('6 месяцев')
    expect(warrantyLabel(12)).toBe('1 год')
    expect(warrantyLabel(24)).toBe('2 года')
    expect(warrantyLabel(60)).toBe('5 лет')
    expect(warrantyLabel(18)).toBe('18 месяцев')
  })

  it('name one delivery region, count several, and say all of Russia for none', () => {
    expect(deliveryLabel([])).toBe('По всей России')
    expect(deliveryLabel(['66'])).toBe('Свердловская область')
    expect(deliveryLabel(['66', '74', '72', '86', '89'])).toBe('5 регионов')
  })

  it('deliver to a region the list names, anywhere for an empty list, and do not rule out an unknown one', () => {
    expect(deliversTo([], '77')).toBe(true)
    expect(deliversTo(['66'], '77')).toBe(false)
    expect(deliversTo(['66'], '66')).toBe(true)
    expect(deliversTo(['66'], null)).toBe(true)
  })

  it('mention the minimum order only above one unit', () => {
    expect(describeTerms({ warrantyMonths: 12, deliveryRegions: [], minOrderQuantity: 1 })).toHaveLength(2)
    expect(describeTerms({ warrantyMonths: 12, deliveryRegions: [], minOrderQuantity: 3 })[2]).toEqual({
      label: 'Минимальный заказ',
      value: '3 шт.',
    })
  })
})
