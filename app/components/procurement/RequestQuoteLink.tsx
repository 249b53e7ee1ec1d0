import { AppLink } from '#app/components/AppLink.tsx'
import { buttonClass } from '#app/components/ui/button.tsx'
import { procurementLinks } from '#common/procurement-links.ts'

/**
 * «Запросить КП»: a new request for commercial offers about these catalogue offers (a product
 * page, the comparison) or the cart's lines. A plain link, so public pages load nothing more; the
 * request's form asks a guest to sign in.
 */
export function RequestQuoteLink({
  products,
  cart,
  variant = 'default',
}: {
  products?: string[]
  cart?: boolean
  variant?: 'default' | 'subtle' | 'outline'
}) {
  return (
    <AppLink to={procurementLinks.create({ products, cart })} className={buttonClass({ variant })}>
      Запросить КП
    </AppLink>
  )
}
