import type { CategoryRef, ProductCard } from './catalog/types.ts'
import { getCategory } from './catalog/categories.ts'
import { z } from './zod.ts'
import { quote, formatCount } from '#common/format.ts'
import { PRODUCTS } from '#common/counted-words.ts'

/** How many products of one category can be compared at once: more do not fit side by side. */
export const COMPARE_LIMIT_PER_CATEGORY = 6

export function compareLimitMessage(categoryTitle: string): string {
  return `В сравнении уже ${formatCount(COMPARE_LIMIT_PER_CATEGORY, PRODUCTS)} из категории ${quote(categoryTitle)}. Удалите один из них, чтобы добавить новый.`
}

export const COMPARE_MESSAGES = {
  productId: 'Укажите товар: нужен его идентификатор (UUID)',
  category: 'Нет такой категории',
  notFound: 'Товар не найден или снят с продажи',
} as const

/** POST /compare/items; DELETE /compare/items/{productId}. */
export const CompareItemInput = z.object({ productId: z.uuid({ error: COMPARE_MESSAGES.productId }) })

/** DELETE /compare?category=: the whole list, or one category's products. */
export const CompareClearQuery = z.object({
  category: z
    .string()
    .max(100)
    .refine((slug) => getCategory(slug) !== undefined, { error: COMPARE_MESSAGES.category })
    .optional(),
})

/** What the compare buttons need: the ids of compared products on sale, and their number. */
export interface CompareIds {
  ids: string[]
  count: number
}

/** A product's column in the comparison table. */
export type CompareProduct = Pick<
  ProductCard,
  | 'id'
  | 'slug'
  | 'modelSlug'
  | 'href'
  | 'title'
  | 'brand'
  | 'model'
  | 'vendor'
  | 'priceKopecks'
  | 'vatRate'
  | 'availability'
  | 'leadTimeDays'
  | 'image'
>

export interface CompareRow {
  /** An attribute code, or one of the product's own fields ('price', 'availability', 'vendor'). */
  code: string
  title: string
  section: 'main' | 'specs'
  /** Per product, in column order; null when the product has no value. */
  values: (string | null)[]
  /** Not every product shows the same value: what «Только различия» keeps. */
  differs: boolean
  /** Columns holding the best value (numbers whose better end is known, and the price). */
  best: number[]
}

export interface CompareGroup {
  category: CategoryRef
  products: CompareProduct[]
  rows: CompareRow[]
}

export interface CompareView {
  /** In the category tree's order; products in the order they were added. */
  groups: CompareGroup[]
  count: number
}
