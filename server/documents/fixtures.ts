import type { DeliveryNoteDocument } from './delivery-note.ts'
import type { InvoiceDocument, InvoiceLine } from './invoice.ts'
import type { Party, Seller } from './types.ts'
import type { UpdDocument } from './upd.ts'
import type { ActDocument } from './act.ts'
import { type UkdDocument, ukdTotals } from './ukd.ts'

/** Sample parties and lines for the documents' tests. */

export const sampleSeller: Seller = {
  name: 'Общество с ограниченной ответственностью «АэроТех Системы»',
  inn: '7701234567',
  kpp: '770101001',
  address: '125009, г. Москва, ул. Тверская, д. 7, офис 12',
  bank: {
    bankName: 'ПАО «Сбербанк России», г. Москва',
    bik: '044525225',
    settlementAccount: '40702810938000012345',
    correspondentAccount: '30101810400000000225',
  },
}

export const sampleBuyer: Party = {
  name: 'Акционерное общество «Агрохолдинг Заря»',
  inn: '2312345678',
  kpp: '231201001',
  address: '350000, Краснодарский край, г. Краснодар, ул. Красная, д. 1',
}

export const sampleLines: InvoiceLine[] = [
  {
    name: 'Агродрон АТ-30 для внесения СЗР, бак 30 л',
    quantity: 1,
    unit: 'шт',
    priceKopecks: 9_800_000,
    amountKopecks: 9_800_000,
    vatRate: '22',
  },
  {
    name: 'Аккумулятор 14S 28 000 мА·ч',
    quantity: 2,
    unit: 'шт',
    priceKopecks: 1_100_000,
    amountKopecks: 2_200_000,
    vatRate: '22',
  },
]

export function sampleInvoice(overrides: Partial<InvoiceDocument> = {}): InvoiceDocument {
  return {
    number: '2611-00042',
    date: new Date('2026-11-25T09:00:00Z'),
    seller: sampleSeller,
    buyer: sampleBuyer,
    lines: sampleLines,
    totals: { amountKopecks: 12_000_000, vatKopecks: 2_163_934 },
    amountInWords: 'Сто двадцать тысяч рублей 00 копеек',
    paymentTermDays: 5,
    basis: 'Заказ № 2611-00042',
    ...overrides,
  }
}

export function sampleDeliveryNote(overrides: Partial<DeliveryNoteDocument> = {}): DeliveryNoteDocument {
  return {
    number: 'ТН-2611-00042-1',
    date: new Date('2026-11-27T09:00:00Z'),
    orderNumber: '2611-00042',
    orderDate: new Date('2026-11-25T09:00:00Z'),
    seller: sampleSeller,
    buyer: sampleBuyer,
    deliveryAddress: 'Краснодарский край, Динской район, ст. Пластуновская, ул. Полевая, д. 3, склад № 2',
    shipment: { carrier: 'ООО «Деловые Линии»', trackingNumber: '26-00123456789' },
    lines: [
      {
        ...sampleLines[0]!,
        sku: 'AT-30-AGRO',
        vatKopecks: 1_767_213,
        serialNumbers: ['AT30-2026-000117'],
      },
      {
        ...sampleLines[1]!,
        sku: 'BAT-14S-28',
        vatKopecks: 396_721,
        serialNumbers: ['B14S-7781-0001', 'B14S-7781-0002'],
      },
    ],
    totals: { amountKopecks: 12_000_000, vatKopecks: 2_163_934 },
    amountInWords: 'Сто двадцать тысяч рублей 00 копеек',
    ...overrides,
  }
}

/** A status 1 УПД of two lines, one of them imported: 98 000 and 2 × 11 000 with VAT 22 %. */
export function sampleUpd(overrides: Partial<UpdDocument> = {}): UpdDocument {
  return {
    number: '17',
    date: '2026-11-27',
    status: 1,
    seller: sampleSeller,
    buyer: sampleBuyer,
    consignee: {
      name: sampleBuyer.name,
      address: 'Краснодарский край, Динской район, ст. Пластуновская, ул. Полевая, д. 3, склад № 2',
    },
    bases: [
      { name: 'Заказ', number: '2611-00042', date: '2026-11-25' },
      { name: 'Счет на оплату', number: '2611-00042', date: '2026-11-26' },
    ],
    transport: 'ООО «Деловые Линии», трек-номер 26-00123456789',
    lines: [
      {
        code: 'AT-30-AGRO',
        name: 'Агродрон АТ-30 для внесения СЗР, бак 30 л',
        serialNumbers: ['AT30-2026-000117'],
        unit: { code: '796', symbol: 'шт' },
        quantity: 1,
        priceKopecks: 8_032_787,
        amountWithoutVatKopecks: 8_032_787,
        vatRate: '22',
        vatKopecks: 1_767_213,
        amountKopecks: 9_800_000,
        origin: null,
      },
      {
        code: 'BAT-14S-28',
        name: 'Аккумулятор 14S 28 000 мА·ч',
        serialNumbers: [],
        unit: { code: '796', symbol: 'шт' },
        quantity: 2,
        priceKopecks: 901_640,
        amountWithoutVatKopecks: 1_803_279,
        vatRate: '22',
        vatKopecks: 396_721,
        amountKopecks: 2_200_000,
        origin: { country: { code: '156', name: 'Китай' }, declaration: '10702070/151026/5012345/1' },
      },
    ],
    totals: { amountWithoutVatKopecks: 9_836_066, vatKopecks: 2_163_934, amountKopecks: 12_000_000 },
    signatories: {
      head: 'Орлов С. В.',
      headBasis: null,
      accountant: 'Белова Н. А.',
      accountantSignsToo: false,
      signer: { fullName: 'Орлов Сергей Викторович', position: 'Генеральный директор', powerOfAttorney: null },
    },
    edo: { seller: '2BM-7701234567-770101001000000000', buyer: '2BE7715482034-771501001' },
    ...overrides,
  }
}

/** An act for 120 ha of spraying at 360 000 with VAT 22 %, accepted on the platform. */
export function sampleAct(overrides: Partial<ActDocument> = {}): ActDocument {
  return {
    number: '5',
    date: '2026-11-28',
    contractor: { ...sampleSeller },
    customer: sampleBuyer,
    bases: [{ name: 'Заказ на бирже услуг', number: 'S-2611-00007', date: '2026-11-10' }],
    work: {
      name: 'Агрохимическая обработка: обработать 120 га пшеницы гербицидом',
      description: 'Обработано 120 га, полётные журналы и карта покрытия приложены.',
      startsOn: '2026-11-15',
      endsOn: '2026-11-20',
      quantity: 120,
      unit: { code: '059', symbol: 'га' },
      volumeText: '120 га',
      amountKopecks: 36_000_000,
      vatRate: '22',
      vatKopecks: 6_491_803,
    },
    acceptance: { at: '2026-11-28T11:05:00Z', byName: 'Вера Покупатель', organizationName: 'АО «Агрохолдинг Заря»' },
    amountInWords: 'Триста шестьдесят тысяч рублей 00 копеек',
    signer: { name: 'Орлов С. В.', position: 'Генеральный директор', basis: null },
    ...overrides,
  }
}

/** The return of one of the two batteries of `sampleUpd`, agreed on 3 December 2026. */
export function sampleUkd(overrides: Partial<UkdDocument> = {}): UkdDocument {
  const upd = sampleUpd()
  const lines: UkdDocument['lines'] = [
    {
      position: 2,
      code: 'BAT-14S-28',
      name: 'Аккумулятор 14S 28 000 мА·ч',
      unit: { code: '796', symbol: 'шт' },
      vatRate: '22',
      before: {
        quantity: 2,
        priceKopecks: 901_640,
        amountWithoutVatKopecks: 1_803_279,
        vatKopecks: 396_721,
        amountKopecks: 2_200_000,
      },
      after: {
        quantity: 1,
        priceKopecks: 901_639,
        amountWithoutVatKopecks: 901_639,
        vatKopecks: 198_361,
        amountKopecks: 1_100_000,
      },
    },
  ]
  return {
    number: '3',
    date: '2026-12-03',
    status: 1,
    upd: { number: upd.number, date: upd.date },
    seller: upd.seller,
    buyer: upd.buyer,
    basis: 'Возврат товара: корректировка № 1 по заказу № 2611-00042 от 02.12.2026, причина: брак ячейки',
    consent: 'Согласие покупателя: запрос покупателя от 02.12.2026 на платформе «БАС Маркет»',
    lines,
    totals: ukdTotals(lines),
    signatories: upd.signatories,
    edo: upd.edo,
    ...overrides,
  }
}
