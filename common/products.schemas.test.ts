import { describe, expect, it } from 'vitest'
import { DraftInput, draftProblems, TO_ORDER_WITH_STOCK } from './products.schemas.ts'

describe('a product «под заказ»', () => {
  it('is refused with units in stock, on the quantity field', () => {
    const result = DraftInput.safeParse({ availability: 'to_order', leadTimeDays: 14, stockQuantity: 5 })
    expect(result.success).toBe(false)
    expect(result.error?.issues).toEqual([
      expect.objectContaining({ path: ['stockQuantity'], message: TO_ORDER_WITH_STOCK }),
    ])
  })

  it('is taken without stock, and a product in stock keeps its quantity', () => {
    expect(DraftInput.safeParse({ availability: 'to_order', leadTimeDays: 14, stockQuantity: 0 }).success).toBe(true)
    expect(DraftInput.safeParse({ availability: 'to_order', leadTimeDays: 14, stockQuantity: null }).success).toBe(true)
    expect(DraftInput.safeParse({ availability: 'in_stock', stockQuantity: 5 }).success).toBe(true)
  })

  it('cannot go to moderation with a quantity in stock saved before', () => {
    const fields = {
      sku: 'AG-T50',
      title: 'Агродрон',
      brand: 'DJI',
      model: 'Agras T50',
      categorySlug: null,
      priceKopecks: 100_000,
      priceOnRequest: false,
      availability: 'to_order',
      leadTimeDays: 14,
      stockQuantity: 5,
      descriptionText: 'Агродрон для обработки полей и садов.',
      specs: {},
      photoCount: 1,
    }
    expect(draftProblems(fields).stockQuantity).toBe(TO_ORDER_WITH_STOCK)
    expect(draftProblems({ ...fields, stockQuantity: 0 }).stockQuantity).toBeUndefined()
  })
})
