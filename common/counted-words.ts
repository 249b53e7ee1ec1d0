import type { PluralForms } from './format.ts'

/**
 * The nouns messages count, in the three forms formatCount picks from. Russian declines a counted
 * noun by what stands before the number, so each word comes in the case its phrases need.
 */

/** After «уже», «через», «осталось» (nominative/accusative): «уже 1 товар», «через 2 дня», «5 раз». */
export const COUNTED = {
  days: ['день', 'дня', 'дней'],
  lines: ['позиция', 'позиции', 'позиций'],
  products: ['товар', 'товара', 'товаров'],
  proposals: ['предложение', 'предложения', 'предложений'],
  requests: ['заявка', 'заявки', 'заявок'],
  services: ['услуга', 'услуги', 'услуг'],
  times: ['раз', 'раза', 'раз'],
} as const satisfies Record<string, PluralForms>

/**
 * After «не больше», «не длиннее», «не короче», «до», «в течение» (genitive): «не больше
 * 1 символа», «не больше 21 файла», «не больше 5 символов».
 */
export const UP_TO = {
  characters: ['символа', 'символов', 'символов'],
  days: ['дня', 'дней', 'дней'],
  documents: ['документа', 'документов', 'документов'],
  executors: ['исполнителя', 'исполнителей', 'исполнителей'],
  files: ['файла', 'файлов', 'файлов'],
  minutes: ['минуты', 'минут', 'минут'],
  photos: ['фотографии', 'фотографий', 'фотографий'],
  points: ['точки', 'точек', 'точек'],
  products: ['товара', 'товаров', 'товаров'],
  tags: ['тега', 'тегов', 'тегов'],
  values: ['значения', 'значений', 'значений'],
  workingDays: ['рабочего дня', 'рабочих дней', 'рабочих дней'],
} as const satisfies Record<string, PluralForms>
