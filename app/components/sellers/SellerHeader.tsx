import { PRODUCT_FORMS } from '#common/catalog/format.ts'
import type { SellerCard } from '#common/catalog/types.ts'
import { formatCount, formatDate } from '#app/lib/format.ts'
import { ReviewSummaryLine } from '../reviews/ReviewList.tsx'
import { WriteToSeller } from '../chat/WriteToSeller.tsx'
import { SellerLogo } from './SellerLogo.tsx'
import classes from './sellers.module.css'

/** The seller page's header: logo, name (the page's h1), region, website, since when, a question to them, about. */
export function SellerHeader({
  seller,
  rating,
}: {
  seller: SellerCard & { createdAt: string; vendorSince: string }
  /** Its reviews' average and count, shown under the name once there are any. */
  rating?: { average: number; count: number }
}) {
  const paragraphs = seller.description
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean)
  return (
    <header className={classes.header}>
      <SellerLogo name={seller.name} logo={seller.logo} size={96} eager />
      <div className={classes.headerBody}>
        <h1 className={classes.title}>{seller.name}</h1>
        {/* The day staff confirmed the vendor role against its documents; the tick is the stylesheet's. */}
        <p className={classes.verified}>Проверен платформой {formatDate(seller.vendorSince)}</p>
        {rating && rating.count > 0 && (
          <a href="#reviews">
            <ReviewSummaryLine average={rating.average} count={rating.count} />
          </a>
        )}
        <dl className={classes.facts}>
          {seller.region && (
            <div>
              <dt>Регион</dt>
              <dd>{seller.region}</dd>
            </div>
          )}
          <div>
            <dt>В каталоге</dt>
            <dd>{formatCount(seller.productCount, PRODUCT_FORMS)}</dd>
          </div>
          {seller.website && (
            <div>
              <dt>Сайт</dt>
              <dd>
                <a href={seller.website} target="_blank" rel="noopener noreferrer nofollow">
                  {seller.website.replace(/^https?:\/\//, '').replace(/\/$/, '')}
                </a>
              </dd>
            </div>
          )}
        </dl>
        <WriteToSeller input={{ sellerSlug: seller.slug }} sellerOrganizationId={seller.id} />
        {paragraphs.length > 0 && (
          <div className={classes.about}>
            {paragraphs.map((p, i) => (
              <p key={i}>{p}</p>
            ))}
          </div>
        )}
      </div>
    </header>
  )
}
