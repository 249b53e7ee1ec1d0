import { describe, expect, it } from 'vitest'
import { catalogFiles, type StandInCatalog } from '../stand-in/files.ts'
import { goodOf, groupsOf, offerOf, priceTypeOf } from './items.ts'
import { orderChangeOf } from './orders.ts'
import { readCmlStream } from './read-stream.ts'
import { CmlRefusal, type CmlItemKind, type CmlNode } from './reader.ts'

const catalog = (version: '2.08' | '2.10'): StandInCatalog => ({
  version,
  groups: [
    { id: 'g-drones', name: 'Беспилотники' },
    { id: 'g-quads', name: 'Квадрокоптеры', parentId: 'g-drones' },
  ],
  priceTypes: [
    { id: 'pt-retail', name: 'Розничная' },
    { id: 'pt-opt', name: 'Оптовая' },
  ],
  warehouses: [
    { id: 'w-msk', name: 'Москва' },
    { id: 'w-spb', name: 'Санкт-Петербург' },
  ],
  goods: () => [
    {
      id: 'good-1#char-9',
      article: 'Q-1',
      title: 'Квадрокоптер «Сокол» <проф>',
      groupId: 'g-quads',
      brand: 'Аэроскан',
      vat: '22',
      description: 'Лёгкий квадрокоптер & камера',
      pictures: ['import_files/ab/q1.jpg'],
      params: { 'Максимальная взлётная масса, кг': '2,5' },
      prices: { 'pt-retail': '125000.50', 'pt-opt': '110000' },
      stock: { 'w-msk': 3, 'w-spb': 2 },
    },
  ],
})

async function readAll(text: string, encoding: 'utf-8' | 'windows-1251' = 'utf-8') {
  const items: { kind: CmlItemKind; node: CmlNode }[] = []
  let changesOnly: boolean | undefined
  const bytes =
    encoding === 'utf-8'
      ? new TextEncoder().encode(text)
      : Buffer.from((await import('iconv-lite')).default.encode(text, 'win1251'))
  async function* pieces() {
    // Cut into small pieces, characters split across them.
    for (let at = 0; at < bytes.length; at += 7) yield bytes.subarray(at, at + 7)
  }
  await readCmlStream(pieces(), {
    item: (kind, node) => items.push({ kind, node }),
    changesOnly: (value) => (changesOnly = value),
  })
  return { items, changesOnly }
}

const textOf = (gen: () => Iterable<string>) => [...gen()].join('')

describe('the CommerceML reader', () => {
  for (const version of ['2.08', '2.10'] as const) {
    it(`reads ${version}'s groups, goods, price types and offers as 1С writes them`, async () => {
      const files = catalogFiles(catalog(version))
      const imported = await readAll(textOf(files[0]!.text))
      expect(imported.changesOnly).toBe(false)
      const groups = imported.items.filter((i) => i.kind === 'group').flatMap((i) => groupsOf(i.node))
      expect(groups).toEqual([
        { id: 'g-drones', name: 'Беспилотники' },
        { id: 'g-quads', name: 'Квадрокоптеры', parentId: 'g-drones' },
      ])
      const properties = new Map([
        ['prop-1', { id: 'prop-1', name: 'Максимальная взлётная масса, кг', values: new Map() }],
      ])
      const [good] = imported.items.filter((i) => i.kind === 'good').map((i) => goodOf(i.node, properties))
      expect(good).toMatchObject({
        id: 'good-1',
        article: 'Q-1',
        title: 'Квадрокоптер «Сокол» <проф>',
        groupId: 'g-quads',
        brand: 'Аэроскан',
        vat: '22',
        description: 'Лёгкий квадрокоптер & камера',
        pictures: ['import_files/ab/q1.jpg'],
        params: [{ name: 'Максимальная взлётная масса, кг', value: '2,5' }],
        deleted: false,
      })

      // 2.08 gives prices and stock in offers.xml; 2.10 in prices.xml and rests.xml.
      const offerFiles = version === '2.08' ? [files[1]!] : [files[2]!, files[3]!]
      const offers = []
      const types = []
      for (const file of offerFiles) {
        const read = await readAll(textOf(file.text))
        types.push(...read.items.filter((i) => i.kind === 'priceType').map((i) => priceTypeOf(i.node)))
        offers.push(...read.items.filter((i) => i.kind === 'offer').map((i) => offerOf(i.node)))
      }
      expect(types.map((t) => t?.name)).toEqual(['Розничная', 'Оптовая'])
      const prices = offers.flatMap((o) => o.prices)
      expect(prices).toContainEqual({ typeId: 'pt-retail', value: '125000.50', currency: 'RUB' })
      const stock = offers.flatMap((o) => o.warehouses)
      expect(stock).toEqual([
        { id: 'w-msk', quantity: '3' },
        { id: 'w-spb', quantity: '2' },
      ])
      expect(offers.every((o) => o.goodId === 'good-1')).toBe(true)
    })
  }

  it('reads a file in windows-1251 when its prolog says so', async () => {
    const text = textOf(catalogFiles(catalog('2.08'))[0]!.text).replace('encoding="UTF-8"', 'encoding="windows-1251"')
    const { items } = await readAll(text, 'windows-1251')
    expect(
      items
        .filter((i) => i.kind === 'group')
        .flatMap((i) => groupsOf(i.node))
        .map((g) => g.name),
    ).toEqual(['Беспилотники', 'Квадрокоптеры'])
  })

  it('refuses entities (XXE), malformed XML, another root and bytes that are not UTF-8, with reasons for 1С', async () => {
    const xxe = `<?xml version="1.0"?><!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]><КоммерческаяИнформация>&e;</КоммерческаяИнформация>`
    await expect(readAll(xxe)).rejects.toThrow(/DOCTYPE/)
    await expect(readAll('<КоммерческаяИнформация><Каталог></КоммерческаяИнформация>')).rejects.toThrow(
      /Строка 1: файл повреждён/,
    )
    await expect(readAll('<yml_catalog/>')).rejects.toThrow(/Это не файл CommerceML/)
    async function* broken() {
      yield new Uint8Array([0x3c, 0x41, 0xff, 0xfe, 0x3e])
    }
    await expect(readCmlStream(broken(), { item: () => {} })).rejects.toBeInstanceOf(CmlRefusal)
  })

  it('reads what 1С says of an order: paid, shipped with its number, cancelled with the reason', async () => {
    const text = `<КоммерческаяИнформация ВерсияСхемы="2.08"><Документ><Ид>x</Ид><Номер>2612-00001</Номер><ХозОперация>Заказ товара</ХозОперация>
      <ЗначенияРеквизитов><ЗначениеРеквизита><Наименование>Заказ оплачен</Наименование><Значение>true</Значение></ЗначениеРеквизита>
      <ЗначениеРеквизита><Наименование>Номер отгрузки по 1С</Наименование><Значение>РН-17</Значение></ЗначениеРеквизита>
      <ЗначениеРеквизита><Наименование>Дата отгрузки по 1С</Наименование><Значение>2026-12-02</Значение></ЗначениеРеквизита></ЗначенияРеквизитов></Документ>
      <Контейнер><Документ><Номер>2612-00002</Номер><ЗначенияРеквизитов><ЗначениеРеквизита><Наименование>Отменен</Наименование><Значение>true</Значение></ЗначениеРеквизита>
      <ЗначениеРеквизита><Наименование>Причина отмены</Наименование><Значение>Нет на складе</Значение></ЗначениеРеквизита></ЗначенияРеквизитов></Документ></Контейнер></КоммерческаяИнформация>`
    const { items } = await readAll(text)
    expect(items.map((i) => orderChangeOf(i.node))).toEqual([
      { line: 1, number: '2612-00001', paid: true, shipped: { number: 'РН-17' }, cancelled: null },
      { line: 5, number: '2612-00002', paid: false, shipped: null, cancelled: { reason: 'Нет на складе' } },
    ])
  })
})
