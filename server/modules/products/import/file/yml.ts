import { SaxesParser, type SaxesTagPlain } from 'saxes'
import { decodeXml } from './decode.ts'
import { IMPORT_MESSAGES as M } from './messages.ts'
import { OfferCollector, type RawOffer } from './offers.ts'
import { checkFileSize, refuseFile } from './refusal.ts'
import type { FileCategory, ImportResult } from './types.ts'

/**
 * Yandex Market's YML: `yml_catalog/shop/categories/category` and `yml_catalog/shop/offers/offer`.
 * Read with saxes, a streaming parser that tracks lines and never fetches or expands anything
 * from a DTD; a DOCTYPE that declares entities or an internal subset is refused all the same,
 * so a file that relies on one gets a clear message instead of a half-read catalogue.
 */

/** Thrown from the parser's handlers to stop reading; never leaves this module. */
class Refusal extends Error {}

// Depths of the elements we read: yml_catalog 0, shop 1, categories/offers 2, category/offer 3.
const ITEM_DEPTH = 3
const FIELD_DEPTH = 4

interface OpenField {
  name: string
  attributes: Record<string, string>
  text: string
}

interface OpenOffer extends RawOffer {
  id?: string
  vendorCode?: string
  typePrefix?: string
}

function escapeText(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')
}

function setField(offer: OpenOffer, field: OpenField): void {
  const text = field.text
  switch (field.name) {
    case 'name':
      offer.title = text
      break
    case 'vendor':
      offer.brand = text
      break
    case 'model':
      offer.model = text
      break
    case 'vendorCode':
      offer.vendorCode = text
      break
    case 'typePrefix':
      offer.typePrefix = text
      break
    case 'price':
      offer.price = text
      break
    case 'currencyId':
      offer.currency = text
      break
    case 'categoryId':
      offer.category = text
      break
    case 'vat':
      offer.vat = text
      break
    case 'picture':
      offer.pictures.push(text)
      break
    case 'description':
      offer.description = text
      break
    case 'warranty-days':
      offer.warranty = text
      offer.warrantyInDays = true
      break
    case 'barcode':
      // Yandex allows several; the first names the model.
      offer.gtin ??= text
      break
    case 'min-quantity':
      offer.minOrder = text
      break
    case 'param':
      offer.params.push({ name: field.attributes.name ?? '', unit: field.attributes.unit, value: text })
      break
  }
}

function finishOffer(offer: OpenOffer): RawOffer {
  const sku = offer.vendorCode?.trim() || offer.id
  // The vendor.model type has no name: the title is made of its parts.
  const title = offer.title?.trim() || [offer.typePrefix, offer.brand, offer.model].filter(Boolean).join(' ')
  return { ...offer, sku, title }
}

/** How far a parser got: characters of the file read so far, of all of them. */
export type ParseProgress = (done: number, total: number) => void

/** The SAX parser takes the text in pieces of this many characters, reporting after each. */
const PIECE = 256 * 1024

export function parseYml(bytes: Uint8Array, onProgress?: ParseProgress): ImportResult {
  const tooLarge = checkFileSize(bytes)
  if (tooLarge) return tooLarge
  const decoded = decodeXml(bytes)
  if (decoded.error !== undefined) return refuseFile(decoded.error)
  return parseYmlText(decoded.text, onProgress)
}

export function parseYmlText(text: string, onProgress?: ParseProgress): ImportResult {
  const parser = new SaxesParser<{ xmlns: false; position: true }>({ xmlns: false, position: true })
  const categories: FileCategory[] = []
  const collector = new OfferCollector()
  const stack: string[] = []
  let tagLine = 1
  let sawRoot = false
  let offer: OpenOffer | undefined
  let field: OpenField | undefined
  let category: { id?: string; parentId?: string; line: number; text: string } | undefined

  parser.on('doctype', (doctype) => {
    // `<!DOCTYPE yml_catalog SYSTEM "shops.dtd">` of old Yandex examples names a DTD nobody
    // fetches; anything with an internal subset could declare entities.
    if (/[[<]|ENTITY/i.test(doctype)) throw new Refusal(M.doctype)
  })
  parser.on('opentagstart', () => {
    tagLine = parser.line
  })
  parser.on('opentag', (tag: SaxesTagPlain) => {
    const depth = stack.length
    stack.push(tag.name)
    if (depth === 0) {
      if (tag.name !== 'yml_catalog') throw new Refusal(M.notYml)
      sawRoot = true
    }
    const parent = stack[depth - 1]
    if (depth === ITEM_DEPTH && tag.name === 'category' && parent === 'categories') {
      category = { id: tag.attributes.id, parentId: tag.attributes.parentId, line: tagLine, text: '' }
    } else if (depth === ITEM_DEPTH && tag.name === 'offer' && parent === 'offers') {
      offer = { line: tagLine, id: tag.attributes.id, available: tag.attributes.available, params: [], pictures: [] }
    } else if (offer && depth === FIELD_DEPTH) {
      field = { name: tag.name, attributes: tag.attributes, text: '' }
    } else if (field?.name === 'description') {
      // A description written as XML elements rather than CDATA: keep it as HTML.
      field.text += `<${tag.name}>`
    }
  })
  const onText = (text: string) => {
    if (field) field.text += stack.length > FIELD_DEPTH + 1 ? escapeText(text) : text
    else if (category && stack.length === FIELD_DEPTH) category.text += text
  }
  parser.on('text', onText)
  parser.on('cdata', onText)
  parser.on('closetag', (tag: SaxesTagPlain) => {
    stack.pop()
    const depth = stack.length
    if (offer && depth === FIELD_DEPTH && field) {
      setField(offer, field)
      field = undefined
    } else if (field?.name === 'description' && depth > FIELD_DEPTH) {
      field.text += `</${tag.name}>`
    } else if (offer && depth === ITEM_DEPTH) {
      if (!collector.add(finishOffer(offer))) throw new Refusal(OfferCollector.tooManyOffers().message)
      offer = undefined
    } else if (category && depth === ITEM_DEPTH) {
      const name = category.text.replace(/\s+/g, ' ').trim()
      if (!category.id?.trim())
        collector.errors.push({ line: category.line, message: M.atLine(category.line, M.categoryWithoutId) })
      else
        categories.push({
          id: category.id.trim(),
          ...(category.parentId?.trim() ? { parentId: category.parentId.trim() } : {}),
          name,
        })
      category = undefined
    }
  })

  try {
    for (let at = 0; at < text.length; at += PIECE) {
      parser.write(text.slice(at, at + PIECE))
      onProgress?.(Math.min(at + PIECE, text.length), text.length)
    }
    parser.close()
  } catch (error) {
    if (error instanceof Refusal) return refuseFile(error.message)
    const detail = String((error as Error).message).replace(/^[^:]*:?\d+:\d+:\s*/, '')
    return refuseFile(M.atLine(parser.line, M.malformedXml(detail)), parser.line)
  }
  if (!sawRoot) return refuseFile(M.notYml)
  if (collector.offers.length === 0 && collector.errors.length === 0)
    return { categories, offers: [], errors: [{ line: 0, message: M.noOffers }] }
  return { categories, offers: collector.offers, errors: collector.errors }
}
