import { SaxesParser, type SaxesTagPlain } from 'saxes'
import { CML_MESSAGES as M } from './messages.ts'

/**
 * A streaming reader of CommerceML 2 (versions 2.03 to 2.10): the text goes in as it arrives, and
 * each element we act on (a group, a property, a good, a price type, a warehouse, an offer, an
 * order's document) comes out as a small tree once it closes. Nothing else of the file is kept,
 * so a catalogue of any size is read in the memory of one of its goods. saxes never fetches or
 * expands anything from a DTD; a DOCTYPE that declares entities is refused all the same (XXE).
 */

/** One element as read: its attributes, its own text and its children, with the line it starts on. */
export interface CmlNode {
  name: string
  attrs: Record<string, string>
  text: string
  children: CmlNode[]
  line: number
}

export type CmlItemKind = 'group' | 'property' | 'good' | 'priceType' | 'warehouse' | 'offer' | 'document'

export interface CmlHandlers {
  item(kind: CmlItemKind, node: CmlNode): void
  /** `СодержитТолькоИзменения` of the catalogue or the offers' package, as an attribute or element. */
  changesOnly?(value: boolean): void
}

/** Thrown with a message for 1С's user; the reader stops at the first. */
export class CmlRefusal extends Error {}

const ROOT = 'КоммерческаяИнформация'

/** Items by the path of their parent under the root. */
const ITEMS: Record<string, CmlItemKind> = {
  'Классификатор/Группы/Группа': 'group',
  'Классификатор/Свойства/Свойство': 'property',
  'Каталог/Товары/Товар': 'good',
  'ПакетПредложений/ТипыЦен/ТипЦены': 'priceType',
  'ПакетПредложений/Склады/Склад': 'warehouse',
  'ПакетПредложений/Предложения/Предложение': 'offer',
  // 2.10 and later send a classifier's groups and the warehouses beside the catalogue, too.
  'Классификатор/Склады/Склад': 'warehouse',
  'Классификатор/ТипыЦен/ТипЦены': 'priceType',
  Документ: 'document',
  'Контейнер/Документ': 'document',
}
const PACKAGES = new Set(['Каталог', 'ПакетПредложений'])

/** One item's text above this is not a good but an attack or a broken file. */
const MAX_ITEM_CHARS = 4 * 1024 * 1024

function isTrue(text: string | undefined): boolean {
  return (text ?? '').trim().toLowerCase() === 'true'
}

export function createCmlReader(handlers: CmlHandlers) {
  const parser = new SaxesParser<{ xmlns: false; position: true }>({ xmlns: false, position: true })
  const path: string[] = []
  // The element being collected and its open descendants, innermost last.
  const open: CmlNode[] = []
  let itemKind: CmlItemKind | null = null
  let itemChars = 0
  let tagLine = 1
  let sawRoot = false

  parser.on('doctype', (doctype) => {
    if (/[[<]|ENTITY/i.test(doctype)) throw new CmlRefusal(M.doctype)
  })
  parser.on('opentagstart', () => {
    tagLine = parser.line
  })
  parser.on('opentag', (tag: SaxesTagPlain) => {
    if (path.length === 0) {
      if (tag.name !== ROOT) throw new CmlRefusal(M.notCommerceMl(tag.name))
      sawRoot = true
    }
    const under = path.slice(1).join('/')
    path.push(tag.name)
    if (open.length) {
      const node: CmlNode = { name: tag.name, attrs: tag.attributes, text: '', children: [], line: tagLine }
      open.at(-1)!.children.push(node)
      open.push(node)
      return
    }
    const kind = ITEMS[under ? `${under}/${tag.name}` : tag.name]
    if (kind) {
      itemKind = kind
      itemChars = 0
      open.push({ name: tag.name, attrs: tag.attributes, text: '', children: [], line: tagLine })
    } else if (path.length === 2 && PACKAGES.has(tag.name) && tag.attributes['СодержитТолькоИзменения'] !== undefined) {
      handlers.changesOnly?.(isTrue(tag.attributes['СодержитТолькоИзменения']))
    }
  })
  let packageFlag: string | null = null
  const onText = (text: string) => {
    if (open.length) {
      itemChars += text.length
      if (itemChars > MAX_ITEM_CHARS) throw new CmlRefusal(M.itemTooLarge(tagLine))
      open.at(-1)!.text += text
    } else if (path.length === 3 && PACKAGES.has(path[1]!) && path[2] === 'СодержитТолькоИзменения') {
      packageFlag = (packageFlag ?? '') + text
    }
  }
  parser.on('text', onText)
  parser.on('cdata', onText)
  parser.on('closetag', () => {
    if (packageFlag !== null && path.length === 3) {
      handlers.changesOnly?.(isTrue(packageFlag))
      packageFlag = null
    }
    path.pop()
    if (!open.length) return
    const node = open.pop()!
    if (!open.length) handlers.item(itemKind!, node)
  })

  function fail(error: unknown): never {
    if (error instanceof CmlRefusal) throw error
    const detail = String((error as Error).message).replace(/^[^:]*:?\d+:\d+:\s*/, '')
    throw new CmlRefusal(M.malformed(parser.line, detail))
  }

  return {
    write(text: string) {
      try {
        parser.write(text)
      } catch (error) {
        fail(error)
      }
    },
    close() {
      try {
        parser.close()
      } catch (error) {
        fail(error)
      }
      if (!sawRoot) throw new CmlRefusal(M.notCommerceMl(''))
    },
  }
}

/** The text of a child by its name (the first), trimmed; '' when there is none. */
export function childText(node: CmlNode | undefined, name: string): string {
  return node?.children.find((c) => c.name === name)?.text.trim() ?? ''
}

export function child(node: CmlNode | undefined, name: string): CmlNode | undefined {
  return node?.children.find((c) => c.name === name)
}

export function children(node: CmlNode | undefined, name: string): CmlNode[] {
  return node?.children.filter((c) => c.name === name) ?? []
}
