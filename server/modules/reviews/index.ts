import { defineModule } from '../module.ts'
import { memberDirectory } from '../organizations/index.ts'
import { reviewsRoutes } from './reviews.routes.ts'
import { createReviewsService, type ReviewsService } from './reviews.service.ts'
import * as tables from './reviews.table.ts'

/**
 * Reviews from real purchases: a buying organization rates the products and the seller of an
 * order it received (the orders module says which), the seller answers once, staff hide abuse.
 */
export const reviewsModule = defineModule({
  name: 'reviews',
  tables,
  routes: reviewsRoutes,
  service: ({ limiter }, { orders, sellers, notifications, catalog }): ReviewsService =>
    createReviewsService({
      catalog,
      orders,
      sellers,
      members: memberDirectory,
      events: notifications,
      limiter,
    }),
})
