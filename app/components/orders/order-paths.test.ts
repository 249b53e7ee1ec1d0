import { describe, expect, it } from 'vitest'
import { STATUSES } from '#app/lib/statuses.ts'
import { ORDER_STATUS_LABELS, ORDER_STATUSES } from '#common/orders.ts'
import { confirmInputOf, isOrderIntent, shipInputOf, splitSerials } from './order-forms.ts'
import { defaultOrderTab, listQueryOf, ordersHref, orderPath, parseOrdersListState } from './order-paths.ts'

const parse = (tab: string | undefined, query = '', fallback: 'purchases' | 'sales' = 'purchases') =>
  parseOrdersListState(tab, new URLSearchParams(query), fallback)

describe('defaultOrderTab', () => {
  it('opens sales for a seller that does not buy, purchases for everyone else', () => {
    expect(defaultOrderTab([{ type: 'vendor' }])).toBe('sales')
    expect(defaultOrderTab([{ type: 'buyer' }])).toBe('purchases')
    expect(defaultOrderTab([{ type: 'vendor' }, { type: 'buyer' }])).toBe('purchases')
    expect(defaultOrderTab([])).toBe('purchases')
    expect(defaultOrderTab(null)).toBe('purchases')
  })
})

describe('parseOrdersListState', () => {
  it('reads the tab from the path and the rest from the query', () => {
    expect(parse('sales', 'filter=active&q=%20Аэро%20&page=3')).toEqual({
      tab: 'sales',
      filter: 'active',
      q: 'Аэро',
      page: 3,
    })
  })

  it('takes the default tab when the path has none, and refuses an unknown one', () => {
    expect(parse(undefined, '', 'sales')?.tab).toBe('sales')
    expect(parse('archive')).toBeNull()
  })

  it('falls back to all orders and the first page for unknown values, and cuts a long search', () => {
    expect(parse('purchases', 'filter=lost&page=abc')).toEqual({ tab: 'purchases', filter: 'all', q: '', page: 1 })
    expect(parse('purchases', 'page=0')?.page).toBe(1)
    expect(parse('purchases', 'page=99999')?.page).toBe(10_000)
    expect(parse('purchases', `q=${'x'.repeat(150)}`)?.q).toHaveLength(100)
  })
})

describe('ordersHref and listQueryOf', () => {
  const state = { tab: 'sales', filter: 'cancelled', q: 'Заря', page: 4 } as const

  it('keeps the state in the address, leaving defaults out', () => {
    expect(ordersHref(state)).toBe('/personal-account/orders/sales?filter=cancelled&q=%D0%97%D0%B0%D1%80%D1%8F&page=4')
    expect(ordersHref(state, { page: 5 })).toMatch(/page=5$/)
    expect(ordersHref(state, { q: '', filter: 'all' })).toBe('/personal-account/orders/sales')
  })

  it('starts again from the first page on a new filter, and from everything on a new tab', () => {
    expect(ordersHref(state, { filter: 'active' })).toBe(
      '/personal-account/orders/sales?filter=active&q=%D0%97%D0%B0%D1%80%D1%8F',
    )
    expect(ordersHref(state, { tab: 'purchases' })).toBe(
      '/personal-account/orders/purchases?q=%D0%97%D0%B0%D1%80%D1%8F',
    )
  })

  it('asks the service for the side of the tab', () => {
    expect(listQueryOf(state)).toEqual({ side: 'sale', filter: 'cancelled', q: 'Заря', page: 4 })
    expect(listQueryOf({ tab: 'purchases', filter: 'all', q: '', page: 1 })).toEqual({ side: 'purchase', page: 1 })
  })

  it('links an order by its side and number', () => {
    expect(orderPath('sale', '2611-00042')).toBe('/personal-account/order/sale/2611-00042')
  })
})

describe('order forms', () => {
  it('reads serial numbers one per row, also split by commas, ignoring blanks', () => {
    expect(splitSerials('SN-1\r\n SN-2 ,SN-3;\n\n')).toEqual(['SN-1', 'SN-2', 'SN-3'])
    expect(splitSerials(undefined)).toEqual([])
  })

  it('builds the ship input from the posted fields', () => {
    const lineId = '0b9e3c52-2a8f-4a51-9d0a-6f1b2c3d4e01'
    expect(
      shipInputOf({
        intent: 'ship',
        carrier: 'СДЭК',
        trackingNumber: 'CDEK-1',
        [`serials:${lineId}`]: 'A1\nA2',
        'serials:other': '  ',
        comment: '',
      }),
    ).toEqual({ carrier: 'СДЭК', trackingNumber: 'CDEK-1', serials: [{ lineId, numbers: ['A1', 'A2'] }] })
  })

  it('sends no delivery date when the field is empty', () => {
    expect(confirmInputOf({ deliveryDate: '', comment: 'Отгрузим в среду' })).toEqual({
      deliveryDate: null,
      comment: 'Отгрузим в среду',
    })
  })

  it('knows the intents of the page', () => {
    expect(isOrderIntent('ship')).toBe(true)
    expect(isOrderIntent('markRegistered')).toBe(true)
    expect(isOrderIntent('place')).toBe(false)
  })
})

describe('order statuses', () => {
  it('has a look for every status, with the contract’s labels', () => {
    for (const status of ORDER_STATUSES) {
      expect(STATUSES.order[status]).toEqual({ label: ORDER_STATUS_LABELS[status], color: expect.any(String) })
    }
  })
})
