import { CsvError, parse } from 'csv-parse/sync'
import { CSV_COLUMNS, type CsvColumn } from '../../../catalog/index.ts'
import { columnOfHeader, splitParamHeader } from './columns.ts'
import { decodeCsv } from './decode.ts'
import { IMPORT_MESSAGES as M } from './messages.ts'
import { OfferCollector, type RawOffer } from './offers.ts'
import { checkFileSize, refuseFile } from './refusal.ts'
import type { FileCategory, ImportResult } from './types.ts'
import { splitList, splitPictures } from './values.ts'

/**
 * A catalogue as CSV: a header row, then one product per row. Read with csv-parse (quoted
 * fields with line breaks and doubled quotes, stray quotes inside a field tolerated); the
 * separator is whichever of «;», «,» and tab the header uses most.
 */

const REQUIRED: CsvColumn[] = ['sku', 'title']

/** A cell our export guarded against spreadsheet formulas («'=…», feeds/csv.ts) as it was. */
function unguardFormula(cell: string): string {
  return cell.replace(/^'(?=[=+\-@\t])/, '')
}

/** The separator of the header line: Excel writes «;» in Russian locales, most tools «,». */
export function detectSeparator(text: string): string {
  const firstLine = text.slice(0, text.search(/\r?\n|$/))
  const counts = [';', ',', '\t'].map((sep) => [sep, firstLine.split(sep).length - 1] as const)
  counts.sort((a, b) => b[1] - a[1])
  return counts[0]![1] > 0 ? counts[0]![0] : ';'
}

interface Row {
  record: string[]
  raw: string
  info: { lines: number }
}

/** The line a record starts on: where it ends less the line breaks inside it. */
function startLine(row: Row): number {
  const inner = row.raw.replace(/^[\r\n]+|[\r\n]+$/g, '')
  return row.info.lines - (inner.match(/\n/g)?.length ?? 0)
}

export function parseCsv(bytes: Uint8Array): ImportResult {
  const tooLarge = checkFileSize(bytes)
  if (tooLarge) return tooLarge
  const decoded = decodeCsv(bytes)
  if (decoded.error !== undefined) return refuseFile(decoded.error)
  return parseCsvText(decoded.text)
}

export function parseCsvText(source: string): ImportResult {
  // csv-parse counts a CRLF inside a quoted field as two lines; with LF alone lines are exact.
  const text = source.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n')
  let rows: Row[]
  try {
    rows = parse(text, {
      delimiter: detectSeparator(text),
      info: true,
      raw: true,
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: true,
      skip_records_with_empty_values: true,
    }) as unknown as Row[]
  } catch (error) {
    const line = error instanceof CsvError ? Number((error as CsvError & { lines?: number }).lines ?? 0) : 0
    const detail =
      error instanceof CsvError && error.code === 'CSV_QUOTE_NOT_CLOSED'
        ? M.unclosedQuote
        : M.malformedCsv((error as Error).message)
    return refuseFile(line ? M.atLine(line, detail) : detail, line)
  }
  const [header, ...records] = rows
  if (!header) return refuseFile(M.emptyFile)

  const columns = new Map<CsvColumn, number>()
  const params: { index: number; name: string; unit?: string }[] = []
  const headerErrors: string[] = []
  header.record.forEach((cell, index) => {
    const title = cell.trim()
    if (!title) return
    const column = columnOfHeader(title)
    if (!column) params.push({ index, ...splitParamHeader(title) })
    else if (columns.has(column)) headerErrors.push(M.atLine(1, M.duplicateColumn(title)))
    else columns.set(column, index)
  })
  const missing = REQUIRED.find((column) => !columns.has(column))
  if (missing) return refuseFile(M.missingColumn(CSV_COLUMNS[missing]), 1)
  if (headerErrors.length)
    return { categories: [], offers: [], errors: headerErrors.map((message) => ({ line: 1, message })) }

  const collector = new OfferCollector()
  const categories = new Map<string, FileCategory>()
  for (const row of records) {
    const cell = (column: CsvColumn) => {
      const index = columns.get(column)
      return index === undefined ? undefined : unguardFormula(row.record[index] ?? '')
    }
    const raw: RawOffer = {
      line: startLine(row),
      sku: cell('sku'),
      title: cell('title'),
      brand: cell('brand'),
      model: cell('model'),
      category: cell('category'),
      price: cell('price'),
      vat: cell('vat'),
      available: cell('available') ?? '',
      description: cell('description'),
      pictures: splitPictures(cell('pictures')),
      leadTime: cell('leadTime'),
      stock: cell('stock'),
      areas: columns.has('areas') ? splitList(cell('areas')) : undefined,
      warranty: cell('warranty'),
      partNumber: cell('partNumber'),
      gtin: cell('gtin'),
      minOrder: cell('minOrder'),
      regions: columns.has('deliveryRegions') ? splitList(cell('deliveryRegions')) : undefined,
      params: params.map((p) => ({
        name: p.name,
        ...(p.unit ? { unit: p.unit } : {}),
        value: unguardFormula(row.record[p.index] ?? ''),
      })),
    }
    if (!collector.add(raw)) return refuseFile(OfferCollector.tooManyOffers().message)
    // A CSV has no category list: its categories are the names its rows use.
    const category = raw.category?.replace(/\s+/g, ' ').trim()
    if (category && !categories.has(category)) categories.set(category, { id: category, name: category })
  }
  if (records.length === 0) return { categories: [], offers: [], errors: [{ line: 0, message: M.noOffers }] }
  return { categories: [...categories.values()], offers: collector.offers, errors: collector.errors }
}
