import { describe, expect, it } from 'vitest'
import { SERVICE_ORDER_STATUSES, type ServiceOrderStatus } from '#common/exchange/service-orders.ts'
import { isAppError } from '#common/errors.ts'
import {
  type ServiceOrderActor,
  type ServiceOrderEvent,
  serviceOrderActionsFor,
  serviceOrderHistoryEventOf,
  serviceOrderTransition,
} from './service-orders.machine.ts'

const EVENTS: ServiceOrderEvent[] = ['start', 'submitResult', 'accept', 'requestRework', 'cancel']
const ACTORS: ServiceOrderActor[] = ['customer', 'contractor']

/** The whole table, written out: who may do what from where, and where it leads. */
const ALLOWED: Record<string, ServiceOrderStatus> = {
  'created start contractor': 'in_progress',
  'in_progress submitResult contractor': 'done',
  'done accept customer': 'completed',
  'done requestRework customer': 'in_progress',
  'created cancel customer': 'cancelled',
  'created cancel contractor': 'cancelled',
  'in_progress cancel customer': 'cancelled',
  'in_progress cancel contractor': 'cancelled',
}

describe('the service order lifecycle', () => {
  for (const from of SERVICE_ORDER_STATUSES) {
    for (const event of EVENTS) {
      for (const who of ACTORS) {
        const key = `${from} ${event} ${who}`
        it(`${ALLOWED[key] ? 'allows' : 'refuses'} ${event} by the ${who} of a ${from} order`, () => {
          if (ALLOWED[key]) {
            expect(serviceOrderTransition(from, event, who).to).toBe(ALLOWED[key])
            return
          }
          let refusal: unknown
          try {
            serviceOrderTransition(from, event, who, 'S-2611-00042')
          } catch (error) {
            refusal = error
          }
          expect(isAppError(refusal)).toBe(true)
          const never = !Object.keys(ALLOWED).some((k) => k.endsWith(` ${event} ${who}`))
          // An event this side never makes is forbidden; one made from elsewhere is a 409 in Russian.
          expect((refusal as { kind: string }).kind).toBe(never ? 'forbidden' : 'conflict')
          if (!never) expect((refusal as Error).message).toMatch(/^Заказ № S-2611-00042: .+ Сейчас статус «.+»\.$/)
        })
      }
    }
  }

  it('is created by the customer accepting a proposal, once', () => {
    expect(serviceOrderTransition(null, 'create', 'customer').to).toBe('created')
    expect(() => serviceOrderTransition('created', 'create', 'customer')).toThrow(
      expect.objectContaining({ kind: 'conflict' }),
    )
  })

  it('offers each side the moves it may make now, and nothing on finished orders', () => {
    expect(serviceOrderActionsFor('created', 'contractor')).toEqual(['start', 'cancel'])
    expect(serviceOrderActionsFor('created', 'customer')).toEqual(['cancel'])
    expect(serviceOrderActionsFor('in_progress', 'contractor')).toEqual(['submitResult', 'cancel'])
    expect(serviceOrderActionsFor('in_progress', 'customer')).toEqual(['cancel'])
    expect(serviceOrderActionsFor('done', 'customer')).toEqual(['accept', 'requestRework'])
    expect(serviceOrderActionsFor('done', 'contractor')).toEqual([])
    for (const who of ACTORS) {
      expect(serviceOrderActionsFor('completed', who)).toEqual([])
      expect(serviceOrderActionsFor('cancelled', who)).toEqual([])
    }
  })

  it('reads back which side made a recorded move', () => {
    expect(serviceOrderHistoryEventOf('cancel.contractor')).toEqual({ event: 'cancel', by: 'contractor' })
    expect(serviceOrderHistoryEventOf('accept.customer')).toEqual({ event: 'accept', by: 'customer' })
  })
})
