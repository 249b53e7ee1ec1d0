import { describe, expect, it } from 'vitest'
import { ORDER_MESSAGES } from '#common/orders.ts'
import { companySectionFor, serialsProblem } from './order-forms.ts'

describe('the serial numbers of a shipped line', () => {
  it('names a number typed twice instead of counting it twice', () => {
    expect(serialsProblem('A1\nA1', 2)).toBe('Номер «A1» указан дважды: нужно 2 разных номера')
  })

  it('says how many are needed and how many were typed', () => {
    expect(serialsProblem('A1', 2)).toBe('Нужно 2 разных номера, указано 1')
    expect(serialsProblem('A1, A2, A3', 1)).toBe('Нужно 1 разный номер, указано 3')
    expect(serialsProblem('', 5)).toBe('Нужно 5 разных номеров, указано 0')
  })

  it('has nothing to say when every unit has its own number', () => {
    expect(serialsProblem('A1\nA2', 2)).toBeUndefined()
  })
})

describe('a refused confirmation', () => {
  it('leads to the part of the company page that gives the invoice what it lacks', () => {
    expect(companySectionFor(ORDER_MESSAGES.noBankRequisites)).toBe('/personal-account/company')
    expect(companySectionFor(ORDER_MESSAGES.noSignatories)).toBe('/personal-account/company#document-settings')
    expect(companySectionFor(ORDER_MESSAGES.deliveryDate)).toBeUndefined()
  })
})
