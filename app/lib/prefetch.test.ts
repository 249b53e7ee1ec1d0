import { describe, expect, it } from 'vitest'
import { allowsPrefetch } from './prefetch.ts'

describe('allowsPrefetch', () => {
  it('allows prefetch when the browser reports no connection info', () => {
    expect(allowsPrefetch(undefined)).toBe(true)
    expect(allowsPrefetch({})).toBe(true)
  })

  it('skips prefetch when the user asked to save data', () => {
    expect(allowsPrefetch({ saveData: true })).toBe(false)
    expect(allowsPrefetch({ saveData: true, effectiveType: '4g' })).toBe(false)
  })

  it.each(['2g', 'slow-2g'])('skips prefetch on %s', (effectiveType) => {
    expect(allowsPrefetch({ effectiveType })).toBe(false)
  })

  it.each(['3g', '4g'])('allows prefetch on %s', (effectiveType) => {
    expect(allowsPrefetch({ effectiveType, saveData: false })).toBe(true)
  })
})
