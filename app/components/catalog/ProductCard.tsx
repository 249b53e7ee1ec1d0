import { AppImage } from '#app/components/AppImage.tsx'
import { AppLink } from '#app/components/AppLink.tsx'
import { AddToCartButton } from '#app/components/cart/AddToCartButton.tsx'
import { CompareButton } from '#app/components/compare/CompareButton.tsx'
import { formatLeadTime, formatOfferCount, formatPrice, formatPriceFrom } from '#common/catalog/format.ts'
import { AVAILABILITY_LABELS } from '#common/catalog/products.ts'
import { vatNoteOf } from '#common/catalog/vat.ts'
import { type ProductTile, TILE_SPECS } from '#common/catalog/types.ts'
import cards from '../ui/card-grid.module.css'
import classes from './catalog.module.css'
import { Highlighted } from './Highlighted.tsx'

/**
 * A catalogue card: picture, name (search matches marked), brand and model, key characteristics,
 * price with its VAT note, availability, the seller and the compare toggle. A model with several
 * offers shows the lowest price «от …» and how many offers link to their list instead.
 */
export function ProductCard({
  product,
  eager = false,
  priority = false,
}: {
  product: ProductTile
  eager?: boolean
  /** The page's LCP picture: fetched before the others. */
  priority?: boolean
}) {
  const href = product.href
  // A model with several offers: the card is its best offer, priced from the lowest of them.
  const offers = product.offers
  const lead = product.availability === 'to_order' ? formatLeadTime(product.leadTimeDays) : ''
  return (
    <article className={classes.card}>
      {/* The title below is the card's link; its box also covers the picture, for the mouse. */}
      <div className={`${cards.picture} ${classes.cardImage}`}>
        {product.image ? (
          <AppImage
            src={product.image.src}
            alt=""
            size="productCard"
            loading={eager ? 'eager' : 'lazy'}
            priority={priority}
          />
        ) : (
          <span className={cards.noImage}>Фото появится позже</span>
        )}
      </div>
      <div className={classes.cardBody}>
        <h3 className={classes.cardTitle}>
          <AppLink to={href}>
            {product.titleHighlighted ? <Highlighted html={product.titleHighlighted} /> : product.title}
          </AppLink>
        </h3>
        <p className={classes.muted}>{`${product.brand} · ${product.model}`}</p>
        {product.keySpecs.length > 0 && (
          <dl className={classes.specs}>
            {product.keySpecs.slice(0, TILE_SPECS).map((spec) => (
              <div key={spec.code}>
                <dt>{spec.title}</dt>
                <dd>{spec.display}</dd>
              </div>
            ))}
          </dl>
        )}
        {product.snippetHighlighted && (
          <p className={classes.snippet}>
            <Highlighted html={product.snippetHighlighted} />
          </p>
        )}
        <div className={classes.cardFooter}>
          {offers ? (
            <>
              <p className={classes.price}>{formatPriceFrom(offers.lowPriceKopecks)}</p>
              <p className={classes.vendor}>
                <AppLink to={`${href}#offers`}>{formatOfferCount(offers.count, offers.sellerCount)}</AppLink>
              </p>
            </>
          ) : (
            <>
              <p className={classes.price}>{formatPrice(product.priceKopecks)}</p>
              {product.priceKopecks !== null && <p className={classes.muted}>{vatNoteOf(product.vatRate)}</p>}
            </>
          )}
          <p className={classes.stock} data-availability={product.availability}>
            {AVAILABILITY_LABELS[product.availability]}
            {lead && `, ${lead}`}
          </p>
          {(!offers || offers.sellerCount === 1) && (
            <p className={classes.vendor}>
              Продавец: <AppLink to={`/sellers/${product.vendor.slug}`}>{product.vendor.name}</AppLink>
            </p>
          )}
          <div className={classes.compare}>
            <AddToCartButton productId={product.id} productTitle={product.title} />
            <CompareButton productId={product.id} productTitle={product.title} />
          </div>
        </div>
      </div>
    </article>
  )
}
