import ExcelJS from 'exceljs'
import { extractText, getDocumentProxy, getMeta } from 'unpdf'

/** What the documents' tests read back from a rendered PDF, through pdf.js. */
export interface PdfContents {
  pages: string[]
  /** All pages' text with every run of whitespace (line breaks, no-break spaces) as one space. */
  text: string
  /** The same without any whitespace: text wrapped across lines or cells still matches. */
  squashed: string
  info: Record<string, unknown>
  /** [width, height] of each page, in points. */
  sizes: [number, number][]
}

export function squash(text: string): string {
  return text.replace(/\s+/g, '')
}

export async function readPdf(bytes: Buffer): Promise<PdfContents> {
  const pdf = await getDocumentProxy(new Uint8Array(bytes))
  const { text: pages } = await extractText(pdf, { mergePages: false })
  const { info } = await getMeta(pdf)
  const sizes: [number, number][] = []
  for (let number = 1; number <= pdf.numPages; number++) {
    const [, , width = 0, height = 0] = (await pdf.getPage(number)).view
    sizes.push([width, height])
  }
  const text = pages.join('\n').replace(/\s+/g, ' ')
  return { pages, text, squashed: squash(text), info: info as Record<string, unknown>, sizes }
}

/** A workbook read back, as the documents' tests check one (exceljs types its input by its own Buffer). */
export async function readXlsx(bytes: Buffer): Promise<ExcelJS.Workbook> {
  const workbook = new ExcelJS.Workbook()
  await workbook.xlsx.load(bytes as unknown as Parameters<typeof workbook.xlsx.load>[0])
  return workbook
}
