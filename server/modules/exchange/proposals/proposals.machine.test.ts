import { describe, expect, it } from 'vitest'
import { PROPOSAL_STATUSES, type ProposalStatus } from '#common/exchange/proposals.ts'
import { isAppError } from '#common/errors.ts'
import { type ProposalActor, type ProposalEvent, proposalActionsFor, proposalTransition } from './proposals.machine.ts'

const EVENTS: ProposalEvent[] = ['revise', 'accept', 'reject', 'supersede']
const ACTORS: ProposalActor[] = ['vendor', 'customer', 'system']

/** The whole table, written out: who may do what from where, and where it leads. */
const ALLOWED: Record<string, ProposalStatus> = {
  'reviewing revise vendor': 'reviewing',
  'reviewing accept customer': 'accepted',
  'reviewing reject customer': 'rejected',
  'reviewing supersede system': 'rejected',
}

describe('the proposal lifecycle', () => {
  for (const from of PROPOSAL_STATUSES) {
    for (const event of EVENTS) {
      for (const who of ACTORS) {
        const key = `${from} ${event} ${who}`
        it(`${ALLOWED[key] ? 'allows' : 'refuses'} ${event} by the ${who} of a ${from} proposal`, () => {
          if (ALLOWED[key]) {
            expect(proposalTransition(from, event, who).to).toBe(ALLOWED[key])
            return
          }
          let refusal: unknown
          try {
            proposalTransition(from, event, who, 'Аэросъёмка Плюс')
          } catch (error) {
            refusal = error
          }
          expect(isAppError(refusal)).toBe(true)
          const never = !Object.keys(ALLOWED).some((k) => k.endsWith(` ${event} ${who}`))
          // An event this actor never makes is forbidden; one made from elsewhere is a 409 in Russian.
          expect((refusal as { kind: string }).kind).toBe(never ? 'forbidden' : 'conflict')
          if (!never) {
            expect((refusal as Error).message).toMatch(/^Предложение «Аэросъёмка Плюс»: .+ Сейчас статус «.+»\.$/)
          }
        })
      }
    }
  }

  it('comes into being by the vendor submitting it, once', () => {
    expect(proposalTransition(null, 'submit', 'vendor').to).toBe('reviewing')
    for (const who of ['customer', 'system'] as const) {
      expect(() => proposalTransition(null, 'submit', who)).toThrow(expect.objectContaining({ kind: 'forbidden' }))
    }
    for (const from of PROPOSAL_STATUSES) {
      expect(() => proposalTransition(from, 'submit', 'vendor')).toThrow(expect.objectContaining({ kind: 'conflict' }))
    }
  })

  it('offers each actor the moves it may make now, and nothing on decided proposals', () => {
    expect(proposalActionsFor('reviewing', 'vendor')).toEqual(['revise'])
    expect(proposalActionsFor('reviewing', 'customer')).toEqual(['accept', 'reject'])
    expect(proposalActionsFor('reviewing', 'system')).toEqual(['supersede'])
    for (const who of ACTORS) {
      expect(proposalActionsFor('accepted', who)).toEqual([])
      expect(proposalActionsFor('rejected', who)).toEqual([])
    }
  })
})
