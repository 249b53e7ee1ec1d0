import { AppLink } from '#app/components/AppLink.tsx'
import { WriteToSeller } from '#app/components/chat/WriteToSeller.tsx'
import { SellerLogo } from '#app/components/sellers/SellerLogo.tsx'
import type { SellerCard } from '#common/catalog/types.ts'
import classes from './product.module.css'

/** Who sells the product: logo or initials, name, region, how many products, their page, a question to them. */
export function VendorCard({
  seller,
  productCount,
  productSlug,
}: {
  seller: SellerCard
  productCount: string
  productSlug: string
}) {
  return (
    <div className={classes.vendor}>
      <p className={classes.vendorLabel}>Продавец</p>
      <div className={classes.vendorHead}>
        <SellerLogo name={seller.name} logo={seller.logo} size={56} />
        <div className={classes.vendorText}>
          <AppLink to={`/sellers/${seller.slug}`} className={classes.vendorName}>
            {seller.name}
          </AppLink>
          {seller.region && <span className={classes.vendorMeta}>{seller.region}</span>}
          <span className={classes.vendorMeta}>{productCount} в каталоге</span>
        </div>
      </div>
      <WriteToSeller input={{ productSlug }} sellerOrganizationId={seller.id} />
      <AppLink to={`/sellers/${seller.slug}`} className={classes.more}>
        Все товары продавца
      </AppLink>
    </div>
  )
}
