import { type FaceName, type Faces, type FontName, ascenderAt, faceFor } from './fonts.ts'
import type { Pdf } from './pdf.ts'

/**
 * Text that one face cannot print: a product name with Chinese characters, a carrier written in
 * Arabic, an emoji in a comment. A PDF text run has one font, so such text is cut into pieces of
 * one face each and laid out here: words wrapped greedily into the width (CJK may break between
 * any two characters, a no-break space never), and each line put in visual order, where a stretch
 * of right-to-left words (and the numbers between them) reads from the right. Shaping and the
 * order of letters inside one right-to-left piece are fontkit's, which pdfkit draws through.
 * Text the weight's own face covers never comes here: pdfkit wraps it as before.
 */

export interface TextBox {
  width?: number
  align?: 'left' | 'center' | 'right'
  /** False: one line, however long (pdfkit's `lineBreak: false`). */
  lineBreak?: boolean
  /** Lines that would end below this many points from the top are left out. */
  height?: number
  /** pdfkit's `ellipsis`; ignored here, where lines beyond `height` are simply left out. */
  ellipsis?: boolean
}

interface Piece {
  text: string
  face: FaceName
  width: number
  /** 'R' right-to-left letters, 'L' other letters, 'N' spaces, digits, punctuation, symbols. */
  direction: 'R' | 'L' | 'N'
}

type Line = Piece[]

const RTL = /[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufefc]/u
const LETTER = /\p{L}/u
/** Where a line may break: ordinary spaces, not the no-break ones. */
const BREAKING_SPACE = /[ \t\u1680\u2000-\u2006\u2008-\u200a\u205f\u3000]/u
/** Spaces and joiners a line never breaks at. */
const NO_BREAK = /[\u00a0\u2007\u202f\u2060\ufeff]/u
/** Ideographs, kana and hangul: a line may break between any two of them. */
const CJK = /[\u2e80-\u9fff\uac00-\ud7af\uf900-\ufaff\uff00-\uffef]|[\u{20000}-\u{3ffff}]/u
/** Joiners, variation selectors and the like: drawn by the face of the character they follow. */
const CLINGING = /\p{M}|\p{Variation_Selector}|[\u200b-\u200f\u2060-\u206f]/u

/** Whether `text` needs this layout: a character the weight's face lacks, or right-to-left letters. */
export function needsMixedLayout(faces: Faces, weight: FontName, text: string): boolean {
  for (const char of text) {
    if (RTL.test(char)) return true
    const codePoint = char.codePointAt(0)!
    if (codePoint < 0x20 || CLINGING.test(char)) continue
    if (!faces.fonts[weight].hasGlyphForCodePoint(codePoint)) return true
  }
  return false
}

/** Text to set: the document and its faces, the text, and the weight and size asked for. */
export interface Setting {
  doc: Pdf
  faces: Faces
  text: string
  weight: FontName
  size: number
}

/** Height the text takes in a box `width` wide: one line height per laid-out line. */
export function measureMixed(setting: Setting, width: number): number {
  return layOut(setting, width).length * lineHeight(setting)
}

/** Draws the text with its top-left corner at (x, y) and leaves `doc.y` below it, as pdfkit does. */
export function drawMixed(setting: Setting, x: number, y: number, box: TextBox): void {
  const { doc, faces, weight, size } = setting
  const width = box.lineBreak === false ? Infinity : (box.width ?? doc.page.width - doc.page.margins.right - x)
  const lines = layOut(setting, width)
  const step = lineHeight(setting)
  const ascender = ascenderAt(faces.fonts[weight], size)
  let top = y
  let right = x
  for (const line of lines) {
    if (box.height !== undefined && top + step > y + box.height) break
    const pieces = visualOrder(trimEnd(line))
    const used = pieces.reduce((sum, piece) => sum + piece.width, 0)
    const room = box.width ?? (Number.isFinite(width) ? width : used)
    let left = x + (box.align === 'right' ? room - used : box.align === 'center' ? (room - used) / 2 : 0)
    for (const piece of pieces) {
      doc
        .font(piece.face)
        .fontSize(size)
        .text(piece.text, left, top + ascender, { lineBreak: false, baseline: 'alphabetic' })
      left += piece.width
    }
    right = left
    top += step
  }
  doc.font(weight).fontSize(size)
  if (box.lineBreak === false) {
    doc.x = right
    doc.y = y
  } else {
    doc.x = x
    doc.y = top
  }
}

/** The lines as they are drawn: each a list of one-face pieces, left to right. For tests. */
export function piecesAsSeen(setting: Setting, width: number): { text: string; face: FaceName }[][] {
  return layOut(setting, width).map((line) =>
    visualOrder(trimEnd(line)).map((piece) => ({ text: piece.text, face: piece.face })),
  )
}

function lineHeight({ doc, weight, size }: Setting): number {
  return doc.font(weight).fontSize(size).currentLineHeight(true)
}

/** Words wrapped into lines of at most `width` points; a word wider than a line is cut where it must. */
function layOut({ doc, faces, text, weight, size }: Setting, width: number): Line[] {
  const measure = (piece: Omit<Piece, 'width'>): Piece => ({
    ...piece,
    width: doc.font(piece.face).fontSize(size).widthOfString(piece.text),
  })
  const lines: Line[] = []
  for (const paragraph of text.split('\n')) {
    let line: Line = []
    let used = 0
    let gap: Piece[] = []
    const place = (word: Piece[]): void => {
      const wordWidth = sum(word)
      const gapWidth = sum(gap)
      if (line.length === 0) {
        line = [...word]
        used = wordWidth
      } else if (used + gapWidth + wordWidth <= width) {
        line.push(...gap, ...word)
        used += gapWidth + wordWidth
      } else {
        lines.push(line)
        line = [...word]
        used = wordWidth
      }
      gap = []
      while (used > width && line.length > 0) {
        const [head, tail] = cut(line, width, measure)
        if (tail.length === 0) break
        lines.push(head)
        line = tail
        used = sum(tail)
      }
    }
    for (const token of tokens(faces, weight, paragraph)) {
      if (token.kind === 'space') gap.push(measure(token.piece))
      else place(token.pieces.map(measure))
    }
    lines.push(line)
  }
  return lines
}

type Token = { kind: 'space'; piece: Omit<Piece, 'width'> } | { kind: 'word'; pieces: Omit<Piece, 'width'>[] }

/** Breaking spaces and words (an ideograph is a word of its own unless glued), each word cut into pieces of one face and direction. */
function tokens(faces: Faces, weight: FontName, text: string): Token[] {
  const result: Token[] = []
  let word: Omit<Piece, 'width'>[] = []
  let afterGlue = false
  let afterIdeograph = false
  const endWord = (): void => {
    if (word.length > 0) result.push({ kind: 'word', pieces: word })
    word = []
  }
  for (const char of text) {
    if (BREAKING_SPACE.test(char)) {
      endWord()
      afterGlue = false
      afterIdeograph = false
      result.push({ kind: 'space', piece: { text: char, face: weight, direction: 'N' } })
      continue
    }
    const last = word.at(-1)
    if (CLINGING.test(char) && last) {
      last.text += char
      continue
    }
    // A line may break before and after an ideograph, but not next to a no-break space.
    const glue = NO_BREAK.test(char)
    if ((CJK.test(char) && !afterGlue) || (afterIdeograph && !glue)) endWord()
    afterGlue = glue
    afterIdeograph = CJK.test(char)
    const face = faceFor(faces, weight, char.codePointAt(0)!)
    const direction = RTL.test(char) ? 'R' : LETTER.test(char) ? 'L' : 'N'
    if (last && last.face === face && !CJK.test(char) && joins(last.direction, direction)) {
      last.text += char
      if (direction === 'L') last.direction = 'L'
    } else {
      word.push({ text: char, face, direction })
    }
  }
  endWord()
  return result
}

/** Whether a character of `next` direction may join a piece of `current`: right-to-left letters stay among their own. */
function joins(current: Piece['direction'], next: Piece['direction']): boolean {
  return current === next || (current !== 'R' && next !== 'R')
}

/** The longest head of `line` that fits in `width` (at least one character), and the rest. */
function cut(line: Line, width: number, measure: (piece: Omit<Piece, 'width'>) => Piece): [Line, Line] {
  const head: Line = []
  let used = 0
  for (let index = 0; index < line.length; index++) {
    const piece = line[index]!
    if (used + piece.width <= width) {
      head.push(piece)
      used += piece.width
      continue
    }
    let taken = ''
    for (const char of piece.text) {
      const next = measure({ ...piece, text: taken + char })
      if (used + next.width > width && (head.length > 0 || taken)) break
      taken += char
    }
    const rest = piece.text.slice(taken.length)
    if (taken) head.push(measure({ ...piece, text: taken }))
    const tail = [...(rest ? [measure({ ...piece, text: rest })] : []), ...line.slice(index + 1)]
    return [head, tail]
  }
  return [head, []]
}

/**
 * The line as it is seen, left to right, in a left-to-right paragraph: each stretch from one
 * right-to-left piece to the last one before a left-to-right letter is reversed (the numbers and
 * spaces inside it keep their own order, as the bidirectional algorithm has them).
 */
function visualOrder(line: Line): Line {
  const result = [...line]
  let index = 0
  while (index < result.length) {
    if (result[index]!.direction !== 'R') {
      index++
      continue
    }
    let end = index
    for (let probe = index; probe < result.length && result[probe]!.direction !== 'L'; probe++) {
      if (result[probe]!.direction === 'R') end = probe
    }
    result.splice(index, end - index + 1, ...result.slice(index, end + 1).reverse())
    index = end + 1
  }
  return result
}

function trimEnd(line: Line): Line {
  let end = line.length
  while (end > 0 && line[end - 1]!.direction === 'N' && !line[end - 1]!.text.trim()) end--
  return line.slice(0, end)
}

function sum(pieces: Piece[]): number {
  return pieces.reduce((total, piece) => total + piece.width, 0)
}
