import { formatPrice } from '#common/catalog/format.ts'
import { AVAILABILITY_LABELS } from '#common/catalog/products.ts'
import type { ProductCard } from '#common/catalog/types.ts'
import type { TileProduct } from './ProductTile.tsx'

/**
 * A product tile's data, formatted in the loader: the tile's page then ships neither the
 * formatting code nor the characteristic registry it imports (the home page's budget).
 */
export function toTileProduct(card: ProductCard): TileProduct {
  return {
    id: card.id,
    slug: card.slug,
    href: card.href,
    title: card.title,
    brand: card.brand,
    image: card.image,
    price: formatPrice(card.priceKopecks),
    availability: card.availability,
    availabilityLabel: AVAILABILITY_LABELS[card.availability],
  }
}
