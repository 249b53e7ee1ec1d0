import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import * as fontkit from 'fontkit'
import { describe, expect, it } from 'vitest'
import { faceFor, loadFaces, sfntFromWoff } from './fonts.ts'

const require = createRequire(import.meta.url)

describe('document faces', () => {
  it('turns a WOFF into the TrueType font it wraps, glyph for glyph', () => {
    const woff = readFileSync(require.resolve('@fontsource/unifont/files/unifont-latin-400-normal.woff'))
    const converted = sfntFromWoff(woff)
    expect(converted.readUInt32BE(0)).toBe(0x00010000)
    const before = fontkit.create(woff) as fontkit.Font
    const after = fontkit.create(converted) as fontkit.Font
    expect(after.numGlyphs).toBe(before.numGlyphs)
    for (const char of ['大', 'ก', 'Ж']) {
      const codePoint = char.codePointAt(0)!
      expect(after.glyphForCodePoint(codePoint).path.toSVG()).toBe(before.glyphForCodePoint(codePoint).path.toSVG())
    }
  })

  it('picks the weight’s own face first, then Arabic, emoji and Unifont', async () => {
    const faces = await loadFaces()
    const face = (char: string, weight: 'regular' | 'bold' = 'regular') => faceFor(faces, weight, char.codePointAt(0)!)
    expect(face('Ж')).toBe('regular')
    expect(face('Ж', 'bold')).toBe('bold')
    expect(face('ش', 'bold')).toBe('arabic-bold')
    expect(face('🚁')).toBe('emoji')
    expect(face('大', 'bold')).toBe('unifont')
    expect(face('ก')).toBe('unifont')
  })
})
