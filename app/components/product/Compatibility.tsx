import { AppLink } from '#app/components/AppLink.tsx'
import classes from './product.module.css'
import { ProductTiles, type TileProduct } from './ProductTile.tsx'

/** A drone's accessories of one kind, as tiles (compatibility.server.ts formats them). */
export interface CompatibleKind {
  kind: string
  tiles: TileProduct[]
}

/**
 * Compatibility on a product page (decision 062). A drone's page: «Совместимые аксессуары и
 * запчасти» by kind, with a link to all of them in the catalogue; an accessory's page: «Подходит к
 * моделям», the drones it fits. Nothing when there is nothing to list.
 */
export function Compatibility({
  kinds,
  fits,
  catalogHref,
}: {
  kinds: CompatibleKind[]
  fits: TileProduct[]
  /** The catalogue filtered to what fits this drone. */
  catalogHref: string | null
}) {
  if (fits.length)
    return (
      <section className={classes.related} aria-labelledby="fits-title">
        <h2 id="fits-title" className={classes.sectionTitle}>
          Подходит к моделям
        </h2>
        <ProductTiles products={fits} />
      </section>
    )
  if (!kinds.length) return null
  return (
    <section className={classes.related} aria-labelledby="accessories-title">
      <h2 id="accessories-title" className={classes.sectionTitle}>
        Совместимые аксессуары и запчасти
      </h2>
      {kinds.map((group) => (
        <section key={group.kind} aria-label={group.kind} className={classes.compatibleKind}>
          <h3 className={classes.compatibleKindTitle}>{group.kind}</h3>
          <ProductTiles products={group.tiles} headingLevel={4} />
        </section>
      ))}
      {catalogHref && (
        <p>
          <AppLink to={catalogHref}>Все совместимые товары в каталоге</AppLink>
        </p>
      )}
    </section>
  )
}
