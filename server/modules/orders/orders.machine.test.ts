import { describe, expect, it } from 'vitest'
import { ORDER_STATUSES, type OrderStatus } from '#common/orders.ts'
import { isAppError } from '#common/errors.ts'
import { actionsFor, type OrderActor, type OrderEvent, orderTransition } from './orders.machine.ts'

const EVENTS: OrderEvent[] = ['confirm', 'markPaid', 'ship', 'confirmDelivery', 'complete', 'cancel']
const ACTORS: OrderActor[] = ['buyer', 'seller', 'system']

/** The whole table, written out: who may do what from where, and where it leads. */
const ALLOWED: Record<string, OrderStatus> = {
  'created confirm seller': 'confirmed',
  'confirmed markPaid seller': 'paid',
  'paid ship seller': 'shipped',
  'shipped confirmDelivery buyer': 'delivered',
  'shipped confirmDelivery system': 'delivered',
  'delivered complete buyer': 'completed',
  'delivered complete system': 'completed',
  'created cancel buyer': 'cancelled',
  'created cancel seller': 'cancelled',
  'confirmed cancel buyer': 'cancelled',
  'confirmed cancel seller': 'cancelled',
}

describe('the order lifecycle', () => {
  for (const from of ORDER_STATUSES) {
    for (const event of EVENTS) {
      for (const who of ACTORS) {
        const key = `${from} ${event} ${who}`
        it(`${ALLOWED[key] ? 'allows' : 'refuses'} ${event} by the ${who} of a ${from} order`, () => {
          if (ALLOWED[key]) {
            expect(orderTransition(from, event, who).to).toBe(ALLOWED[key])
            return
          }
          let refusal: unknown
          try {
            orderTransition(from, event, who, '2611-00042')
          } catch (error) {
            refusal = error
          }
          expect(isAppError(refusal)).toBe(true)
          const never = !Object.keys(ALLOWED).some((k) => k.endsWith(` ${event} ${who}`))
          // An event this actor never makes is forbidden; one made from elsewhere is a 409 in Russian.
          expect((refusal as { kind: string }).kind).toBe(never ? 'forbidden' : 'conflict')
          if (!never) expect((refusal as Error).message).toMatch(/^Заказ № 2611-00042: .+ Сейчас статус «.+»\.$/)
        })
      }
    }
  }

  it('offers each side the moves it may make now, and nothing on finished orders', () => {
    expect(actionsFor('created', 'seller')).toEqual(['confirm', 'cancel'])
    expect(actionsFor('created', 'buyer')).toEqual(['cancel'])
    expect(actionsFor('paid', 'buyer')).toEqual([])
    expect(actionsFor('shipped', 'buyer')).toEqual(['confirmDelivery'])
    expect(actionsFor('completed', 'seller')).toEqual([])
    expect(actionsFor('cancelled', 'buyer')).toEqual([])
  })
})
