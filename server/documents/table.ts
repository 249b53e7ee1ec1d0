import { type FontName, type Pdf, contentWidth, measure, pageBottom, writeText } from './pdf.ts'

/**
 * A bordered table that wraps long text inside its cells and flows onto further pages, repeating
 * its header on each: the lines table of an invoice or a delivery note. Thin inner rules and a
 * heavier outer border, as accounting printouts draw them.
 */

export interface TableColumn {
  header: string
  /** Points; 'fill' takes what the other columns leave (one column should). */
  width: number | 'fill'
  align?: 'left' | 'center' | 'right'
  /**
   * A caption shared with the neighbouring columns of the same group, drawn once over them:
   * «Единица измерения» over «код» and «условное обозначение».
   */
  group?: string
}

export interface CellParagraph {
  text: string
  font?: FontName
  size?: number
  color?: string
}

/** A cell: plain text, or paragraphs stacked one under another (a name and its serial numbers). */
export type TableCell = string | CellParagraph[]

export interface TableRow {
  cells: TableCell[]
  /** Bold row, e.g. the totals. */
  bold?: boolean
}

export interface TableOptions {
  columns: TableColumn[]
  rows: TableRow[]
  fontSize?: number
  headerFontSize?: number
}

const PADDING_X = 3
const PADDING_Y = 2.5
const INNER_RULE = 0.5
const OUTER_RULE = 1.2

interface LaidCell {
  paragraphs: Required<CellParagraph>[]
  heights: number[]
}

export function drawTable(doc: Pdf, options: TableOptions): void {
  const fontSize = options.fontSize ?? 9
  const headerFontSize = options.headerFontSize ?? fontSize
  const left = doc.page.margins.left
  const widths = columnWidths(options.columns, contentWidth(doc))
  const xs = widths.map((_, index) => left + widths.slice(0, index).reduce((sum, width) => sum + width, 0))
  const tableWidth = widths.reduce((sum, width) => sum + width, 0)

  // Forms repeat their short cells on every line («X», «—», «без акциза», a rate): each is measured once.
  const heights = new Map<string, number>()
  const heightOf = (text: string, width: number, font: FontName, size: number) => {
    const key = `${font}|${size}|${width}|${text}`
    let height = heights.get(key)
    if (height === undefined) heights.set(key, (height = measure(doc, text, width, font, size)))
    return height
  }

  const layRow = (cells: TableCell[], font: FontName, size: number): { cells: LaidCell[]; height: number } => {
    const laid = options.columns.map((_, index) => {
      const cell = cells[index] ?? ''
      const paragraphs = (typeof cell === 'string' ? [{ text: cell }] : cell).map((paragraph) => ({
        text: paragraph.text,
        font: paragraph.font ?? font,
        size: paragraph.size ?? size,
        color: paragraph.color ?? '#000000',
      }))
      const inner = widths[index]! - 2 * PADDING_X
      return { paragraphs, heights: paragraphs.map((p) => heightOf(p.text, inner, p.font, p.size)) }
    })
    const content = Math.max(size, ...laid.map((cell) => cell.heights.reduce((sum, height) => sum + height, 0)))
    return { cells: laid, height: content + 2 * PADDING_Y }
  }

  const header = layRow(
    options.columns.map((column) => column.header),
    'bold',
    headerFontSize,
  )
  const groups = groupsOf(options.columns)
  const groupHeight = groups.length
    ? Math.max(
        ...groups.map((g) => {
          const width = widths.slice(g.first, g.last + 1).reduce((sum, w) => sum + w, 0)
          return measure(doc, g.caption, width - 2 * PADDING_X, 'bold', headerFontSize) + 2 * PADDING_Y
        }),
      )
    : 0
  const contentOf = (index: number) => header.cells[index]!.heights.reduce((sum, h) => sum + h, 0) + 2 * PADDING_Y
  const columnIndexes = options.columns.map((_, index) => index)
  const subHeight = Math.max(0, ...columnIndexes.filter((i) => options.columns[i]!.group !== undefined).map(contentOf))
  const headerHeight = groupHeight
    ? Math.max(
        groupHeight + subHeight,
        ...columnIndexes.filter((i) => options.columns[i]!.group === undefined).map(contentOf),
      )
    : header.height
  let segmentTop = doc.y

  const drawRow = (row: { cells: LaidCell[]; height: number }, top: number, isHeader: boolean): void => {
    // A row taller than a whole page is cut at the page's end rather than breaking the layout.
    const height = Math.min(row.height, pageBottom(doc) - top)
    row.cells.forEach((cell, index) => {
      const x = xs[index]!
      const width = widths[index]!
      doc.save().lineWidth(INNER_RULE).rect(x, top, width, height).stroke().restore()
      const contentHeight = cell.heights.reduce((sum, h) => sum + h, 0)
      let y = top + PADDING_Y + (isHeader ? Math.max(0, (height - 2 * PADDING_Y - contentHeight) / 2) : 0)
      const align = isHeader ? 'center' : (options.columns[index]!.align ?? 'left')
      cell.paragraphs.forEach((paragraph, p) => {
        const room = top + height - PADDING_Y - y
        if (!paragraph.text || room <= 0) return
        doc.fillColor(paragraph.color)
        writeText(doc, paragraph.text, x + PADDING_X, y, paragraph.font, paragraph.size, {
          width: width - 2 * PADDING_X,
          align,
          height: room,
          ellipsis: true,
        })
        y += cell.heights[p]!
      })
    })
    doc.fillColor('#000000')
  }

  const closeSegment = (bottom: number): void => {
    doc
      .save()
      .lineWidth(OUTER_RULE)
      .rect(left, segmentTop, tableWidth, bottom - segmentTop)
      .stroke()
      .restore()
  }

  const startSegment = (): void => {
    segmentTop = doc.y
    if (groupHeight) drawGroupedHeader(segmentTop)
    else drawRow(header, segmentTop, true)
    doc.y = segmentTop + headerHeight
  }

  // Grouped columns sit under their caption; the others' cells run the header's whole height.
  const drawGroupedHeader = (top: number): void => {
    for (const g of groups) {
      const width = widths.slice(g.first, g.last + 1).reduce((sum, w) => sum + w, 0)
      doc.save().lineWidth(INNER_RULE).rect(xs[g.first]!, top, width, groupHeight).stroke().restore()
      writeText(doc, g.caption, xs[g.first]! + PADDING_X, top + PADDING_Y, 'bold', headerFontSize, {
        width: width - 2 * PADDING_X,
        align: 'center',
      })
    }
    header.cells.forEach((cell, index) => {
      const grouped = options.columns[index]!.group !== undefined
      const cellTop = grouped ? top + groupHeight : top
      const height = grouped ? headerHeight - groupHeight : headerHeight
      doc.save().lineWidth(INNER_RULE).rect(xs[index]!, cellTop, widths[index]!, height).stroke().restore()
      const contentHeight = cell.heights.reduce((sum, h) => sum + h, 0)
      let y = cellTop + Math.max(PADDING_Y, (height - contentHeight) / 2)
      cell.paragraphs.forEach((paragraph, p) => {
        writeText(doc, paragraph.text, xs[index]! + PADDING_X, y, paragraph.font, paragraph.size, {
          width: widths[index]! - 2 * PADDING_X,
          align: 'center',
        })
        y += cell.heights[p]!
      })
    })
  }

  const rows = options.rows.map((row) => layRow(row.cells, row.bold ? 'bold' : 'regular', fontSize))
  // The header never stands alone at the foot of a page.
  if (doc.y + headerHeight + (rows[0]?.height ?? 0) > pageBottom(doc)) newPage(doc)
  startSegment()
  for (const row of rows) {
    if (doc.y + row.height > pageBottom(doc) && doc.y > segmentTop + headerHeight) {
      closeSegment(doc.y)
      newPage(doc)
      startSegment()
    }
    const top = doc.y
    drawRow(row, top, false)
    doc.y = Math.min(top + row.height, pageBottom(doc))
  }
  closeSegment(doc.y)
  doc.x = left
}

function newPage(doc: Pdf): void {
  doc.addPage()
  doc.y = doc.page.margins.top
}

function columnWidths(columns: TableColumn[], total: number): number[] {
  const fixed = columns.reduce((sum, column) => sum + (column.width === 'fill' ? 0 : column.width), 0)
  const fills = columns.filter((column) => column.width === 'fill').length
  return columns.map((column) => (column.width === 'fill' ? Math.max(40, (total - fixed) / fills) : column.width))
}

/** Runs of neighbouring columns that share a group caption. */
function groupsOf(columns: TableColumn[]): { caption: string; first: number; last: number }[] {
  const groups: { caption: string; first: number; last: number }[] = []
  columns.forEach((column, index) => {
    if (column.group === undefined) return
    const previous = groups.at(-1)
    if (previous && previous.caption === column.group && previous.last === index - 1) previous.last = index
    else groups.push({ caption: column.group, first: index, last: index })
  })
  return groups
}
