import type { OfferCard as Offer } from '#common/exchange/listing.ts'
import { exchangeLinks } from '#common/exchange/links.ts'
import { formatServicePrice, SERVICE_TYPE_LABELS } from '#common/exchange/services.ts'
import { formatNumber } from '#app/lib/format.ts'
import { AppImage } from '#app/components/AppImage.tsx'
import { AppLink } from '#app/components/AppLink.tsx'
import cards from '#app/components/ui/card-grid.module.css'
import { regionsLine } from './labels.ts'
import classes from './exchange.module.css'

/**
 * An offer on the exchange: the whole card is one link to the offer on the vendor's services page.
 * `priority` for the list's first card: on a phone its photo is the page's largest paint.
 */
export function OfferCard({ offer, priority = false }: { offer: Offer; priority?: boolean }) {
  const { seller } = offer
  return (
    <li className={`${cards.card} ${cards.cardFocus} ${classes.card}`}>
      {offer.photo ? (
        <AppImage className={classes.photo} src={offer.photo.src} alt="" size="offerCard" priority={priority} />
      ) : (
        <div className={classes.noPhoto} aria-hidden="true" />
      )}
      <div className={classes.cardBody}>
        <p className={classes.kind}>{SERVICE_TYPE_LABELS[offer.type]}</p>
        <h2 className={classes.cardTitle}>
          <AppLink className={classes.cardLink} to={`${exchangeLinks.sellerServices(seller.slug)}#offer-${offer.id}`}>
            {offer.title}
          </AppLink>
        </h2>
        <p className={classes.price}>{formatServicePrice(offer.priceFromKopecks, offer.priceUnit)}</p>
        <p className={classes.meta}>{regionsLine(offer.regions, offer.nationwide)}</p>
        <p className={classes.meta}>
          {seller.name}
          {seller.rating.count > 0 && (
            <span className={classes.rating}>
              {' · '}★ {formatNumber(seller.rating.average, 1)}{' '}
              <span className={classes.dim}>({seller.rating.count})</span>
            </span>
          )}
        </p>
      </div>
    </li>
  )
}
