import type { ActionResult } from '#app/lib/action-result.ts'
import type { AppLoadContext } from '#app/lib/load-context.ts'
import type { BulkAction } from '#common/products.ts'

/** One page of a tab of the seller's products, as the list page's loader hands it over. */
export type ProductsPage = Awaited<ReturnType<AppLoadContext['services']['products']['list']>>

/** What a bulk action on the checked products answers: each product succeeds or fails on its own. */
export type BulkResult = ActionResult<{
  action: BulkAction
  done: number
  failed: { id: string; title: string; message: string }[]
}>
