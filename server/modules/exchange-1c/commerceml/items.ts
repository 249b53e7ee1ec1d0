import { type CmlNode, child, children, childText } from './reader.ts'

/**
 * CommerceML's elements as plain records: what the exchange does with a group, a good, a price
 * type, a warehouse, an offer or an order's document. Versions differ in where they put a field
 * (an attribute in 2.08, an element in 2.04; prices and stock in one file or in prices.xml and
 * rests.xml in 2.10); every place is read here, so the rest of the exchange sees one shape.
 */

export interface CmlGroup {
  id: string
  parentId?: string
  name: string
}

export interface CmlProperty {
  id: string
  name: string
  /** A reference book's values by their ids («Справочник»). */
  values: Map<string, string>
}

export interface CmlGood {
  line: number
  /** 1С's `Ид` of the good; a characteristic's suffix («#…») is not part of it. */
  id: string
  article: string
  title: string
  groupId: string
  description: string
  brand: string
  /** Paths of pictures inside the exchange's files («import_files/ab/abcd.jpg»). */
  pictures: string[]
  barcode: string
  /** The VAT rate as 1С writes it («22», «Без НДС»); '' when not given. */
  vat: string
  /** Marked for deletion in 1С. */
  deleted: boolean
  params: { name: string; value: string }[]
}

export interface CmlPriceType {
  id: string
  name: string
  currency: string
}

export interface CmlOffer {
  line: number
  goodId: string
  prices: { typeId: string; value: string; currency: string }[]
  /** `Количество` when given: the stock over all warehouses. */
  quantity?: string
  /** Per warehouse, when given. */
  warehouses: { id: string; quantity: string }[]
}

/** The good's id without a characteristic's suffix: «<good>#<characteristic>». */
export function goodIdOf(id: string): string {
  return id.split('#')[0]!.trim()
}

/** The groups of the classifier with their parents, nested groups flattened. */
export function groupsOf(node: CmlNode, parentId?: string): CmlGroup[] {
  const id = childText(node, 'Ид')
  if (!id) return []
  const own: CmlGroup = { id, name: childText(node, 'Наименование') || id, ...(parentId && { parentId }) }
  const nested = children(child(node, 'Группы'), 'Группа').flatMap((g) => groupsOf(g, id))
  return [own, ...nested]
}

export function propertyOf(node: CmlNode): CmlProperty | null {
  const id = childText(node, 'Ид')
  if (!id) return null
  const values = new Map<string, string>()
  for (const item of children(child(node, 'ВариантыЗначений'), 'Справочник'))
    values.set(childText(item, 'ИдЗначения'), childText(item, 'Значение'))
  return { id, name: childText(node, 'Наименование') || id, values }
}

/** A requisite's value by its name («Полное наименование», «ВидНоменклатуры»). */
function requisite(node: CmlNode, name: string): string {
  const found = children(child(node, 'ЗначенияРеквизитов'), 'ЗначениеРеквизита').find(
    (r) => childText(r, 'Наименование').toLowerCase() === name.toLowerCase(),
  )
  return found ? childText(found, 'Значение') : ''
}

export function goodOf(node: CmlNode, properties: Map<string, CmlProperty>): CmlGood {
  const status = (node.attrs['Статус'] ?? childText(node, 'Статус')).toLowerCase()
  const deleted = childText(node, 'ПометкаУдаления').toLowerCase() === 'true' || status === 'удален'
  const vatNode = children(child(node, 'СтавкиНалогов'), 'СтавкаНалога').find(
    (t) => childText(t, 'Наименование').toUpperCase() === 'НДС',
  )
  const params: CmlGood['params'] = []
  let brand = childText(child(node, 'Изготовитель'), 'Наименование')
  for (const value of children(child(node, 'ЗначенияСвойств'), 'ЗначенияСвойства')) {
    const property = properties.get(childText(value, 'Ид'))
    const raw = childText(value, 'Значение')
    const text = property?.values.get(raw) ?? raw
    const name = property?.name ?? childText(value, 'Наименование')
    if (!name || !text) continue
    if (!brand && /^(бренд|производитель|марка)$/i.test(name)) brand = text
    params.push({ name, value: text })
  }
  return {
    line: node.line,
    id: goodIdOf(childText(node, 'Ид')),
    article: childText(node, 'Артикул'),
    title: requisite(node, 'Полное наименование') || childText(node, 'Наименование'),
    groupId: childText(child(node, 'Группы'), 'Ид'),
    description: childText(node, 'Описание'),
    brand,
    pictures: children(node, 'Картинка')
      .map((p) => p.text.trim())
      .filter(Boolean),
    barcode: childText(node, 'Штрихкод'),
    vat: childText(vatNode, 'Ставка'),
    deleted,
    params,
  }
}

export function priceTypeOf(node: CmlNode): CmlPriceType | null {
  const id = childText(node, 'Ид')
  return id ? { id, name: childText(node, 'Наименование') || id, currency: childText(node, 'Валюта') } : null
}

export function warehouseOf(node: CmlNode): { id: string; name: string } | null {
  const id = childText(node, 'Ид')
  return id ? { id, name: childText(node, 'Наименование') || id } : null
}

export function offerOf(node: CmlNode): CmlOffer {
  const warehouses: CmlOffer['warehouses'] = []
  // 2.08: <Склад ИдСклада="…" КоличествоНаСкладе="…"/>.
  for (const s of children(node, 'Склад'))
    if (s.attrs['ИдСклада'])
      warehouses.push({ id: s.attrs['ИдСклада'], quantity: s.attrs['КоличествоНаСкладе'] ?? '0' })
  // 2.10's rests.xml: <Остатки><Остаток><Склад><Ид/><Количество/></Склад></Остаток></Остатки>.
  let quantity = childText(node, 'Количество') || undefined
  for (const rest of children(child(node, 'Остатки'), 'Остаток')) {
    const store = child(rest, 'Склад')
    if (store) warehouses.push({ id: childText(store, 'Ид'), quantity: childText(store, 'Количество') || '0' })
    else quantity ??= childText(rest, 'Количество') || undefined
  }
  return {
    line: node.line,
    goodId: goodIdOf(childText(node, 'Ид')),
    prices: children(child(node, 'Цены'), 'Цена').map((p) => ({
      typeId: childText(p, 'ИдТипаЦены'),
      value: childText(p, 'ЦенаЗаЕдиницу'),
      currency: childText(p, 'Валюта'),
    })),
    ...(quantity !== undefined && { quantity }),
    warehouses,
  }
}
