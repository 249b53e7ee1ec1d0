/**
 * CommerceML files as 1С writes them for «Обмен с сайтом», for the stand-in client, the tests
 * and the benchmark: import.xml (classifier and catalogue) and offers.xml in 2.08; in 2.10 the
 * prices and stock apart, in prices.xml and rests.xml. Written as a stream of text pieces, so a
 * catalogue of 50 000 goods is never held whole.
 */

export type CmlVersion = '2.08' | '2.10'

export interface StandInGroup {
  id: string
  name: string
  parentId?: string
}

export interface StandInGood {
  id: string
  article: string
  title: string
  groupId: string
  brand?: string
  description?: string
  /** «22», «10», «Без НДС». */
  vat?: string
  barcode?: string
  /** Pictures' paths inside the archive. */
  pictures?: string[]
  /** Characteristics by name. */
  params?: Record<string, string>
  deleted?: boolean
  /** Prices by the price type's id, in roubles («1234.50»). */
  prices?: Record<string, string>
  /** Per warehouse id. */
  stock?: Record<string, number>
}

export interface StandInCatalog {
  version: CmlVersion
  groups: StandInGroup[]
  priceTypes: { id: string; name: string }[]
  warehouses: { id: string; name: string }[]
  /** Goods, as a list or as a generator (the benchmark's 50 000). */
  goods: () => Iterable<StandInGood>
  changesOnly?: boolean
  /** A fixed date for the files' header: the same catalogue gives the same bytes. */
  at?: string
}

const CLASSIFIER_ID = 'bd72d8f9-0c1d-11e4-8e6b-0050569c1d11'
const CATALOG_ID = `${CLASSIFIER_ID}#`

export function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')
}

function header(catalog: StandInCatalog): string {
  return `<?xml version="1.0" encoding="UTF-8"?>\n<КоммерческаяИнформация xmlns="urn:1C.ru:commerceml_2" xmlns:xs="http://www.w3.org/2001/XMLSchema" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" ВерсияСхемы="${catalog.version}" ДатаФормирования="${catalog.at ?? '2026-12-01T09:00:00'}">\n`
}

function groupXml(groups: StandInGroup[], parentId: string | undefined): string {
  const own = groups.filter((g) => g.parentId === parentId)
  if (!own.length) return ''
  return `<Группы>${own
    .map(
      (g) =>
        `<Группа><Ид>${escapeXml(g.id)}</Ид><Наименование>${escapeXml(g.name)}</Наименование>${groupXml(groups, g.id)}</Группа>`,
    )
    .join('')}</Группы>`
}

function goodXml(good: StandInGood, propertyIds: Map<string, string>): string {
  const params = Object.entries(good.params ?? {})
    .map(
      ([name, value]) =>
        `<ЗначенияСвойства><Ид>${propertyIds.get(name)}</Ид><Значение>${escapeXml(value)}</Значение></ЗначенияСвойства>`,
    )
    .join('')
  return [
    `<Товар${good.deleted ? ' Статус="Удален"' : ''}>`,
    `<Ид>${escapeXml(good.id)}</Ид>`,
    good.barcode ? `<Штрихкод>${good.barcode}</Штрихкод>` : '',
    `<Артикул>${escapeXml(good.article)}</Артикул>`,
    `<Наименование>${escapeXml(good.title)}</Наименование>`,
    `<БазоваяЕдиница Код="796" НаименованиеПолное="Штука" МеждународноеСокращение="PCE">шт</БазоваяЕдиница>`,
    `<Группы><Ид>${escapeXml(good.groupId)}</Ид></Группы>`,
    good.description ? `<Описание>${escapeXml(good.description)}</Описание>` : '',
    ...(good.pictures ?? []).map((p) => `<Картинка>${escapeXml(p)}</Картинка>`),
    good.brand
      ? `<Изготовитель><Ид>${escapeXml(good.brand)}</Ид><Наименование>${escapeXml(good.brand)}</Наименование></Изготовитель>`
      : '',
    params ? `<ЗначенияСвойств>${params}</ЗначенияСвойств>` : '',
    good.vat
      ? `<СтавкиНалогов><СтавкаНалога><Наименование>НДС</Наименование><Ставка>${escapeXml(good.vat)}</Ставка></СтавкаНалога></СтавкиНалогов>`
      : '',
    `<ЗначенияРеквизитов><ЗначениеРеквизита><Наименование>ВидНоменклатуры</Наименование><Значение>Товар</Значение></ЗначениеРеквизита>`,
    `<ЗначениеРеквизита><Наименование>Полное наименование</Наименование><Значение>${escapeXml(good.title)}</Значение></ЗначениеРеквизита></ЗначенияРеквизитов>`,
    `</Товар>\n`,
  ].join('')
}

/** Property ids by name: stable, so the same catalogue gives the same file. */
function propertiesOf(catalog: StandInCatalog): Map<string, string> {
  const names = new Set<string>()
  let seen = 0
  for (const good of catalog.goods()) {
    for (const name of Object.keys(good.params ?? {})) names.add(name)
    // The properties are declared before the goods: the first thousand goods name them all.
    if (++seen >= 1000) break
  }
  return new Map([...names].map((name, i) => [name, `prop-${i + 1}`]))
}

export function* importXml(catalog: StandInCatalog): Generator<string> {
  const properties = propertiesOf(catalog)
  yield header(catalog)
  yield `<Классификатор><Ид>${CLASSIFIER_ID}</Ид><Наименование>Классификатор (Основной каталог товаров)</Наименование>`
  yield groupXml(catalog.groups, undefined)
  yield `<Свойства>${[...properties]
    .map(
      ([name, id]) =>
        `<Свойство><Ид>${id}</Ид><Наименование>${escapeXml(name)}</Наименование><ТипЗначений>Строка</ТипЗначений></Свойство>`,
    )
    .join('')}</Свойства>`
  yield `</Классификатор>\n`
  const changesOnly = catalog.changesOnly ? 'true' : 'false'
  yield catalog.version === '2.08'
    ? `<Каталог СодержитТолькоИзменения="${changesOnly}">`
    : `<Каталог><СодержитТолькоИзменения>${changesOnly}</СодержитТолькоИзменения>`
  yield `<Ид>${CATALOG_ID}</Ид><ИдКлассификатора>${CLASSIFIER_ID}</ИдКлассификатора><Наименование>Основной каталог товаров</Наименование><Товары>\n`
  let piece = ''
  for (const good of catalog.goods()) {
    piece += goodXml(good, properties)
    if (piece.length > 64 * 1024) {
      yield piece
      piece = ''
    }
  }
  yield `${piece}</Товары></Каталог></КоммерческаяИнформация>\n`
}

function packageStart(catalog: StandInCatalog, withTypes: boolean, withWarehouses: boolean): string {
  const changesOnly = catalog.changesOnly ? 'true' : 'false'
  return [
    header(catalog),
    `<ПакетПредложений СодержитТолькоИзменения="${changesOnly}"><Ид>${CATALOG_ID}#</Ид><Наименование>Пакет предложений</Наименование>`,
    `<ИдКаталога>${CATALOG_ID}</ИдКаталога><ИдКлассификатора>${CLASSIFIER_ID}</ИдКлассификатора>`,
    withTypes
      ? `<ТипыЦен>${catalog.priceTypes
          .map(
            (t) =>
              `<ТипЦены><Ид>${escapeXml(t.id)}</Ид><Наименование>${escapeXml(t.name)}</Наименование><Валюта>RUB</Валюта><Налог><Наименование>НДС</Наименование><УчтеноВСумме>true</УчтеноВСумме></Налог></ТипЦены>`,
          )
          .join('')}</ТипыЦен>`
      : '',
    withWarehouses
      ? `<Склады>${catalog.warehouses
          .map((w) => `<Склад><Ид>${escapeXml(w.id)}</Ид><Наименование>${escapeXml(w.name)}</Наименование></Склад>`)
          .join('')}</Склады>`
      : '',
    `<Предложения>\n`,
  ].join('')
}

const pricesXml = (good: StandInGood) =>
  `<Цены>${Object.entries(good.prices ?? {})
    .map(
      ([typeId, value]) =>
        `<Цена><Представление>${value} RUB за шт</Представление><ИдТипаЦены>${escapeXml(typeId)}</ИдТипаЦены><ЦенаЗаЕдиницу>${value}</ЦенаЗаЕдиницу><Валюта>RUB</Валюта><Единица>шт</Единица><Коэффициент>1</Коэффициент></Цена>`,
    )
    .join('')}</Цены>`

function* offersOf(catalog: StandInCatalog, body: (good: StandInGood) => string): Generator<string> {
  let piece = ''
  for (const good of catalog.goods()) {
    if (good.deleted) continue
    piece += `<Предложение><Ид>${escapeXml(good.id)}</Ид><Артикул>${escapeXml(good.article)}</Артикул><Наименование>${escapeXml(good.title)}</Наименование>${body(good)}</Предложение>\n`
    if (piece.length > 64 * 1024) {
      yield piece
      piece = ''
    }
  }
  yield `${piece}</Предложения></ПакетПредложений></КоммерческаяИнформация>\n`
}

const total = (good: StandInGood) => Object.values(good.stock ?? {}).reduce((a, b) => a + b, 0)

/** 2.08's offers.xml: prices and stock per warehouse together. */
export function* offersXml(catalog: StandInCatalog): Generator<string> {
  yield packageStart(catalog, true, true)
  yield* offersOf(
    catalog,
    (good) =>
      `${pricesXml(good)}<Количество>${total(good)}</Количество>${Object.entries(good.stock ?? {})
        .map(([id, n]) => `<Склад ИдСклада="${escapeXml(id)}" КоличествоНаСкладе="${n}"/>`)
        .join('')}`,
  )
}

/** 2.10's offers.xml: the offers alone, their prices and stock come apart. */
export function* offersOnlyXml(catalog: StandInCatalog): Generator<string> {
  yield packageStart(catalog, false, false)
  yield* offersOf(catalog, () => '')
}

/** 2.10's prices.xml. */
export function* pricesFileXml(catalog: StandInCatalog): Generator<string> {
  yield packageStart(catalog, true, false)
  yield* offersOf(catalog, pricesXml)
}

/** 2.10's rests.xml: stock per warehouse. */
export function* restsXml(catalog: StandInCatalog): Generator<string> {
  yield packageStart(catalog, false, false)
  yield* offersOf(
    catalog,
    (good) =>
      `<Остатки>${Object.entries(good.stock ?? {})
        .map(([id, n]) => `<Остаток><Склад><Ид>${escapeXml(id)}</Ид><Количество>${n}</Количество></Склад></Остаток>`)
        .join('')}</Остатки>`,
  )
}

/** The files of one catalogue exchange in the order 1С imports them. */
export function catalogFiles(catalog: StandInCatalog): { name: string; text: () => Generator<string> }[] {
  return catalog.version === '2.08'
    ? [
        { name: 'import.xml', text: () => importXml(catalog) },
        { name: 'offers.xml', text: () => offersXml(catalog) },
      ]
    : [
        { name: 'import.xml', text: () => importXml(catalog) },
        { name: 'offers.xml', text: () => offersOnlyXml(catalog) },
        { name: 'prices.xml', text: () => pricesFileXml(catalog) },
        { name: 'rests.xml', text: () => restsXml(catalog) },
      ]
}

/** 1С's answer about orders: each document with what happened to it. */
export function orderChangesXml(
  changes: { id: string; number: string; paid?: boolean; shipped?: string; cancelled?: string }[],
): string {
  const docs = changes.map((c) => {
    const values: [string, string][] = [
      ['Заказ оплачен', c.paid ? 'true' : 'false'],
      ['Отменен', c.cancelled ? 'true' : 'false'],
      ...(c.shipped
        ? ([
            ['Номер отгрузки по 1С', c.shipped],
            ['Дата отгрузки по 1С', '2026-12-02'],
          ] as [string, string][])
        : []),
      ...(c.cancelled ? ([['Причина отмены', c.cancelled]] as [string, string][]) : []),
    ]
    return `<Документ><Ид>${c.id}</Ид><Номер>${escapeXml(c.number)}</Номер><Дата>2026-12-01</Дата><ХозОперация>Заказ товара</ХозОперация><Роль>Продавец</Роль><Валюта>RUB</Валюта><ЗначенияРеквизитов>${values
      .map(
        ([n, v]) =>
          `<ЗначениеРеквизита><Наименование>${n}</Наименование><Значение>${escapeXml(v)}</Значение></ЗначениеРеквизита>`,
      )
      .join('')}</ЗначенияРеквизитов></Документ>`
  })
  return `<?xml version="1.0" encoding="UTF-8"?>\n<КоммерческаяИнформация ВерсияСхемы="2.08" ДатаФормирования="2026-12-02T10:00:00">${docs.join('')}</КоммерческаяИнформация>\n`
}
