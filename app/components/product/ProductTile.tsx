import { AppImage } from '#app/components/AppImage.tsx'
import { AppLink } from '#app/components/AppLink.tsx'
import type { Availability, ProductImage } from '#common/catalog/products.ts'
import cards from '../ui/card-grid.module.css'
import classes from './ProductTile.module.css'

/** What a tile shows, formatted by the loader (toTileProduct in product-tile.server.ts). */
export interface TileProduct {
  id: string
  slug: string
  /** The model's page with this offer chosen. */
  href: string
  title: string
  brand: string
  image: ProductImage | null
  price: string
  availability: Availability
  availabilityLabel: string
}

/**
 * A small product card for the home page and «Похожие товары»: picture, name, price and
 * availability, the whole tile a link. Plain elements only — those pages have a first-load
 * JS budget, and the catalogue's card brings the compare button and its store.
 */
export function ProductTile({ product, headingLevel = 3 }: { product: TileProduct; headingLevel?: 2 | 3 | 4 }) {
  const Heading = `h${headingLevel}` as const
  return (
    <li className={`${cards.card} ${cards.cardFocus} ${classes.tile}`}>
      <span className={`${cards.picture} ${classes.picture}`}>
        {product.image ? (
          <AppImage src={product.image.src} alt="" size="tile" />
        ) : (
          <span className={cards.noImage}>Фото появится позже</span>
        )}
      </span>
      <span className={classes.body}>
        <span className={classes.brand}>{product.brand}</span>
        <Heading className={classes.title}>
          <AppLink to={product.href} className={classes.link}>
            {product.title}
          </AppLink>
        </Heading>
        <span className={classes.price}>{product.price}</span>
        <span className={classes.availability} data-availability={product.availability}>
          {product.availabilityLabel}
        </span>
      </span>
    </li>
  )
}

/** A row of tiles: two a line on phones, four on wide screens. */
export function ProductTiles({ products, headingLevel }: { products: TileProduct[]; headingLevel?: 2 | 3 | 4 }) {
  return (
    <ul className={`${cards.grid} ${cards.tiles}`}>
      {products.map((product) => (
        <ProductTile key={product.id} product={product} headingLevel={headingLevel} />
      ))}
    </ul>
  )
}
