import type { Extensions } from '@tiptap/core'
import { TableExtensions } from '#app/components/rich-text/table.ts'
import { FigureImage } from './figure-image.ts'
import { type EmbedCardProduct, ProductEmbed } from './product-embed.tsx'

/** What an article's body has beyond the shared editor's text: pictures, product cards, tables. */
export const articleExtensions = (products: Map<string, EmbedCardProduct>): Extensions => [
  FigureImage,
  ProductEmbed.configure({ products }),
  ...TableExtensions,
]
