import type { CsvColumn } from '../../../catalog/index.ts'

/** The names an uploaded CSV may give each of our columns (feeds/columns.ts), in Russian or English. */
const ALIASES: Record<CsvColumn, readonly string[]> = {
  sku: ['артикул', 'sku', 'vendorcode', 'vendor code', 'код товара', 'id'],
  title: ['название', 'наименование', 'название товара', 'наименование товара', 'title', 'name'],
  brand: ['бренд', 'производитель', 'марка', 'brand', 'vendor', 'manufacturer'],
  model: ['модель', 'model'],
  category: ['категория', 'раздел', 'category'],
  price: ['цена', 'цена руб', 'цена ₽', 'стоимость', 'price'],
  vat: ['ндс', 'ставка ндс', 'vat', 'vat rate'],
  available: ['наличие', 'в наличии', 'available', 'availability'],
  description: ['описание', 'description'],
  pictures: ['фото', 'фотографии', 'изображения', 'картинки', 'pictures', 'picture', 'images', 'image', 'photos'],
  leadTime: [
    'срок поставки, дней',
    'срок поставки',
    'срок поставки дни',
    'lead time',
    'lead time, days',
    'delivery days',
  ],
  stock: ['остаток, шт', 'остаток', 'количество на складе', 'на складе, шт', 'stock', 'quantity', 'stock quantity'],
  areas: ['сферы применения', 'сфера применения', 'сферы', 'areas', 'spheres'],
  warranty: ['гарантия, мес', 'гарантия', 'гарантия, месяцев', 'гарантия мес', 'warranty', 'warranty, months'],
  minOrder: ['минимальный заказ, шт', 'минимальный заказ', 'мин заказ', 'min order', 'minimum order', 'min-quantity'],
  deliveryRegions: ['регионы доставки', 'доставка', 'регионы', 'delivery regions', 'regions'],
  partNumber: [
    'партномер (p/n)',
    'партномер',
    'p/n',
    'pn',
    'part number',
    'артикул производителя',
    'код производителя',
  ],
  gtin: ['gtin', 'штрихкод', 'штрих-код', 'штрих код', 'ean', 'ean-13', 'ean13', 'barcode'],
}

export function normalizeHeader(header: string): string {
  return header
    .toLowerCase()
    .replace(/ё/g, 'е')
    .replace(/[.,:;()"«»*]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
}

const BY_ALIAS = new Map<string, CsvColumn>(
  (Object.entries(ALIASES) as [CsvColumn, readonly string[]][]).flatMap(([column, names]) =>
    names.map((name) => [normalizeHeader(name), column] as const),
  ),
)

/** Which of our columns a header names, if any; any other column is a characteristic. */
export function columnOfHeader(header: string): CsvColumn | undefined {
  return BY_ALIAS.get(normalizeHeader(header))
}

// Words after the last comma that are part of a name rather than a unit («Рабочая температура, от»).
const NOT_UNITS = new Set(['от', 'до', 'min', 'max'])

/** «Время полёта, мин» → name «Время полёта», unit «мин»; a header without a unit is all name. */
export function splitParamHeader(header: string): { name: string; unit?: string } {
  const text = header.replace(/\s+/g, ' ').trim()
  const comma = text.lastIndexOf(',')
  if (comma > 0) {
    const unit = text.slice(comma + 1).trim()
    if (unit && unit.length <= 8 && !/\s/.test(unit) && !NOT_UNITS.has(unit.toLowerCase()))
      return { name: text.slice(0, comma).trim(), unit }
  }
  return { name: text }
}
