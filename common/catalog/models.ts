import { isUuid } from '../validators.ts'
import { z } from '../zod.ts'
import { formatCount } from '../format.ts'
import type { ProductImage } from './products.ts'

/** A model of the catalogue as vendors pick it and staff compare it (decision 060). */
export interface ModelSummary {
  id: string
  slug: string
  title: string
  brand: string
  name: string
  partNumber: string
  gtin: string
  categorySlug: string
  image: ProductImage | null
  /** Offers on sale. */
  offerCount: number
}

export const MODEL_MESSAGES = {
  notFound: 'Модель не найдена',
  mergeIntoItself: 'Выберите другую модель: модель нельзя объединить саму с собой',
  attachedContent:
    'Описание, характеристики и фото берутся из модели каталога. Чтобы предложить свои, отвяжите товар от модели',
} as const

/** The query a model search needs at least; shorter ones find nothing. */
export const MODEL_QUERY_MIN = 2

export const MergeModelsInput = z.object({
  intoId: z.string('Выберите модель, с которой объединить').refine(isUuid, 'Выберите модель, с которой объединить'),
})

/** «P/N … · GTIN … · 3 предложения», after the brand and name when `named`: a model in a list. */
export function modelDetails(model: ModelSummary, extra: { named?: boolean; category?: string } = {}): string {
  return [
    extra.named && `${model.brand} ${model.name}`,
    extra.category,
    model.partNumber && `P/N ${model.partNumber}`,
    model.gtin && `GTIN ${model.gtin}`,
    formatCount(model.offerCount, ['предложение', 'предложения', 'предложений']),
  ]
    .filter(Boolean)
    .join(' · ')
}
