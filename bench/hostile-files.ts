/** The files `bench:hostile` uploads: what the probe of 2026-11-28 sent, and an ordinary big catalogue. */

const CATEGORIES =
  '<categories><category id="1">Беспилотники</category><category id="2" parentId="1">Квадрокоптеры</category></categories>'

function yml(offers: string): Buffer {
  return Buffer.from(
    `<?xml version="1.0" encoding="UTF-8"?>\n<yml_catalog date="2026-11-28T10:00+03:00"><shop><name>Бенч</name>${CATEGORIES}<offers>\n${offers}\n</offers></shop></yml_catalog>\n`,
  )
}

/** 240 KB of YML: one offer whose CDATA description is 80 000 unclosed `<b>`; and the same as CSV. */
export function generateHostileYml(): [string, Buffer][] {
  const tags = '<b>'.repeat(80_000)
  const offer = `<offer id="h1"><name>Дрон</name><price>100000</price><categoryId>2</categoryId><description><![CDATA[${tags}]]></description></offer>`
  const csv = `Артикул;Название;Цена;Описание\nH-1;Дрон;100000;"${tags}"\n`
  return [
    ['hostile.yml', yml(offer)],
    ['hostile.csv', Buffer.from(csv)],
  ]
}

/** An ordinary distributor's export of 5 000 offers, about 7.5 MB: long descriptions, characteristics. */
export function generateLargeYml(count = 5_000): Buffer {
  const paragraph =
    'Комплекс для аэрофотосъёмки и мониторинга: защищённый кейс, две батареи, пульт с экраном, зарядная станция, запасные винты и документация на русском языке. '
  const offers: string[] = []
  for (let i = 1; i <= count; i++) {
    offers.push(`<offer id="b${i}" available="true"><price>${100_000 + (i % 997) * 1000}</price><currencyId>RUR</currencyId><categoryId>2</categoryId>
<name>Квадрокоптер Бенч ${i}</name><vendor>Бенч</vendor><vendorCode>BENCH-${i}</vendorCode><model>Б-${i}</model><vat>VAT_22</vat>
<description><![CDATA[<p>${paragraph.repeat(3)}</p><ul><li>кейс</li><li>две батареи</li><li>пульт</li></ul>]]></description>
<param name="Максимальная взлётная масса" unit="кг">${(1 + (i % 40) / 10).toFixed(1).replace('.', ',')}</param>
<param name="Время полёта" unit="мин">${20 + (i % 40)}</param>
<param name="Дальность полёта" unit="км">${5 + (i % 20)}</param>
<param name="Страна производства">Россия</param>
</offer>`)
  }
  return yml(offers.join('\n'))
}
