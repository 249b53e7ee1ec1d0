import { describe, expect, it } from 'vitest'
import { CartAddInput, OrderListQuery } from './orders.schemas.ts'
import { fromDigits, z } from './zod.ts'

describe('fromDigits', () => {
  const page = z.object({ page: fromDigits(z.number().int().min(1)).default(1) })

  it('reads digits from a query string or a form, and numbers from JSON', () => {
    expect(page.parse({ page: '12' })).toEqual({ page: 12 })
    expect(page.parse({ page: 12 })).toEqual({ page: 12 })
    expect(page.parse({})).toEqual({ page: 1 })
    expect(fromDigits(z.number().int()).parse('-3')).toBe(-3)
  })

  it('refuses hex, exponents, spaces, booleans and fractions that coercion used to read', () => {
    for (const value of ['0x10', '1e3', ' 3 ', '3 ', '+3', '3.0', '', true, false, null, [], '١٢'])
      expect(page.safeParse({ page: value }).success, JSON.stringify(value)).toBe(false)
  })

  it('is what the cart and the order list use', () => {
    expect(CartAddInput.safeParse({ productId: crypto.randomUUID(), quantity: '0x10' }).success).toBe(false)
    expect(CartAddInput.safeParse({ productId: crypto.randomUUID(), quantity: true }).success).toBe(false)
    expect(OrderListQuery.safeParse({ page: ' 3 ' }).success).toBe(false)
    expect(OrderListQuery.parse({ page: '3' }).page).toBe(3)
  })
})
