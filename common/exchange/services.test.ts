import { describe, expect, it } from 'vitest'
import { formatVolume } from './services.ts'

const plain = (text: string) => text.replace(/\u00a0/g, ' ')

describe('a request’s volume', () => {
  it('declines the unit by the number: «1 объект», «3 объекта», «1,5 часа»; га and км stay', () => {
    expect(formatVolume(1, 'objects')).toBe('1 объект')
    expect(formatVolume(3, 'objects')).toBe('3 объекта')
    expect(formatVolume(12, 'objects')).toBe('12 объектов')
    expect(formatVolume(1.5, 'hours')).toBe('1,5 часа')
    expect(formatVolume(21, 'hours')).toBe('21 час')
    expect(plain(formatVolume(1250.5, 'hectares'))).toBe('1 250,5 га')
    expect(formatVolume(40, 'km')).toBe('40 км')
  })
})
