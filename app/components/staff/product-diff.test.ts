import { describe, expect, it } from 'vitest'
import type { SanitizedHtml } from '#common/html.ts'
import {
  changeSummary,
  type DraftVersion,
  diffVersions,
  fromDraft,
  fromLive,
  type LiveVersion,
  specCodes,
  specDisplay,
} from './product-diff.ts'

/** Descriptions here stand for what the server's sanitizer stored. */
const stored = (html: string) => html as SanitizedHtml

const draft = (overrides: Partial<DraftVersion> = {}): DraftVersion => ({
  title: 'Квадрокоптер Аэроскан Сокол',
  brand: 'Аэроскан',
  model: 'Сокол',
  sku: 'AS-100',
  categorySlug: 'multirotornye',
  priceKopecks: 125_000_00,
  priceOnRequest: false,
  vatRate: '22',
  availability: 'in_stock',
  leadTimeDays: null,
  stockQuantity: 5,
  areas: ['stroitelstvo', 'selskoe-khozyaistvo'],
  specs: { max_takeoff_weight: 2.5, flight_time: 42, navigation: ['gps', 'glonass'], camera: '' },
  description: stored('<p>Лёгкий квадрокоптер для аэрофотосъёмки.</p>'),
  images: [{ src: 'products/sokol-1.jpg', alt: 'Сокол' }],
  documents: [{ fileId: '4f1f4c36-5b0e-4a43-9d1b-1f0a1c2d3e4f', name: 'Сертификат' }],
  ...overrides,
})

/** The catalogue's copy of `draft()`, as publishing writes it: derived characteristics added. */
const live = (overrides: Partial<LiveVersion> = {}): LiveVersion => ({
  title: 'Квадрокоптер Аэроскан Сокол',
  brand: 'Аэроскан',
  model: 'Сокол',
  sku: 'AS-100',
  categorySlug: 'multirotornye',
  priceKopecks: 125_000_00,
  vatRate: '22',
  availability: 'in_stock',
  leadTimeDays: null,
  stockQuantity: 5,
  areas: ['selskoe-khozyaistvo', 'stroitelstvo'],
  specs: {
    type: 'multirotor',
    areas_of_application: ['stroitelstvo', 'selskoe-khozyaistvo'],
    max_takeoff_weight: 2.5,
    flight_time: 42,
    navigation: ['glonass', 'gps'],
  },
  descriptionHtml: stored('<p>Лёгкий квадрокоптер для аэрофотосъёмки.</p>'),
  images: [{ src: 'products/sokol-1.jpg', alt: 'Сокол' }],
  documents: [{ fileId: '4f1f4c36-5b0e-4a43-9d1b-1f0a1c2d3e4f', name: 'Сертификат' }],
  ...overrides,
})

const diff = (d: Partial<DraftVersion>, l: Partial<LiveVersion> = {}) =>
  diffVersions(fromDraft(draft(d)), fromLive(live(l)))

describe('the moderation diff', () => {
  it('finds nothing when the draft is what the catalogue shows (derived characteristics and order aside)', () => {
    expect(diff({})).toEqual({ fields: [], specs: [] })
    expect(changeSummary(diff({}))).toBe('Изменений нет')
  })

  it('names the changed fields in display order', () => {
    const result = diff({
      description: stored('<p>Новое описание с подробностями.</p>'),
      priceKopecks: 118_750_00,
      title: 'Квадрокоптер Аэроскан Сокол-2',
    })
    expect(result.fields).toEqual(['title', 'price', 'description'])
    expect(changeSummary(result)).toBe('Изменено: название, цена, описание')
  })

  it('reads a price on request the same on both sides, whatever price the draft keeps beside it', () => {
    expect(diff({ priceOnRequest: true, priceKopecks: 125_000_00 }, { priceKopecks: null }).fields).toEqual([])
    expect(diff({ priceOnRequest: true }).fields).toEqual(['price'])
    expect(diff({}, { priceKopecks: null }).fields).toEqual(['price'])
  })

  it('counts the lead time only for a product made to order', () => {
    expect(diff({ leadTimeDays: 14 }).fields).toEqual([])
    expect(diff({ availability: 'to_order', leadTimeDays: 14 }).fields).toEqual(['availability'])
    expect(
      diff({ availability: 'to_order', leadTimeDays: 21 }, { availability: 'to_order', leadTimeDays: 14 }).fields,
    ).toEqual(['availability'])
    expect(
      diff({ availability: 'to_order', leadTimeDays: 14 }, { availability: 'to_order', leadTimeDays: 14 }).fields,
    ).toEqual([])
  })

  it('names each changed characteristic, added and removed ones too', () => {
    const result = diff({ specs: { max_takeoff_weight: 2.5, flight_time: 45, range: 8, navigation: ['gps'] } })
    expect(result).toEqual({ fields: ['specs'], specs: ['flight_time', 'range', 'navigation'] })
    expect(changeSummary(result)).toBe('Изменено: характеристики (время полёта, дальность, навигация)')
  })

  it('sees the other fields: VAT, stock, spheres, category, photos (their order too) and documents', () => {
    expect(diff({ vatRate: '10' }).fields).toEqual(['vat'])
    expect(diff({ stockQuantity: null }).fields).toEqual(['stock'])
    expect(diff({ areas: ['stroitelstvo'] }).fields).toEqual(['areas'])
    expect(diff({ categorySlug: 'vtol' }).fields).toEqual(['category'])
    expect(diff({ sku: 'AS-101', brand: 'Аэроскан Про', model: 'Сокол 2' }).fields).toEqual(['brand', 'model', 'sku'])
    const two = [
      { src: 'products/sokol-1.jpg', alt: 'Сокол' },
      { src: 'products/sokol-2.jpg', alt: 'Сокол сбоку' },
    ]
    expect(diff({ images: two }, { images: two }).fields).toEqual([])
    expect(diff({ images: [two[1]!, two[0]!] }, { images: two }).fields).toEqual(['photos'])
    expect(diff({ documents: [] }).fields).toEqual(['documents'])
    expect(changeSummary(diff({ vatRate: '10', stockQuantity: 1 }))).toBe('Изменено: ставка НДС, количество на складе')
  })

  it('lists the characteristics of both versions in the registry order and formats them with units', () => {
    const codes = specCodes(fromDraft(draft({ specs: { range: 8, flight_time: 45 } })), fromLive(live()))
    expect(codes).toEqual(['max_takeoff_weight', 'flight_time', 'range', 'navigation'])
    expect(specDisplay('flight_time', 42)).toBe('42 мин')
    expect(specDisplay('navigation', ['gps', 'glonass'])).toBe('GPS, ГЛОНАСС')
    expect(specDisplay('rtk', true)).toBe('Да')
    expect(specDisplay('range', undefined)).toBeNull()
  })
})
