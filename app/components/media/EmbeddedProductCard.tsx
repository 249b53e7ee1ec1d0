import { AppLink } from '#app/components/AppLink.tsx'
import { formatPrice } from '#common/catalog/format.ts'
import type { EmbeddedProduct } from '#common/media/articles.ts'
import { ArticlePicture } from './ArticlePicture.tsx'
import classes from './ArticleView.module.css'

export const EMBED_AVAILABILITY_LABELS: Record<EmbeddedProduct['availability'], string> = {
  in_stock: 'В наличии',
  on_order: 'Под заказ',
  out_of_stock: 'Нет в наличии',
}

/** A product inside an article, read live when the page renders: photo, name, price, availability, seller. */
export function EmbeddedProductCard({ product }: { product: EmbeddedProduct }) {
  const href = `/product/${product.slug}`
  return (
    <aside className={classes.product} aria-label={`Товар: ${product.name}`} data-product-card={product.id}>
      <span className={classes.productPicture}>
        {product.image ? (
          <ArticlePicture image={product.image} size="articleProduct" decorative className={classes.productImage} />
        ) : (
          <span className={classes.productNoImage}>Фото появится позже</span>
        )}
      </span>
      <span className={classes.productBody}>
        <AppLink to={href} className={classes.productName}>
          {product.name}
        </AppLink>
        <span className={classes.productSeller}>{product.sellerName}</span>
        <span className={classes.productOffer}>
          <span className={classes.productPrice}>{formatPrice(product.priceKopecks)}</span>
          <span className={classes.productAvailability} data-availability={product.availability}>
            {EMBED_AVAILABILITY_LABELS[product.availability]}
          </span>
        </span>
      </span>
    </aside>
  )
}
