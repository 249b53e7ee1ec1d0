import { RUSSIA_CODE, countryByCode } from './countries.ts'
import { singleLineText } from './text.ts'
import { z } from './zod.ts'

/**
 * Where a vendor's goods were made and the customs declaration they came in under: what its
 * transfer documents print in columns 10, 10а and 11 for imported goods. The vendor keeps them
 * with the offer; they are accounting data, not the catalogue's, so they change without moderation.
 */

export interface ProductOrigin {
  /** ОКСМ code; null for goods made in Russia or when the vendor does not say. */
  countryCode: string | null
  /** «10702070/151026/5012345», optionally with the goods' line «/1»; null when not imported. */
  customsDeclaration: string | null
}

export const PRODUCT_ORIGIN_MESSAGES = {
  country: 'Выберите страну из списка ОКСМ',
  russia: 'Для товаров российского производства страну и декларацию не указывают: оставьте поле пустым',
  declaration:
    'Номер декларации на товары — в формате «код таможни/ДДММГГ/номер»: 8 цифр, 6 цифр и 7 цифр через косую черту, например 10702070/151026/5012345',
  declarationWithoutCountry: 'Укажите страну происхождения товара, ввезённого по декларации',
}

const DECLARATION = /^\d{8}\/\d{6}\/\d{7}(\/\d{1,3})?$/

export const ProductOriginInput = z
  .object({
    countryCode: z
      .string()
      .trim()
      .transform((value) => value || null)
      .nullable()
      .refine((code) => code === null || countryByCode(code) !== undefined, PRODUCT_ORIGIN_MESSAGES.country)
      .refine((code) => code !== RUSSIA_CODE, PRODUCT_ORIGIN_MESSAGES.russia),
    customsDeclaration: singleLineText()
      .max(40, PRODUCT_ORIGIN_MESSAGES.declaration)
      .transform((value) => value.replace(/\s+/g, '') || null)
      .nullable()
      .refine((value) => value === null || DECLARATION.test(value), PRODUCT_ORIGIN_MESSAGES.declaration),
  })
  .refine((origin) => !origin.customsDeclaration || origin.countryCode, {
    path: ['countryCode'],
    message: PRODUCT_ORIGIN_MESSAGES.declarationWithoutCountry,
  })
