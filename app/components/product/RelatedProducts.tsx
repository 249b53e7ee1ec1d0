import classes from './product.module.css'
import { ProductTiles, type TileProduct } from './ProductTile.tsx'

/** «Похожие товары»: the same category's products nearest by their characteristics, as small tiles. */
export function RelatedProducts({ products }: { products: TileProduct[] }) {
  if (!products.length) return null
  return (
    <section className={classes.related} aria-labelledby="related-title">
      <h2 id="related-title" className={classes.sectionTitle}>
        Похожие товары
      </h2>
      <ProductTiles products={products} />
    </section>
  )
}
