/**
 * The columns of a catalogue CSV: the import reads them in Russian or English, the export
 * (feeds/csv.ts) writes the Russian names, so an exported file imports back as it was.
 */
export const CSV_COLUMNS = {
  sku: 'Артикул',
  title: 'Название',
  brand: 'Бренд',
  model: 'Модель',
  category: 'Категория',
  price: 'Цена',
  vat: 'НДС',
  available: 'Наличие',
  description: 'Описание',
  pictures: 'Фото',
  leadTime: 'Срок поставки, дней',
  stock: 'Остаток, шт',
  areas: 'Сферы применения',
  warranty: 'Гарантия, мес',
  minOrder: 'Минимальный заказ, шт',
  deliveryRegions: 'Регионы доставки',
  partNumber: 'Партномер (P/N)',
  gtin: 'GTIN',
} as const
export type CsvColumn = keyof typeof CSV_COLUMNS
