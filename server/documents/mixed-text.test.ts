import { describe, expect, it } from 'vitest'
import { renderDeliveryNote } from './delivery-note.ts'
import { sampleDeliveryNote, sampleInvoice } from './fixtures.ts'
import { loadFaces } from './fonts.ts'
import { renderInvoice } from './invoice.ts'
import { piecesAsSeen } from './mixed-text.ts'
import { measure, openPdf } from './pdf.ts'
import { readPdf } from './testing.ts'

const embeddedFaces = (bytes: Buffer): string[] =>
  [...new Set(bytes.toString('latin1').match(/\/BaseFont \/[A-Z]{6}\+(\S+)/g) ?? [])].map(
    (entry) => entry.split('+')[1]!,
  )

describe('text the main face cannot print', () => {
  it('prints Chinese, emoji and Arabic in names and carriers instead of leaving them blank', async () => {
    const base = sampleDeliveryNote()
    const lines = [{ ...base.lines[0]!, name: 'Агродрон 大疆 T40 🚁 для 農業 والرش 12' }, base.lines[1]!]
    const bytes = await renderDeliveryNote(
      sampleDeliveryNote({ lines, shipment: { carrier: '順豐速運 SF Express ⚠️', trackingNumber: '26-00123456789' } }),
    )
    const pdf = await readPdf(bytes)
    for (const expected of [
      '順豐速運',
      'SF Express',
      '⚠',
      'Агродрон',
      '大疆',
      'T40',
      '🚁',
      '農業',
      'والرش',
      'трек-номер 26-00123456789',
    ]) {
      expect(pdf.text).toContain(expected)
    }
    expect(embeddedFaces(bytes)).toEqual(
      expect.arrayContaining([
        'Arimo-Regular',
        'Arimo-Bold',
        'UnifontMedium',
        'NotoEmoji-Regular',
        'NotoSansArabic-Regular',
      ]),
    )
  })

  it('embeds no fallback face when the text needs none', async () => {
    const faces = embeddedFaces(await renderInvoice(sampleInvoice()))
    expect(faces.sort()).toEqual(['Arimo-Bold', 'Arimo-Regular'])
  })

  it('reads a run of right-to-left words, with the numbers among them, from the right', async () => {
    const { doc } = await openPdf({ title: 't', author: 'a', layout: 'portrait', date: new Date(0) })
    const faces = await loadFaces()
    const [line] = piecesAsSeen({ doc, faces, text: 'Склад شارع 12 سلام и 大', weight: 'regular', size: 9 }, 500)
    expect(line!.map((piece) => piece.text).join('')).toBe('Склад سلام 12 شارع и 大')
    expect(line!.find((piece) => piece.text === 'سلام')?.face).toBe('arabic')
    expect(line!.find((piece) => piece.text === '大')?.face).toBe('unifont')
  })

  it('wraps mixed text into the width, between ideographs and at spaces, never at a no-break space', async () => {
    const { doc } = await openPdf({ title: 't', author: 'a', layout: 'portrait', date: new Date(0) })
    const faces = await loadFaces()
    const oneLine = measure(doc, '大', 100, 'regular', 9)
    expect(oneLine).toBeGreaterThan(0)

    const ideographs = piecesAsSeen({ doc, faces, text: '大疆'.repeat(30), weight: 'regular', size: 9 }, 100)
    expect(ideographs.length).toBeGreaterThan(3)
    for (const line of ideographs) expect(line.length).toBeLessThanOrEqual(Math.ceil(100 / 9))
    expect(measure(doc, '大疆'.repeat(30), 100, 'regular', 9)).toBeCloseTo(oneLine * ideographs.length)

    const kept = piecesAsSeen(
      { doc, faces, text: 'Дрон\u00a0大 Дрон\u00a0大 Дрон\u00a0大', weight: 'regular', size: 9 },
      60,
    )
    for (const line of kept) expect(line.map((piece) => piece.text).join('')).toMatch(/^Дрон\u00a0大$/)

    const long = piecesAsSeen({ doc, faces, text: `🚁${'A'.repeat(80)}`, weight: 'regular', size: 9 }, 100)
    expect(long.length).toBeGreaterThan(1)
    expect(long.map((line) => line.map((piece) => piece.text).join('')).join('')).toBe(`🚁${'A'.repeat(80)}`)
  })
})
