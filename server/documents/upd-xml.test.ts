import { XMLParser } from 'fast-xml-parser'
import iconv from 'iconv-lite'
import { describe, expect, it } from 'vitest'
import { sampleUpd } from './fixtures.ts'
import { escapeOutsideWindows1251, renderUpdXml, xmlMoney } from './upd-xml.ts'

const GUID = '0f8d2c1e-3b4a-4c5d-8e9f-a0b1c2d3e4f5'
const ISSUED = new Date('2026-11-27T07:05:09Z') // 10:05:09 in Moscow

/** The file as an operator reads it: Windows-1251 bytes, every attribute and element by name. */
function read(bytes: Buffer) {
  const text = iconv.decode(bytes, 'win1251')
  const parsed = new XMLParser({
    ignoreAttributes: false,
    attributeNamePrefix: '',
    parseAttributeValue: false,
    parseTagValue: false,
    isArray: (name) => ['СведТов', 'ОснПер'].includes(name),
  }).parse(text)
  return { text, file: parsed.Файл, document: parsed.Файл.Документ }
}

describe('renderUpdXml', () => {
  it('writes the format 5.03 file in Windows-1251, named by the format’s rule', () => {
    const { fileName, bytes } = renderUpdXml(sampleUpd(), { guid: GUID, issuedAt: ISSUED })
    expect(fileName).toBe(
      `ON_NSCHFDOPPR_2BE7715482034-771501001_2BM-7701234567-770101001000000000_20261127_${GUID}_0_0_0_0_0_00.xml`,
    )
    expect(bytes.subarray(0, 44).toString('latin1')).toBe('<?xml version="1.0" encoding="windows-1251"?>'.slice(0, 44))
    // Cyrillic is one byte each: «Файл» is 0xD4 0xE0 0xE9 0xEB.
    expect(bytes.includes(Buffer.from([0x3c, 0xd4, 0xe0, 0xe9, 0xeb]))).toBe(true)
    const { file, document } = read(bytes)
    expect(file).toMatchObject({ ИдФайл: fileName.replace(/\.xml$/, ''), ВерсФорм: '5.03', ВерсПрог: 'БАС Маркет' })
    expect(document).toMatchObject({
      КНД: '1115131',
      Функция: 'СЧФДОП',
      НаимДокОпр: 'Универсальный передаточный документ',
      ДатаИнфПр: '27.11.2026',
      ВремИнфПр: '10.05.09',
      НаимЭконСубСост: 'Общество с ограниченной ответственностью «АэроТех Системы», ИНН/КПП 7701234567/770101001',
    })
  })

  it('carries every element of the document: parties, lines, totals, transfer and signer', () => {
    const upd = sampleUpd()
    const { document } = read(renderUpdXml(upd, { guid: GUID, issuedAt: ISSUED }).bytes)
    const invoice = document.СвСчФакт
    expect(invoice).toMatchObject({ НомерДок: '17', ДатаДок: '27.11.2026' })
    expect(invoice.СвПрод.ИдСв.СвЮЛУч).toEqual({
      НаимОрг: upd.seller.name,
      ИННЮЛ: '7701234567',
      КПП: '770101001',
    })
    expect(invoice.СвПрод.Адрес.АдрИнф).toEqual({ КодСтр: '643', НаимСтран: 'Россия', АдрТекст: upd.seller.address })
    expect(invoice.ГрузОт.ОнЖе).toBe('он же')
    expect(invoice.ГрузПолуч.ИдСв.СвЮЛУч.ИННЮЛ).toBe('2312345678')
    expect(invoice.ГрузПолуч.Адрес.АдрИнф.АдрТекст).toBe(upd.consignee.address)
    expect(invoice.ДокПодтвОтгрНом).toEqual({
      РеквНаимДок: 'Универсальный передаточный документ',
      РеквНомерДок: '17',
      РеквДатаДок: '27.11.2026',
    })
    expect(invoice.СвПокуп.ИдСв.СвЮЛУч).toEqual({ НаимОрг: upd.buyer.name, ИННЮЛ: '2312345678', КПП: '231201001' })
    expect(invoice.ДенИзм).toEqual({ КодОКВ: '643', НаимОКВ: 'Российский рубль' })

    const [drone, battery] = document.ТаблСчФакт.СведТов
    expect(drone).toMatchObject({
      НомСтр: '1',
      НаимТов: 'Агродрон АТ-30 для внесения СЗР, бак 30 л',
      ОКЕИ_Тов: '796',
      НаимЕдИзм: 'шт',
      КолТов: '1',
      ЦенаТов: '80327.87',
      СтТовБезНДС: '80327.87',
      НалСт: '22%',
      СтТовУчНал: '98000.00',
      Акциз: { БезАкциз: 'без акциза' },
      СумНал: { СумНал: '17672.13' },
      ДопСведТов: { ПрТовРаб: '1', АртикулТов: 'AT-30-AGRO' },
      ИнфПолФХЖ2: { Идентиф: 'СерийныеНомера', Значен: 'AT30-2026-000117' },
    })
    expect(drone.СвДТ).toBeUndefined()
    expect(battery).toMatchObject({
      КолТов: '2',
      ЦенаТов: '9016.40',
      СтТовБезНДС: '18032.79',
      СтТовУчНал: '22000.00',
      СвДТ: { КодПроисх: '156', НомерДТ: '10702070/151026/5012345/1' },
      ДопСведТов: { КрНаимСтрПр: 'Китай' },
      СумНал: { СумНал: '3967.21' },
    })
    expect(document.ТаблСчФакт.ВсегоОпл).toEqual({
      СтТовБезНДСВсего: '98360.66',
      СтТовУчНалВсего: '120000.00',
      КолНеттоВс: '3',
      СумНалВсего: { СумНал: '21639.34' },
    })

    const transfer = document.СвПродПер.СвПер
    expect(transfer).toMatchObject({ СодОпер: 'Товары переданы', ДатаПер: '27.11.2026' })
    expect(transfer.ОснПер).toEqual([
      { РеквНаимДок: 'Заказ', РеквНомерДок: '2611-00042', РеквДатаДок: '25.11.2026' },
      { РеквНаимДок: 'Счет на оплату', РеквНомерДок: '2611-00042', РеквДатаДок: '26.11.2026' },
    ])
    expect(transfer.СвЛицПер.РабОргПрод).toEqual({
      Должность: 'Генеральный директор',
      ФИО: { Фамилия: 'Орлов', Имя: 'Сергей', Отчество: 'Викторович' },
    })
    expect(transfer.Тран.СвТран).toBe('ООО «Деловые Линии», трек-номер 26-00123456789')
    expect(document.Подписант).toEqual({
      Должн: 'Генеральный директор',
      ТипПодпис: '1',
      СпосПодтПолном: '1',
      ФИО: { Фамилия: 'Орлов', Имя: 'Сергей', Отчество: 'Викторович' },
    })
  })

  it('is a transfer document only (ДОП) without VAT, signed by an attorney, from a sole trader', () => {
    const upd = sampleUpd()
    const lines = upd.lines.map((line) => ({
      ...line,
      vatRate: 'none' as const,
      vatKopecks: 0,
      amountWithoutVatKopecks: line.amountKopecks,
    }))
    const { fileName, bytes } = renderUpdXml(
      {
        ...upd,
        status: 2,
        seller: {
          name: 'Индивидуальный предприниматель Петров Пётр Петрович',
          inn: '500100732259',
          kpp: null,
          address: '141000, Московская обл., г. Мытищи, ул. Мира, д. 3',
          ogrn: '304500116000157',
        },
        lines,
        totals: { amountWithoutVatKopecks: 12_000_000, vatKopecks: 0, amountKopecks: 12_000_000 },
        signatories: {
          ...upd.signatories!,
          signer: {
            fullName: 'Сидорова Анна Олеговна',
            position: 'Менеджер по продажам',
            powerOfAttorney: { number: '12-Д', date: '2026-02-01' },
          },
        },
        edo: { seller: null, buyer: null },
      },
      { guid: GUID, issuedAt: ISSUED },
    )
    // Without EDO ids the file is named by ИНН and КПП.
    expect(fileName).toBe(`ON_NSCHFDOPPR_2312345678231201001_500100732259_20261127_${GUID}_0_0_0_0_0_00.xml`)
    const { document } = read(bytes)
    expect(document.Функция).toBe('ДОП')
    expect(document.СвСчФакт.СвПрод.ИдСв.СвИП).toEqual({
      ИННФЛ: '500100732259',
      ОГРНИП: '304500116000157',
      ФИО: { Фамилия: 'Петров', Имя: 'Пётр', Отчество: 'Петрович' },
    })
    expect(document.ТаблСчФакт.СведТов[0]).toMatchObject({ НалСт: 'без НДС', СумНал: { БезНДС: 'без НДС' } })
    expect(document.ТаблСчФакт.ВсегоОпл.СумНалВсего).toEqual({ БезНДС: 'без НДС' })
    expect(document.Подписант).toEqual({
      Должн: 'Менеджер по продажам',
      ТипПодпис: '1',
      СпосПодтПолном: '6',
      ФИО: { Фамилия: 'Сидорова', Имя: 'Анна', Отчество: 'Олеговна' },
      СвДоверБум: { ДатаВыдДовер: '01.02.2026', ВнНомДовер: '12-Д' },
    })
  })

  it('keeps what Windows-1251 lacks as character references and escapes markup', () => {
    const upd = sampleUpd()
    const name = 'Камера «Chloé» 順豐 🚁 <X&Y>'
    const { bytes } = renderUpdXml({ ...upd, lines: [{ ...upd.lines[0]!, name }] }, { guid: GUID, issuedAt: ISSUED })
    const { text, document } = read(bytes)
    expect(text).toContain('&#38918;&#35920;')
    expect(text).toContain('&#128641;')
    expect(
      new XMLParser({
        ignoreAttributes: false,
        attributeNamePrefix: '',
        processEntities: true,
        htmlEntities: true,
      }).parse(text).Файл.Документ.ТаблСчФакт.СведТов.НаимТов,
    ).toBe(name)
    expect(document.ТаблСчФакт.СведТов).toHaveLength(1)
    expect(escapeOutsideWindows1251('é№€')).toBe('&#233;№€')
    expect(xmlMoney(-1_05)).toBe('-1.05')
  })

  it('gives the same bytes for the same document', () => {
    const first = renderUpdXml(sampleUpd(), { guid: GUID, issuedAt: ISSUED })
    const second = renderUpdXml(sampleUpd(), { guid: GUID, issuedAt: ISSUED })
    expect(second.bytes.equals(first.bytes)).toBe(true)
  })
})
