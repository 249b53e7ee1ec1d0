import { describe, expect, it } from 'vitest'
import { REQUEST_STATUSES, type RequestStatus } from '#common/exchange/requests.ts'
import { isAppError } from '#common/errors.ts'
import { type RequestActor, type RequestEvent, requestActionsFor, requestTransition } from './requests.machine.ts'

const EVENTS: RequestEvent[] = ['publish', 'award', 'close', 'expire', 'cancel']
const ACTORS: RequestActor[] = ['customer', 'system']

/** The whole table, written out: who may do what from where, and where it leads. */
const ALLOWED: Record<string, RequestStatus> = {
  'draft publish customer': 'open',
  'open award customer': 'awarded',
  'open close customer': 'closed',
  'open expire system': 'closed',
  'draft cancel customer': 'cancelled',
  'open cancel customer': 'cancelled',
}

describe('the request lifecycle', () => {
  for (const from of REQUEST_STATUSES) {
    for (const event of EVENTS) {
      for (const who of ACTORS) {
        const key = `${from} ${event} ${who}`
        it(`${ALLOWED[key] ? 'allows' : 'refuses'} ${event} by the ${who} of a ${from} request`, () => {
          if (ALLOWED[key]) {
            expect(requestTransition(from, event, who).to).toBe(ALLOWED[key])
            return
          }
          let refusal: unknown
          try {
            requestTransition(from, event, who, 'Z-2611-00042')
          } catch (error) {
            refusal = error
          }
          expect(isAppError(refusal)).toBe(true)
          const never = !Object.keys(ALLOWED).some((k) => k.endsWith(` ${event} ${who}`))
          // An event this actor never makes is forbidden; one made from elsewhere is a 409 in Russian.
          expect((refusal as { kind: string }).kind).toBe(never ? 'forbidden' : 'conflict')
          if (!never) expect((refusal as Error).message).toMatch(/^Заявка № Z-2611-00042: .+ Сейчас статус «.+»\.$/)
        })
      }
    }
  }

  it('is created by the customer as a draft, once', () => {
    expect(requestTransition(null, 'create', 'customer').to).toBe('draft')
    expect(() => requestTransition('draft', 'create', 'customer')).toThrow(
      expect.objectContaining({ kind: 'conflict' }),
    )
    expect(() => requestTransition(null, 'create', 'system')).toThrow(expect.objectContaining({ kind: 'forbidden' }))
  })

  it('offers the customer the moves it may make now, and nothing on finished requests', () => {
    expect(requestActionsFor('draft')).toEqual(['publish', 'cancel'])
    expect(requestActionsFor('open')).toEqual(['award', 'close', 'cancel'])
    for (const done of ['awarded', 'closed', 'cancelled'] as const) expect(requestActionsFor(done)).toEqual([])
  })
})
