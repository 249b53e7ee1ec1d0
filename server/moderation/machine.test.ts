import { describe, expect, it } from 'vitest'
import { isAppError } from '../errors.ts'
import { offerTransition } from '../modules/exchange/offers/offers.machine.ts'
import { productTransition } from '../modules/products/products.machine.ts'
import { MODERATION_TRANSITIONS } from './machine.ts'

function refusal(move: () => unknown) {
  try {
    move()
  } catch (error) {
    if (isAppError(error)) return { kind: error.kind, message: error.message }
  }
  throw new Error('the move was allowed')
}

describe('the moderation kit', () => {
  it('moves products and offers along the same transitions', () => {
    for (const step of MODERATION_TRANSITIONS) {
      expect(productTransition(step.from, step.event, step.who)).toBe(step)
      expect(offerTransition(step.from, step.event, step.who)).toBe(step)
    }
  })

  it('refuses in each thing’s own words, naming it and where it stands', () => {
    const product = refusal(() => productTransition('approved', 'approve', 'staff', 'Сокол'))
    expect(product.kind).toBe('conflict')
    expect(product.message).toContain('Товар «Сокол»')
    expect(product.message).toContain('одобрить можно только товар, который находится на модерации')
    const offer = refusal(() => offerTransition('draft', 'withdraw', 'vendor', 'Аэрофотосъёмка'))
    expect(offer.message).toContain('Услуга «Аэрофотосъёмка»')
    expect(offer.message).toContain('отозвать можно только услугу')
    // A vendor never approves, whatever the status.
    expect(refusal(() => productTransition('moderation', 'approve', 'vendor')).kind).toBe('forbidden')
  })
})
