import { formatPrice, OFFER_FORMS } from '#common/catalog/format.ts'
import { ACCESSORY_ROOT } from '#common/catalog/categories.ts'
import { AVAILABILITY_LABELS } from '#common/catalog/products.ts'
import type { CompatibleGroup, CompatibleModel } from '#common/catalog/types.ts'
import { formatCount } from '#common/format.ts'
import type { CompatibleKind } from './Compatibility.tsx'
import type { TileProduct } from './ProductTile.tsx'

/** A compatible model as a tile: «от 9 500 ₽» and «В наличии · 3 предложения» when several sell it. */
export function toCompatibleTile(model: CompatibleModel): TileProduct {
  const several = model.offerCount > 1
  const price = formatPrice(model.lowPriceKopecks)
  return {
    id: model.slug,
    slug: model.slug,
    href: model.href,
    title: model.title,
    brand: model.brand,
    image: model.image,
    price: several && model.lowPriceKopecks !== null ? `от ${price}` : price,
    availability: model.availability,
    availabilityLabel:
      AVAILABILITY_LABELS[model.availability] + (several ? ` · ${formatCount(model.offerCount, OFFER_FORMS)}` : ''),
  }
}

/** A product page's compatibility, formatted in the loader (the page's first-load budget). */
export function toCompatibility(
  compatibility: { fits: CompatibleModel[]; accessories: CompatibleGroup[] },
  modelSlug: string | null,
): { kinds: CompatibleKind[]; fits: TileProduct[]; catalogHref: string | null } {
  return {
    fits: compatibility.fits.map(toCompatibleTile),
    kinds: compatibility.accessories.map((group) => ({
      kind: group.kind.title,
      tiles: group.models.map(toCompatibleTile),
    })),
    catalogHref:
      modelSlug && compatibility.accessories.length
        ? `/catalog/${ACCESSORY_ROOT}?compatible=${encodeURIComponent(modelSlug)}`
        : null,
  }
}
