import { describe, expect, it } from 'vitest'
import { modelKeyOf } from './model-key.ts'

describe('the model of a listing', () => {
  it('is the brand and the model name, whatever the case, spaces and dashes', () => {
    const t50 = modelKeyOf('a', 'DJI', 'Agras T50')
    expect(modelKeyOf('b', 'dji', 'AGRAS T-50')).toBe(t50)
    expect(modelKeyOf('c', 'DJI ', 'agras  t50')).toBe(t50)
    expect(modelKeyOf('d', 'DJI', 'Agras T40')).not.toBe(t50)
    expect(modelKeyOf('e', 'Autel', 'Agras T50')).not.toBe(t50)
    expect(modelKeyOf('f', 'Геоскан', '201 Гео')).toBe(modelKeyOf('g', 'геоскан', '201 гео'))
  })

  it('is the listing itself when it names no model', () => {
    expect(modelKeyOf('a', 'DJI', '')).not.toBe(modelKeyOf('b', 'DJI', ' - '))
  })
})
