import { XMLBuilder } from 'fast-xml-parser'
import { DELIVERY_METHOD_LABELS, ORDER_STATUS_LABELS } from '#common/orders.ts'
import { moscowParts, xmlMoney } from '../../../documents/upd-xml.ts'
import type { ChangedOrder } from '../../orders/index.ts'
import { type CmlNode, child, children, childText } from './reader.ts'

/**
 * Orders as CommerceML 2 documents for 1С (`type=sale&mode=query`), and the changes 1С sends
 * back about them (`mode=file`). A document is «Заказ товара» from the seller's side: the buyer
 * as the counterparty with its INN, KPP and address, the lines with the goods' 1С ids (or ours,
 * for goods that did not come from 1С), prices with VAT, and the delivery as a service line.
 */

export const CML_VERSION = '2.08'
/** The delivery's line: 1С's site exchange knows it by this id. */
const DELIVERY_ID = 'ORDER_DELIVERY'

/** A moment as Moscow's date and time. */
function moscow(at: Date): { date: string; time: string } {
  const p = moscowParts(at)
  return { date: `${p.year}-${p.month}-${p.day}`, time: `${p.hour}:${p.minute}:${p.second}` }
}

const requisite = (name: string, value: string) => ({ Наименование: name, Значение: value })
const vatRateText = (rate: string) => (rate === 'none' ? 'Без НДС' : rate)
const UNIT = { '@_Код': '796', '@_НаименованиеПолное': 'Штука', '@_МеждународноеСокращение': 'PCE', '#text': 'шт' }

function documentOf({ order, lines }: ChangedOrder, externalIds: Map<string, string>) {
  const placed = moscow(order.createdAt)
  const changed = moscow(order.updatedAt)
  const buyer = order.buyer
  const vatTotal = lines.reduce((sum, l) => sum + l.vatKopecks, 0)
  return {
    Ид: order.id,
    Номер: order.number,
    Дата: placed.date,
    Время: placed.time,
    ХозОперация: 'Заказ товара',
    Роль: 'Продавец',
    Валюта: 'RUB',
    Курс: '1',
    Сумма: xmlMoney(order.totalKopecks),
    Контрагенты: {
      Контрагент: {
        Ид: buyer.id,
        Наименование: buyer.name,
        ПолноеНаименование: buyer.fullName || buyer.name,
        ОфициальноеНаименование: buyer.fullName || buyer.name,
        Роль: 'Покупатель',
        ИНН: buyer.inn,
        ...(buyer.kpp && { КПП: buyer.kpp }),
        ...(buyer.ogrn && { ОГРН: buyer.ogrn }),
        ЮридическийАдрес: { Представление: buyer.address },
        Контакты: { Контакт: { Тип: 'Телефон рабочий', Значение: order.contactPhone } },
        Представители: {
          Представитель: { Отношение: 'Контактное лицо', Наименование: order.contactName },
        },
      },
    },
    Комментарий: order.comment,
    Налоги: { Налог: { Наименование: 'НДС', УчтеноВСумме: 'true', Сумма: xmlMoney(vatTotal) } },
    Товары: {
      Товар: [
        ...lines.map((line) => ({
          Ид: externalIds.get(line.productId) ?? line.productId,
          ...(line.sku && { Артикул: line.sku }),
          Наименование: line.title,
          БазоваяЕдиница: UNIT,
          ЦенаЗаЕдиницу: xmlMoney(line.priceKopecks),
          Количество: String(line.quantity),
          Сумма: xmlMoney(line.amountKopecks),
          СтавкиНалогов: { СтавкаНалога: { Наименование: 'НДС', Ставка: vatRateText(line.vatRate) } },
          Налоги: { Налог: { Наименование: 'НДС', УчтеноВСумме: 'true', Сумма: xmlMoney(line.vatKopecks) } },
          ЗначенияРеквизитов: {
            ЗначениеРеквизита: [requisite('ВидНоменклатуры', 'Товар'), requisite('ТипНоменклатуры', 'Товар')],
          },
        })),
        // Delivery is priced by the seller later: a line of zero that carries the method and address.
        {
          Ид: DELIVERY_ID,
          Наименование: `Доставка: ${DELIVERY_METHOD_LABELS[order.delivery.method]}`,
          БазоваяЕдиница: UNIT,
          ЦенаЗаЕдиницу: '0.00',
          Количество: '1',
          Сумма: '0.00',
          ЗначенияРеквизитов: {
            ЗначениеРеквизита: [requisite('ВидНоменклатуры', 'Услуга'), requisite('ТипНоменклатуры', 'Услуга')],
          },
        },
      ],
    },
    ЗначенияРеквизитов: {
      ЗначениеРеквизита: [
        requisite('Статус заказа', ORDER_STATUS_LABELS[order.status]),
        requisite('Отменен', order.status === 'cancelled' ? 'true' : 'false'),
        requisite(
          'Заказ оплачен',
          ['paid', 'shipped', 'delivered', 'completed'].includes(order.status) ? 'true' : 'false',
        ),
        requisite('Способ доставки', DELIVERY_METHOD_LABELS[order.delivery.method]),
        requisite('Адрес доставки', order.delivery.address),
        ...(order.delivery.carrier ? [requisite('Транспортная компания', order.delivery.carrier)] : []),
        ...(order.trackingNumber ? [requisite('Номер отгрузки', order.trackingNumber)] : []),
        ...(order.cancelReason ? [requisite('Причина отмены', order.cancelReason)] : []),
        requisite('Дата изменения статуса', `${changed.date} ${changed.time}`),
      ],
    },
  }
}

/** The orders as one CommerceML file, UTF-8. */
export function ordersXml(changed: ChangedOrder[], externalIds: Map<string, string>, now: Date): string {
  const at = moscow(now)
  const builder = new XMLBuilder({ ignoreAttributes: false, attributeNamePrefix: '@_', format: true, indentBy: '  ' })
  const body = builder.build({
    КоммерческаяИнформация: {
      '@_ВерсияСхемы': CML_VERSION,
      '@_ДатаФормирования': `${at.date}T${at.time}`,
      Документ: changed.map((c) => documentOf(c, externalIds)),
    },
  }) as string
  return `<?xml version="1.0" encoding="UTF-8"?>\n${body}`
}

/** What 1С says happened to an order: paid, shipped (with the shipment's number), cancelled. */
export interface OrderChange {
  line: number
  number: string
  paid: boolean
  shipped: { number: string } | null
  cancelled: { reason: string } | null
}

const TRUE = new Set(['true', 'да', '1'])

/** An order's document from 1С as the changes it says; null when it is not an order's. */
export function orderChangeOf(node: CmlNode): OrderChange | null {
  const operation = childText(node, 'ХозОперация')
  const number = childText(node, 'Номер')
  if (!number || (operation && operation !== 'Заказ товара')) return null
  const values = new Map<string, string>()
  for (const r of children(child(node, 'ЗначенияРеквизитов'), 'ЗначениеРеквизита'))
    values.set(childText(r, 'Наименование').toLowerCase(), childText(r, 'Значение'))
  const flag = (...names: string[]) => names.some((n) => TRUE.has((values.get(n) ?? '').toLowerCase()))
  const status = (values.get('статус заказа') ?? '').toLowerCase()
  const shipmentNumber = values.get('номер отгрузки по 1с') ?? values.get('номер отгрузки') ?? ''
  const shipped = flag('отгружен') || Boolean(values.get('дата отгрузки по 1с')) || /отгружен/.test(status)
  const cancelled = flag('отменен', 'отменён') || /отмен/.test(status)
  return {
    line: node.line,
    number,
    paid: flag('заказ оплачен', 'оплачен') || Boolean(values.get('дата оплаты по 1с')) || /оплачен/.test(status),
    shipped: shipped ? { number: shipmentNumber } : null,
    cancelled: cancelled ? { reason: values.get('причина отмены') || childText(node, 'Комментарий') } : null,
  }
}
