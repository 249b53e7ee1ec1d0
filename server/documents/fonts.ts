import { readFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { inflateSync } from 'node:zlib'
import * as fontkit from 'fontkit'

/**
 * The faces documents are printed in. Arimo (metrically Arial, the face of accounting printouts)
 * prints Latin, Cyrillic, Greek and Hebrew; what it has no glyph for falls back, per character, to
 * Noto Sans Arabic, then Noto Emoji (monochrome, as print needs), then GNU Unifont, which draws
 * every other character of the Basic Multilingual Plane (CJK among them). All come as files in npm
 * packages, so rendering needs no font installed on the machine (decisions 029 and 047).
 */

export type FontName = 'regular' | 'bold'

export type FaceName = FontName | 'arabic' | 'arabic-bold' | 'emoji' | 'emoji-bold' | 'unifont'

const require = createRequire(import.meta.url)

const FACE_FILES: Record<FaceName, string> = {
  regular: '@expo-google-fonts/arimo/400Regular/Arimo_400Regular.ttf',
  bold: '@expo-google-fonts/arimo/700Bold/Arimo_700Bold.ttf',
  arabic: '@expo-google-fonts/noto-sans-arabic/400Regular/NotoSansArabic_400Regular.ttf',
  'arabic-bold': '@expo-google-fonts/noto-sans-arabic/700Bold/NotoSansArabic_700Bold.ttf',
  emoji: '@expo-google-fonts/noto-emoji/400Regular/NotoEmoji_400Regular.ttf',
  'emoji-bold': '@expo-google-fonts/noto-emoji/700Bold/NotoEmoji_700Bold.ttf',
  unifont: '@fontsource/unifont/files/unifont-latin-400-normal.woff',
}

/** Where a weight's missing characters are looked for, in order. Unifont has one weight. */
const FALLBACKS: Record<FontName, FaceName[]> = {
  regular: ['arabic', 'emoji', 'unifont'],
  bold: ['arabic-bold', 'emoji-bold', 'unifont'],
}

const FACE_NAMES = Object.keys(FACE_FILES) as FaceName[]

export interface Faces {
  /** The files' bytes, registered with each document under the face's name. */
  bytes: Record<FaceName, Buffer>
  /** The parsed faces, for asking which characters they have and how high they stand. */
  fonts: Record<FaceName, fontkit.Font>
}

let faces: Promise<Faces> | undefined

/** Reads the faces once per process; a failed read is tried again by the next document. */
export function loadFaces(): Promise<Faces> {
  faces ??= Promise.all(FACE_NAMES.map((name) => readFile(require.resolve(FACE_FILES[name])))).then(
    (files) => {
      const bytes = Object.fromEntries(
        FACE_NAMES.map((name, index) => [name, sfntFromWoff(files[index]!)]),
      ) as Faces['bytes']
      const fonts = Object.fromEntries(FACE_NAMES.map((name) => [name, parse(bytes[name])])) as Faces['fonts']
      return { bytes, fonts }
    },
    (error: unknown) => {
      faces = undefined
      throw error
    },
  )
  return faces
}

function parse(bytes: Buffer): fontkit.Font {
  const font = fontkit.create(bytes)
  if (!('hasGlyphForCodePoint' in font)) throw new Error('A document face is a font collection, not one font')
  return font
}

/** The face that draws `codePoint` in the given weight: the weight's own when it can. */
export function faceFor(all: Faces, weight: FontName, codePoint: number): FaceName {
  if (all.fonts[weight].hasGlyphForCodePoint(codePoint)) return weight
  return FALLBACKS[weight].find((face) => all.fonts[face].hasGlyphForCodePoint(codePoint)) ?? weight
}

/** Height of the face's ascender at `size` points: where its baseline sits below a line's top. */
export function ascenderAt(font: fontkit.Font, size: number): number {
  return (font.ascent / font.unitsPerEm) * size
}

/**
 * The plain TrueType font inside a WOFF 1.0 file (W3C WOFF, section 4): each table inflated once.
 * fontkit reads a WOFF but inflates a table on every access, and Unifont's 4 MB glyph table is
 * read once per glyph when a document's subset is built: seconds per document instead of
 * milliseconds. Anything that is not a WOFF is returned as it is.
 */
export function sfntFromWoff(woff: Buffer): Buffer {
  if (woff.toString('latin1', 0, 4) !== 'wOFF') return woff
  const flavor = woff.readUInt32BE(4)
  const count = woff.readUInt16BE(12)
  const tables = Array.from({ length: count }, (_, index) => {
    const entry = 44 + index * 20
    const offset = woff.readUInt32BE(entry + 4)
    const compressed = woff.readUInt32BE(entry + 8)
    const length = woff.readUInt32BE(entry + 12)
    const raw = woff.subarray(offset, offset + compressed)
    return {
      tag: woff.subarray(entry, entry + 4),
      checksum: woff.readUInt32BE(entry + 16),
      data: compressed < length ? inflateSync(raw) : raw,
    }
  })
  const power = 2 ** Math.floor(Math.log2(count))
  const header = Buffer.alloc(12 + 16 * count)
  header.writeUInt32BE(flavor, 0)
  header.writeUInt16BE(count, 4)
  header.writeUInt16BE(power * 16, 6)
  header.writeUInt16BE(Math.log2(power), 8)
  header.writeUInt16BE(count * 16 - power * 16, 10)
  const parts: Buffer[] = [header]
  let offset = header.length
  tables.forEach((table, index) => {
    const record = 12 + index * 16
    table.tag.copy(header, record)
    header.writeUInt32BE(table.checksum, record + 4)
    header.writeUInt32BE(offset, record + 8)
    header.writeUInt32BE(table.data.length, record + 12)
    const padded = Buffer.alloc(Math.ceil(table.data.length / 4) * 4)
    table.data.copy(padded)
    parts.push(padded)
    offset += padded.length
  })
  return Buffer.concat(parts)
}
