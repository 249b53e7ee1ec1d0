import type { RouterContextProvider } from 'react-router'
import { getAppContext } from '#app/lib/load-context.ts'
import type { Reviewable } from '#common/reviews.ts'

/**
 * What `OrderReviews` needs, for the buyer's order page loader:
 * `reviewable: await loadOrderReviews(context, params.nr)`. Another organization's order is a
 * 404 (the service's), like the order itself.
 */
export function loadOrderReviews(context: Readonly<RouterContextProvider>, orderNumber: string): Promise<Reviewable> {
  const { services, ctx } = getAppContext(context)
  return services.reviews.reviewableFor(ctx, orderNumber)
}
