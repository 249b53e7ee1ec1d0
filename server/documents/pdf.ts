import PDFDocument from 'pdfkit'
import { type Faces, type FontName, loadFaces } from './fonts.ts'
import { type TextBox, drawMixed, measureMixed, needsMixedLayout } from './mixed-text.ts'

/**
 * What every generated document shares: A4 pages, the embedded faces (`fonts.ts`), metadata, page
 * numbers, text in any script, and the finished bytes.
 */

export type Pdf = PDFKit.PDFDocument

export type { FontName }

/** The faces each open document was given, for the text helpers below, which pdfkit calls synchronously. */
const facesOf = new WeakMap<Pdf, Faces>()

export interface PdfOptions {
  /** Document title for the viewer's window and the file's metadata. */
  title: string
  /** Who issued it: the seller's name. */
  author: string
  layout: 'portrait' | 'landscape'
  /** The document's date, kept as the file's creation date so the same input gives the same bytes. */
  date: Date
}

export interface OpenPdf {
  doc: Pdf
  /** Numbers the pages (when there are several), ends the document and gives its bytes. */
  finish(footer: (page: number, pages: number) => string): Promise<Buffer>
}

export async function openPdf(options: PdfOptions): Promise<OpenPdf> {
  const faces = await loadFaces()
  const doc = new PDFDocument({
    size: 'A4',
    layout: options.layout,
    margins: { top: 36, bottom: 40, left: 42, right: 28 },
    bufferPages: true,
    pdfVersion: '1.7',
    lang: 'ru',
    displayTitle: true,
    info: {
      // Viewers show the title in a window's caption, where a no-break space is of no use.
      Title: options.title.replace(/\u00a0/g, ' '),
      Author: options.author,
      Creator: 'БАС Маркет',
      CreationDate: options.date,
      ModDate: options.date,
    },
  })
  // Registering is only a name for the bytes: a face is parsed, and embedded, once text uses it.
  for (const [name, bytes] of Object.entries(faces.bytes)) doc.registerFont(name, bytes)
  doc.font('regular')
  facesOf.set(doc, faces)

  const chunks: Buffer[] = []
  const bytes = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk))
    doc.on('end', () => resolve(Buffer.concat(chunks)))
    doc.on('error', reject)
  })

  async function finish(footer: (page: number, pages: number) => string): Promise<Buffer> {
    const { start, count } = doc.bufferedPageRange()
    if (count > 1) {
      for (let index = start; index < start + count; index++) {
        doc.switchToPage(index)
        // Writing below the bottom margin would otherwise start a new page.
        const bottom = doc.page.margins.bottom
        doc.page.margins.bottom = 0
        doc
          .font('regular')
          .fontSize(7)
          .fillColor('#444444')
          .text(footer(index - start + 1, count), doc.page.margins.left, doc.page.height - 24, {
            width: contentWidth(doc),
            align: 'right',
            lineBreak: false,
          })
        doc.page.margins.bottom = bottom
      }
    }
    doc.end()
    return bytes
  }

  return { doc, finish }
}

export function contentWidth(doc: Pdf): number {
  return doc.page.width - doc.page.margins.left - doc.page.margins.right
}

export function pageBottom(doc: Pdf): number {
  return doc.page.height - doc.page.margins.bottom
}

/** Starts a new page unless `height` points still fit below `doc.y`. */
export function keepTogether(doc: Pdf, height: number): void {
  if (doc.y + height > pageBottom(doc)) {
    doc.addPage()
    doc.y = doc.page.margins.top
  }
  doc.x = doc.page.margins.left
}

/** A horizontal rule across the page at `doc.y`, moving below it. */
export function drawRule(doc: Pdf, thickness: number, gap = 6): void {
  const left = doc.page.margins.left
  doc
    .save()
    .lineWidth(thickness)
    .strokeColor('#000000')
    .moveTo(left, doc.y)
    .lineTo(left + contentWidth(doc), doc.y)
    .stroke()
    .restore()
  doc.y += thickness + gap
}

/**
 * Writes text that may hold anything a user typed, with its top-left corner at (x, y), in the
 * weight and size given and the current fill colour. Text Arimo covers goes to pdfkit as it is;
 * other characters are drawn in a fallback face (`mixed-text.ts`), right-to-left words in order.
 */
export function writeText(
  doc: Pdf,
  text: string,
  x: number,
  y: number,
  font: FontName,
  size: number,
  box: TextBox = {},
): void {
  const faces = facesOf.get(doc)!
  if (needsMixedLayout(faces, font, text)) drawMixed({ doc, faces, text, weight: font, size }, x, y, box)
  else doc.font(font).fontSize(size).text(text, x, y, box)
}

/** Height of `text` in a box `width` wide in the given face and size, as `writeText` draws it. */
export function measure(doc: Pdf, text: string, width: number, font: FontName, size: number): number {
  if (!text) return 0
  const faces = facesOf.get(doc)!
  if (needsMixedLayout(faces, font, text)) return measureMixed({ doc, faces, text, weight: font, size }, width)
  return doc.font(font).fontSize(size).heightOfString(text, { width })
}

/**
 * A label with a caption followed by its value, as documents print a party:
 * «Поставщик (Исполнитель):  ООО «…», ИНН …». Moves `doc.y` below the taller of the two.
 */
export function drawLabelled(doc: Pdf, label: string, value: string, labelWidth: number, size = 9): void {
  const left = doc.page.margins.left
  const valueWidth = contentWidth(doc) - labelWidth
  const height = Math.max(
    measure(doc, label, labelWidth - 6, 'regular', size),
    measure(doc, value, valueWidth, 'bold', size),
  )
  keepTogether(doc, height)
  const top = doc.y
  doc.fillColor('#000000')
  writeText(doc, label, left, top, 'regular', size, { width: labelWidth - 6 })
  writeText(doc, value, left + labelWidth, top, 'bold', size, { width: valueWidth })
  doc.y = top + height + 6
  doc.x = left
}

export interface SignatureOptions {
  label: string
  /** The signer's name printed over «расшифровка подписи»; blank to be written by hand. */
  name?: string | null
  /** Adds a blank for the position before the signature, as delivery notes have. */
  withPosition?: boolean
  /** Room for the label, the same for signatures stacked one above another so their blanks align. */
  labelWidth?: number
  /** A picture of the signature (PNG or JPEG), set over the «подпись» blank. */
  image?: Buffer | null
}

/**
 * «Руководитель  ________________  Иванов И. И.» with small captions under the blanks. Returns
 * the height it took.
 */
export function drawSignature(doc: Pdf, x: number, y: number, width: number, options: SignatureOptions): number {
  const size = 9
  doc.font('bold').fontSize(size).fillColor('#000000')
  const labelWidth = options.labelWidth ?? Math.min(doc.widthOfString(options.label) + 8, width * 0.45)
  doc.text(options.label, x, y, { width: labelWidth, lineBreak: false })

  const blanks = [
    ...(options.withPosition ? [{ caption: 'должность', share: 0.3, text: '' }] : []),
    { caption: 'подпись', share: options.withPosition ? 0.3 : 0.45, text: '' },
    { caption: 'расшифровка подписи', share: options.withPosition ? 0.4 : 0.55, text: options.name ?? '' },
  ]
  const lineY = y + size + 2
  let left = x + labelWidth
  const available = width - labelWidth
  for (const blank of blanks) {
    const blankWidth = available * blank.share - 6
    if (blank.text) {
      writeText(doc, blank.text, left, y, 'regular', size, { width: blankWidth, align: 'center', lineBreak: false })
    }
    if (blank.caption === 'подпись' && options.image) {
      // Standing on the line and rising above it, as a pen's signature does.
      doc.image(options.image, left, lineY - 26, { fit: [blankWidth, 30], align: 'center', valign: 'bottom' })
    }
    doc
      .save()
      .lineWidth(0.5)
      .moveTo(left, lineY)
      .lineTo(left + blankWidth, lineY)
      .stroke()
      .restore()
    doc
      .font('regular')
      .fontSize(6.5)
      .fillColor('#444444')
      .text(blank.caption, left, lineY + 1.5, { width: blankWidth, align: 'center', lineBreak: false })
    doc.fillColor('#000000')
    left += blankWidth + 6
  }
  return lineY + 10 - y
}
