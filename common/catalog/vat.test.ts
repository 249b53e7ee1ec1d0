import { describe, expect, it } from 'vitest'
import { parseVatRate } from './vat.ts'

describe('parseVatRate', () => {
  it('reads the rates as files write them', () => {
    const cases: [string, string | null][] = [
      ['22%', '22'],
      ['НДС 22', '22'],
      ['ндс 22 %', '22'],
      ['VAT_22', '22'],
      ['0,22', '22'],
      ['10', '10'],
      ['VAT_10', '10'],
      ['7%', '7'],
      ['5', '5'],
      ['без НДС', 'none'],
      ['Без ндс', 'none'],
      ['НДС не облагается', 'none'],
      ['NO_VAT', 'none'],
      ['20%', null],
      ['VAT_20', null],
      ['двадцать', null],
      ['', null],
    ]
    for (const [text, rate] of cases) expect(parseVatRate(text), text).toBe(rate)
  })
})
