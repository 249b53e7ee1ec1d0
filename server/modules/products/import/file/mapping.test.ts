import { describe, expect, it } from 'vitest'
import {
  convertSpecValue,
  type ImportMapping,
  offerToDraft,
  suggestCategoryMapping,
  suggestParamMapping,
} from './mapping.ts'
import { DRAFT_MESSAGES as M } from './messages.ts'
import type { ImportedOffer } from './types.ts'
import { getAttribute, type AttributeDef } from '#common/catalog/attributes.ts'

const attr = (code: string) => getAttribute(code) as AttributeDef

describe('suggestCategoryMapping', () => {
  it('matches names, synonyms and slugs to our leaf categories, falling back to the parent', () => {
    const mapping = suggestCategoryMapping([
      { id: '1', name: 'Беспилотники' },
      { id: '2', parentId: '1', name: 'Квадрокоптеры' },
      { id: '3', parentId: '2', name: 'DJI Agras' },
      { id: '4', parentId: '1', name: 'Агродроны' },
      { id: '5', parentId: '1', name: 'Самолётного типа' },
      { id: '6', parentId: '1', name: 'БПЛА самолетного типа с вертикальным взлётом' },
      { id: '7', name: 'Беспилотные вертолёты' },
      { id: '8', name: 'vtol' },
      { id: '9', name: 'Запчасти' },
      { id: '10', parentId: '11', name: 'Петля' },
      { id: '11', parentId: '10', name: 'Петля 2' },
      { id: '12', name: 'Fixed-wing drones' },
      { id: '13', name: 'Мультироторные' },
    ])
    expect(mapping).toEqual({
      '1': null,
      '2': 'multirotornye',
      '3': 'multirotornye',
      '4': 'multirotornye',
      '5': 'samoletnogo-tipa',
      '6': 'vtol',
      '7': 'vertoletnogo-tipa',
      '8': 'vtol',
      '9': null,
      '10': null,
      '11': null,
      '12': 'samoletnogo-tipa',
      '13': 'multirotornye',
    })
  })
})

describe('suggestParamMapping', () => {
  it('matches Russian titles, English codes and synonyms, checking units', () => {
    expect(
      suggestParamMapping([
        'Время полёта',
        { name: 'Flight time', unit: 'h' },
        { name: 'max_takeoff_weight', unit: 'кг' },
        'Взлётный вес',
        'Рабочая температура, от',
        { name: 'Дальность', unit: 'мин' },
        'Страна-производитель',
        'Цвет корпуса',
        'IP',
      ]),
    ).toEqual({
      'Время полёта': 'flight_time',
      'Flight time': 'flight_time',
      max_takeoff_weight: 'max_takeoff_weight',
      'Взлётный вес': 'max_takeoff_weight',
      'Рабочая температура, от': 'operating_temp_min',
      Дальность: null,
      'Страна-производитель': 'country',
      'Цвет корпуса': null,
      IP: 'ip_rating',
    })
  })
})

describe('convertSpecValue', () => {
  it('reads numbers with decimal commas and converts units', () => {
    expect(convertSpecValue(attr('max_takeoff_weight'), '67,5', 'кг')).toEqual({ value: 67.5 })
    expect(convertSpecValue(attr('max_takeoff_weight'), '900 г')).toEqual({ value: 0.9 })
    expect(convertSpecValue(attr('flight_time'), '1,5', 'ч')).toEqual({ value: 90 })
    expect(convertSpecValue(attr('max_speed'), '20', 'м/с')).toEqual({ value: 72 })
    expect(convertSpecValue(attr('operating_temp_min'), '−20 °C')).toEqual({ value: -20 })
    expect(convertSpecValue(attr('flight_time'), 'около часа')).toEqual({
      error: M.specNotNumber('Время полёта', 'около часа'),
    })
    expect(convertSpecValue(attr('flight_time'), '30', 'км')).toEqual({
      error: M.specUnit('Время полёта', 'км', 'мин'),
    })
  })

  it('reads enum values by code, label or synonym and refuses others', () => {
    expect(convertSpecValue(attr('country'), 'Россия')).toEqual({ value: 'RU' })
    expect(convertSpecValue(attr('country'), 'КНР')).toEqual({ value: 'CN' })
    expect(convertSpecValue(attr('navigation'), 'GPS, ГЛОНАСС; rtk, GPS')).toEqual({ value: ['gps', 'glonass', 'rtk'] })
    expect(convertSpecValue(attr('ip_rating'), 'ip54')).toEqual({ value: 'IP54' })
    const error = convertSpecValue(attr('ip_rating'), 'IP99').error
    expect(error).toMatch(/^«Степень защиты»: значения «IP99» нет в списке \(IP43, IP44/)
  })

  it('reads yes and no', () => {
    expect(convertSpecValue(attr('rtk'), 'Да')).toEqual({ value: true })
    expect(convertSpecValue(attr('rtk'), 'нет')).toEqual({ value: false })
    expect(convertSpecValue(attr('rtk'), 'поддерживается')).toEqual({ value: true })
    expect(convertSpecValue(attr('rtk'), 'опция')).toEqual({ error: M.specNotBoolean('Поддержка RTK', 'опция') })
  })
})

const OFFER: ImportedOffer = {
  line: 5,
  sku: 'AT-30',
  title: 'Агродрон АТ-30',
  brand: 'АэроТех',
  model: 'АТ-30',
  fileCategory: '2',
  priceKopecks: 125_000_000,
  available: false,
  description: '<p>Опрыскиватель</p>',
  params: [
    { name: 'Время полёта', unit: 'мин', value: '22' },
    { name: 'Взлётная масса', unit: 'кг', value: '67,5' },
    { name: 'Навигация', value: 'GPS, ГЛОНАСС' },
    { name: 'Цвет', value: 'Белый' },
  ],
  pictures: ['https://x.example/1.jpg'],
}

const MAPPING: ImportMapping = {
  categories: { '2': 'multirotornye', '3': null, '1': 'bespilotniki' },
  params: {
    'Время полёта': 'flight_time',
    'Взлётная масса': 'max_takeoff_weight',
    Навигация: 'navigation',
    Цвет: null,
  },
  defaultVatRate: '22',
}

describe('offerToDraft', () => {
  it('converts an offer into draft fields with typed characteristics', () => {
    expect(offerToDraft(OFFER, MAPPING)).toEqual({
      draft: {
        sku: 'AT-30',
        title: 'Агродрон АТ-30',
        brand: 'АэроТех',
        model: 'АТ-30',
        categorySlug: 'multirotornye',
        priceKopecks: 125_000_000,
        vatRate: '22',
        availability: 'to_order',
        description: '<p>Опрыскиватель</p>',
        specs: { flight_time: 22, max_takeoff_weight: 67.5, navigation: ['gps', 'glonass'], type: 'multirotor' },
        pictures: ['https://x.example/1.jpg'],
      },
      errors: [],
    })
  })

  it('prefers the rate of the file over the default one', () => {
    expect(offerToDraft({ ...OFFER, vatRate: 'none' }, MAPPING).draft.vatRate).toBe('none')
  })

  it('reports each value that does not fit, by field, in Russian', () => {
    const offer: ImportedOffer = {
      ...OFFER,
      params: [
        { name: 'Время полёта', value: 'долго' },
        { name: 'Навигация', value: 'GPS, Компас' },
        { name: 'Тип', value: 'Самолётного типа' },
      ],
    }
    const { draft, errors } = offerToDraft(offer, {
      ...MAPPING,
      params: { ...MAPPING.params, Тип: 'type' },
      defaultVatRate: undefined,
    })
    expect(errors).toEqual([
      { field: 'specs.flight_time', message: M.specNotNumber('Время полёта', 'долго') },
      { field: 'specs.navigation', message: expect.stringMatching(/^«Навигация»: значения «Компас» нет в списке/) },
      { field: 'specs.type', message: M.specTypeMismatch('Самолётного типа', 'Мультироторные') },
      { field: 'specs.max_takeoff_weight', message: M.specRequired('Максимальная взлётная масса') },
      { field: 'vatRate', message: M.noVatRate },
    ])
    expect(draft.specs).toEqual({ type: 'multirotor' })
  })

  it('refuses an unmapped category and a category that is not a leaf', () => {
    expect(offerToDraft({ ...OFFER, fileCategory: '3' }, MAPPING).errors).toContainEqual({
      field: 'categorySlug',
      message: M.categoryNotMapped('3'),
    })
    const { draft, errors } = offerToDraft({ ...OFFER, fileCategory: '1' }, MAPPING)
    expect(draft.categorySlug).toBeNull()
    expect(errors).toEqual([{ field: 'categorySlug', message: M.categoryNotLeaf('Беспилотники') }])
  })
})
