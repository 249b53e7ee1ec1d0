import type { MetaDescriptor } from 'react-router'
import { seoMeta } from '#app/lib/seo.ts'
import type { ProductSeo } from './product-seo.server.ts'

/**
 * The tags of `meta`. JSON-LD goes through React Router's `script:ld+json`, which escapes `<`,
 * `>` and `&` as \u003c… so seller text cannot close the script. A data block is not executed,
 * so the Content-Security-Policy's script-src (nonces) does not apply to it.
 */
export function productMeta(data: ProductSeo | undefined): MetaDescriptor[] {
  if (!data) return []
  return [...seoMeta(data.seo), ...data.jsonLd.map((ld) => ({ 'script:ld+json': ld }) as MetaDescriptor)]
}
