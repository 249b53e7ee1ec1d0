import { describe, expect, it } from 'vitest'
import { closeRing } from '#common/geo.ts'
import { AREA_TEXT_EXAMPLE, formatAreaText, parseAreaText } from './area-text.ts'

const TRIANGLE = {
  type: 'Polygon',
  coordinates: [
    [
      [37.61, 55.75],
      [37.62, 55.76],
      [37.63, 55.75],
      [37.61, 55.75],
    ],
  ],
}

function error(text: string): string {
  const result = parseAreaText(text)
  if (result.ok) throw new Error(`accepted: ${JSON.stringify(result.value)}`)
  return result.error
}

describe('parseAreaText', () => {
  it.each([
    ['points and a comma', '55.75, 37.61\n55.76, 37.62\n55.75, 37.63'],
    ['no space after the comma', '55.75,37.61\n55.76,37.62\n55.75,37.63'],
    ['decimal commas and a semicolon', '55,75; 37,61\n55,76;37,62\n55,75 ; 37,63'],
    ['decimal commas and a space', '55,75 37,61\n55,76\t37,62\n55,75  37,63'],
    ['decimal commas and a comma with a space', '55,75, 37,61\n55,76, 37,62\n55,75, 37,63'],
    [
      'degrees, blank lines, CRLF and the first point repeated',
      '55.75°, 37.61°\r\n\r\n55.76, 37.62\r\n55.75, 37.63\n55.75, 37.61\n',
    ],
  ])('reads latitude, longitude lines: %s', (_name, text) => {
    expect(parseAreaText(text)).toEqual({ ok: true, value: TRIANGLE })
  })

  it('reads negative numbers and a typographic minus', () => {
    const result = parseAreaText('-33.9, 151.1\n−33.8, 151.2\n-33.9, 151.3')
    expect(result.ok && result.value.coordinates[0]![1]).toEqual([151.2, -33.8])
  })

  it('reads the example shown beside the field', () => {
    expect(parseAreaText(AREA_TEXT_EXAMPLE).ok).toBe(true)
  })

  it('names the line it cannot read', () => {
    expect(error('55.75, 37.61\n55,76,37,62\n55.75, 37.63')).toBe(
      'Строка 2: не удалось прочитать «55,76,37,62». Напишите широту и долготу, например: 55.7512, 37.6184',
    )
    expect(error('55.75, 37.61\n\nМосква')).toMatch(/^Строка 3: не удалось прочитать «Москва»/)
  })

  it('says when latitude and longitude look swapped', () => {
    expect(error('37.61, 155.75\n155.76, 37.62\n55.75, 37.63')).toBe(
      'Строка 2: широта должна быть от −90 до 90. Возможно, широта и долгота переставлены местами.',
    )
    expect(error('55.75, 190\n55.76, 37.62\n55.75, 37.63')).toBe('Строка 1: долгота должна быть от −180 до 180.')
  })

  it('passes on the contour rules with their messages', () => {
    expect(error('')).toBe('Введите координаты вершин участка, каждую с новой строки')
    expect(error('55.75, 37.61\n55.76, 37.62')).toBe('В контуре участка должно быть не меньше 3 точек')
    expect(error('55, 37\n55.1, 37.1\n55, 37.1\n55.1, 37')).toBe('Стороны контура участка не должны пересекаться')
  })

  it('accepts a GeoJSON Polygon or a Feature holding one, longitude first', () => {
    expect(parseAreaText(JSON.stringify(TRIANGLE))).toEqual({ ok: true, value: TRIANGLE })
    const feature = { type: 'Feature', properties: { name: 'поле' }, geometry: TRIANGLE }
    expect(parseAreaText(`  ${JSON.stringify(feature, null, 2)}\n`)).toEqual({ ok: true, value: TRIANGLE })
    expect(error('{"type": "Polygon", ')).toBe('Не удалось прочитать GeoJSON: проверьте скобки и запятые')
    expect(error('{"type": "Point", "coordinates": [37, 55]}')).toBe(
      'Участок должен быть многоугольником (GeoJSON Polygon)',
    )
  })
})

describe('formatAreaText', () => {
  it('writes one latitude, longitude line per vertex, which reads back the same', () => {
    const value = closeRing([
      [37.6184, 55.7512],
      [37.625, 55.753],
      [37.627, 55.748],
    ])
    const text = formatAreaText(value)
    expect(text).toBe('55.7512, 37.6184\n55.753, 37.625\n55.748, 37.627')
    expect(parseAreaText(text)).toEqual({ ok: true, value })
    expect(formatAreaText(null)).toBe('')
  })
})
