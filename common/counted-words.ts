import type { PluralForms } from './format.ts'

/**
 * The nouns messages count, in the three forms formatCount picks from. Russian declines a counted
 * noun by what stands before the number, so each word comes in the case its phrases need.
 */

/** After «уже», «через», «осталось» (nominative/accusative): «уже 1 товар», «через 2 дня», «5 раз». */
export const DAYS: PluralForms = ['день', 'дня', 'дней']
export const LINES: PluralForms = ['позиция', 'позиции', 'позиций']
export const PRODUCTS: PluralForms = ['товар', 'товара', 'товаров']
export const PROPOSALS: PluralForms = ['предложение', 'предложения', 'предложений']
export const REQUESTS: PluralForms = ['заявка', 'заявки', 'заявок']
export const SERVICES: PluralForms = ['услуга', 'услуги', 'услуг']
export const TIMES: PluralForms = ['раз', 'раза', 'раз']
/** After «за»: «за 1 секунду», «за 15 секунд». */
export const SECONDS_WITHIN: PluralForms = ['секунду', 'секунды', 'секунд']

/**
 * After «не больше», «не длиннее», «не короче», «до», «в течение» (genitive): «не больше
 * 1 символа», «не больше 21 файла», «не больше 5 символов».
 */
export const CHARACTERS_UP_TO: PluralForms = ['символа', 'символов', 'символов']
export const DAYS_UP_TO: PluralForms = ['дня', 'дней', 'дней']
export const DOCUMENTS_UP_TO: PluralForms = ['документа', 'документов', 'документов']
export const EXECUTORS_UP_TO: PluralForms = ['исполнителя', 'исполнителей', 'исполнителей']
export const FILES_UP_TO: PluralForms = ['файла', 'файлов', 'файлов']
export const LINES_UP_TO: PluralForms = ['позиции', 'позиций', 'позиций']
export const MINUTES_UP_TO: PluralForms = ['минуты', 'минут', 'минут']
export const MODELS_UP_TO: PluralForms = ['модели', 'моделей', 'моделей']
export const PHOTOS_UP_TO: PluralForms = ['фотографии', 'фотографий', 'фотографий']
export const POINTS_UP_TO: PluralForms = ['точки', 'точек', 'точек']
export const PRODUCTS_UP_TO: PluralForms = ['товара', 'товаров', 'товаров']
export const SUPPLIERS_UP_TO: PluralForms = ['поставщика', 'поставщиков', 'поставщиков']
export const TAGS_UP_TO: PluralForms = ['тега', 'тегов', 'тегов']
export const VALUES_UP_TO: PluralForms = ['значения', 'значений', 'значений']
export const WORKING_DAYS_UP_TO: PluralForms = ['рабочего дня', 'рабочих дней', 'рабочих дней']
