import { AppLink } from '#app/components/AppLink.tsx'
import { PRODUCT_FORMS } from '#common/catalog/format.ts'
import type { SellerCard } from '#common/catalog/types.ts'
import { formatCount } from '#app/lib/format.ts'
import cards from '../ui/card-grid.module.css'
import { SellerLogo } from './SellerLogo.tsx'
import classes from './sellers.module.css'

/**
 * One seller in the list. The name is a heading and the link; the link's box covers the tile,
 * so the whole tile is clickable while screen readers hear one link per seller.
 */
export function SellerTile({ seller }: { seller: SellerCard }) {
  return (
    <li className={`${cards.card} ${cards.cardFocus} ${classes.tile}`}>
      <div className={classes.tileHead}>
        <SellerLogo name={seller.name} logo={seller.logo} size={56} />
        <div className={classes.tileTitle}>
          <h2 className={classes.tileName}>
            <AppLink to={`/sellers/${seller.slug}`} className={classes.tileLink}>
              {seller.name}
            </AppLink>
          </h2>
          {seller.region && <p className={classes.tileMeta}>{seller.region}</p>}
        </div>
      </div>
      {seller.description && <p className={classes.tileDescription}>{seller.description}</p>}
      <p className={classes.tileCount}>{formatCount(seller.productCount, PRODUCT_FORMS)}</p>
    </li>
  )
}
