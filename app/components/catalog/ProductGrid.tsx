import type { ProductTile } from '#common/catalog/types.ts'
import cards from '../ui/card-grid.module.css'
import classes from './catalog.module.css'
import { ProductCard } from './ProductCard.tsx'

/** The result grid; the first row's pictures load eagerly, the first one first (it is the largest paint). */
export function ProductGrid({ items, eagerCount = 3 }: { items: ProductTile[]; eagerCount?: number }) {
  return (
    <ul className={`${cards.grid} ${cards.gapMd} ${cards.products} ${classes.grid}`}>
      {items.map((product, i) => (
        <li key={product.id}>
          <ProductCard product={product} eager={i < eagerCount} priority={i === 0 && eagerCount > 0} />
        </li>
      ))}
    </ul>
  )
}
