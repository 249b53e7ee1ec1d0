import { XMLBuilder } from 'fast-xml-parser'
import { formatIsoDate } from '#common/calendar-date.ts'
import iconv from 'iconv-lite'
import type { Party } from './types.ts'
import type { UpdDocument, UpdLine } from './upd.ts'

/**
 * The УПД as the tax service's exchange file: «Файл обмена счета-фактуры, документа об отгрузке
 * товаров (выполнении работ), передаче имущественных прав (документа об оказании услуг)», КНД
 * 1115131, format version 5.03 (order ЕД-7-26/970@, decision 078), in Windows-1251 as the format
 * requires, named by its rule. Function СЧФДОП for status 1, ДОП for status 2. What an operator
 * (Диадок, СБИС, Такском) takes for upload and the seller signs there; the same document gives
 * the same bytes.
 */

export const UPD_FORMAT_VERSION = '5.03'
export const UPD_KND = '1115131'
const PROGRAM = 'БАС Маркет'
const FACT = 'Документ об отгрузке товаров (выполнении работ), передаче имущественных прав (документ об оказании услуг)'
const DOCUMENT_NAME = 'Универсальный передаточный документ'

export interface UpdFile {
  /** «ON_NSCHFDOPPR_<получатель>_<отправитель>_<ГГГГММДД>_<GUID>_0_0_0_0_0_00.xml». */
  fileName: string
  bytes: Buffer
}

const MOSCOW = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Europe/Moscow',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
})

/** A moment's date and time in Moscow, as two-digit parts (the exchange files' dates and times). */
export function moscowParts(at: Date) {
  const parts = Object.fromEntries(MOSCOW.formatToParts(at).map((part) => [part.type, part.value]))
  return parts as Record<'year' | 'month' | 'day' | 'hour' | 'minute' | 'second', string>
}

/** Kopecks as the format's decimal: 1234567 → «12345.67». */
export function xmlMoney(kopecks: number): string {
  const sign = kopecks < 0 ? '-' : ''
  const abs = Math.abs(kopecks)
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`
}

/** «22%» or «без НДС», as the format names a rate. */
const rateOf = (line: Pick<UpdLine, 'vatRate'>) => (line.vatRate === 'none' ? 'без НДС' : `${line.vatRate}%`)

/** «Иванов Иван Иванович» → its parts; a sole trader's name loses its «ИП» or «Индивидуальный предприниматель». */
function fullNameOf(name: string) {
  const words = name
    .replace(/^(индивидуальный предприниматель|ип)\s+/i, '')
    .trim()
    .split(/\s+/)
  const [surname = '', first = '', ...rest] = words
  return {
    '@_Фамилия': surname,
    '@_Имя': first || surname,
    ...(rest.length && { '@_Отчество': rest.join(' ') }),
  }
}

/** The participant's identity and address; `address` replaces the legal one (the consignee's). */
function participant(party: Party, address = party.address) {
  const identity = party.kpp
    ? { СвЮЛУч: { '@_НаимОрг': party.name, '@_ИННЮЛ': party.inn, '@_КПП': party.kpp } }
    : {
        СвИП: {
          '@_ИННФЛ': party.inn,
          ...(party.ogrn && { '@_ОГРНИП': party.ogrn }),
          ФИО: fullNameOf(party.name),
        },
      }
  return {
    ИдСв: identity,
    Адрес: { АдрИнф: { '@_КодСтр': '643', '@_НаимСтран': 'Россия', '@_АдрТекст': address } },
  }
}

function tax(line: { vatRate: UpdLine['vatRate'] }, kopecks: number) {
  return line.vatRate === 'none' ? { БезНДС: 'без НДС' } : { СумНал: xmlMoney(kopecks) }
}

function item(line: UpdLine, index: number) {
  return {
    '@_НомСтр': String(index + 1),
    '@_НаимТов': line.name,
    '@_ОКЕИ_Тов': line.unit.code,
    '@_НаимЕдИзм': line.unit.symbol,
    '@_КолТов': String(line.quantity),
    '@_ЦенаТов': xmlMoney(line.priceKopecks),
    '@_СтТовБезНДС': xmlMoney(line.amountWithoutVatKopecks),
    '@_НалСт': rateOf(line),
    '@_СтТовУчНал': xmlMoney(line.amountKopecks),
    ...(line.origin && {
      СвДТ: {
        '@_КодПроисх': line.origin.country.code,
        ...(line.origin.declaration && { '@_НомерДТ': line.origin.declaration }),
      },
    }),
    ДопСведТов: {
      '@_ПрТовРаб': '1',
      ...(line.code && { '@_АртикулТов': line.code }),
      ...(line.origin && { КрНаимСтрПр: line.origin.country.name }),
    },
    Акциз: { БезАкциз: 'без акциза' },
    СумНал: tax(line, line.vatKopecks),
    ...(line.serialNumbers.length && {
      ИнфПолФХЖ2: { '@_Идентиф': 'СерийныеНомера', '@_Значен': line.serialNumbers.join(', ').slice(0, 2000) },
    }),
  }
}

/** The ids the file name carries: the EDO participant's, or its ИНН and КПП where it gave none. */
const exchangeId = (edoId: string | null, party: Party) => edoId ?? `${party.inn}${party.kpp ?? ''}`

export function renderUpdXml(upd: UpdDocument, file: { guid: string; issuedAt: Date }): UpdFile {
  const at = moscowParts(file.issuedAt)
  const fileId = [
    'ON_NSCHFDOPPR',
    exchangeId(upd.edo.buyer, upd.buyer),
    exchangeId(upd.edo.seller, upd.seller),
    `${at.year}${at.month}${at.day}`,
    file.guid,
    '0_0_0_0_0_00',
  ].join('_')
  const date = formatIsoDate(upd.date)
  const sellerIds = upd.seller.kpp ? `${upd.seller.inn}/${upd.seller.kpp}` : upd.seller.inn
  const signer = upd.signatories?.signer
  const noVat = upd.lines.every((line) => line.vatRate === 'none')

  const document = {
    Файл: {
      '@_ИдФайл': fileId,
      '@_ВерсФорм': UPD_FORMAT_VERSION,
      '@_ВерсПрог': PROGRAM,
      Документ: {
        '@_КНД': UPD_KND,
        '@_Функция': upd.status === 1 ? 'СЧФДОП' : 'ДОП',
        '@_ПоФактХЖ': FACT,
        '@_НаимДокОпр': DOCUMENT_NAME,
        '@_ДатаИнфПр': `${at.day}.${at.month}.${at.year}`,
        '@_ВремИнфПр': `${at.hour}.${at.minute}.${at.second}`,
        '@_НаимЭконСубСост': `${upd.seller.name}, ИНН/КПП ${sellerIds}`,
        СвСчФакт: {
          '@_НомерДок': upd.number,
          '@_ДатаДок': date,
          СвПрод: participant(upd.seller),
          ГрузОт: { ОнЖе: 'он же' },
          ГрузПолуч: participant(upd.buyer, upd.consignee.address),
          ДокПодтвОтгрНом: { '@_РеквНаимДок': DOCUMENT_NAME, '@_РеквНомерДок': upd.number, '@_РеквДатаДок': date },
          СвПокуп: participant(upd.buyer),
          ДенИзм: { '@_КодОКВ': '643', '@_НаимОКВ': 'Российский рубль' },
        },
        ТаблСчФакт: {
          СведТов: upd.lines.map(item),
          ВсегоОпл: {
            '@_СтТовБезНДСВсего': xmlMoney(upd.totals.amountWithoutVatKopecks),
            '@_СтТовУчНалВсего': xmlMoney(upd.totals.amountKopecks),
            '@_КолНеттоВс': String(upd.lines.reduce((sum, line) => sum + line.quantity, 0)),
            СумНалВсего: noVat ? { БезНДС: 'без НДС' } : { СумНал: xmlMoney(upd.totals.vatKopecks) },
          },
        },
        СвПродПер: {
          СвПер: {
            '@_СодОпер': 'Товары переданы',
            '@_ДатаПер': date,
            ...(upd.bases.length
              ? {
                  ОснПер: upd.bases.map((basis) => ({
                    '@_РеквНаимДок': basis.name,
                    '@_РеквНомерДок': basis.number,
                    '@_РеквДатаДок': formatIsoDate(basis.date),
                  })),
                }
              : { БезДокОснПер: '1' }),
            ...(signer && {
              СвЛицПер: { РабОргПрод: { '@_Должность': signer.position, ФИО: fullNameOf(signer.fullName) } },
            }),
            ...(upd.transport && { Тран: { '@_СвТран': upd.transport } }),
          },
        },
        // The head signs by the data of its qualified signature (1); an attorney by a power of
        // attorney on paper (6), whose number and date the file carries.
        Подписант: signer
          ? {
              '@_Должн': signer.position,
              '@_ТипПодпис': '1',
              '@_СпосПодтПолном': signer.powerOfAttorney ? '6' : '1',
              ФИО: fullNameOf(signer.fullName),
              ...(signer.powerOfAttorney && {
                СвДоверБум: {
                  '@_ДатаВыдДовер': formatIsoDate(signer.powerOfAttorney.date),
                  '@_ВнНомДовер': signer.powerOfAttorney.number,
                },
              }),
            }
          : { '@_ТипПодпис': '1', '@_СпосПодтПолном': '1', ФИО: fullNameOf(upd.seller.name) },
      },
    },
  }
  const builder = new XMLBuilder({ ignoreAttributes: false, attributeNamePrefix: '@_', format: true, indentBy: '  ' })
  const xml = `<?xml version="1.0" encoding="windows-1251"?>\n${builder.build(document) as string}`
  return { fileName: `${fileId}.xml`, bytes: iconv.encode(escapeOutsideWindows1251(xml), 'win1251') }
}

/** What Windows-1251 can hold: ASCII and the 128 characters of its upper half. */
const WINDOWS_1251 = new Set(iconv.decode(Buffer.from(Array.from({ length: 256 }, (_, byte) => byte)), 'win1251'))

/** A character the encoding lacks («é» fits, «順» does not) becomes a character reference, not «?». */
export function escapeOutsideWindows1251(text: string): string {
  let out = ''
  for (const char of text) out += WINDOWS_1251.has(char) ? char : `&#${char.codePointAt(0)};`
  return out
}
