import { sql } from 'drizzle-orm'
import type { Db } from '../server/db/client.ts'
import { queryRows } from '../server/modules/catalog/catalog.listing.ts'

/**
 * Product pages for bench:ssr: a model one seller sells, and a model with `offers` sellers'
 * offers (issue 33: the model page with 20 offers renders under the product page's budget). The
 * demo's most offered model gets copies of one of its offers from sellers that do not sell it
 * yet, each at its own price, until it has `offers` of them.
 */
export async function modelPagePaths(db: Db, offers: number): Promise<{ single: string; many: string }> {
  const [single] = await queryRows<{ slug: string }>(
    db,
    sql`select m.slug from catalog_products p join catalog_models m on m.id = p.model_id
        where p.status = 'published' and p.price_kopecks is not null and (
          select count(*) from catalog_products o where o.model_id = p.model_id and o.status = 'published') = 1
        order by p.popularity desc, m.slug limit 1`,
  )
  const [top] = await queryRows<{ model_id: string; id: string; modelSlug: string; n: number }>(
    db,
    sql`select p.model_id, p.id, m.slug as "modelSlug", (select count(*)::int from catalog_products o
          where o.model_id = p.model_id and o.status = 'published') as n
        from catalog_products p join catalog_models m on m.id = p.model_id
        where p.status = 'published' and p.price_kopecks is not null
        order by n desc, p.popularity desc, p.slug limit 1`,
  )
  if (!single || !top) throw new Error('The demo catalogue has no published products to measure')
  const missing = offers - top.n
  if (missing > 0) {
    await db.execute(sql`
      insert into catalog_products (slug, title, brand, model, model_id, vendor_organization_id, category_slug,
        price_kopecks, vat_rate, availability, stock_quantity, lead_time_days, warranty_months, description,
        images, specs, areas, status, published_at, popularity)
      select p.slug || '-bench-' || v.n, p.title, p.brand, p.model, p.model_id, v.id, p.category_slug,
        p.price_kopecks + v.n * 1000000, p.vat_rate, p.availability, p.stock_quantity, p.lead_time_days,
        12 * (1 + v.n % 3), p.description, p.images, p.specs, p.areas, 'published', now(), p.popularity / 2
      from catalog_products p,
        (select id, row_number() over (order by id) as n from (
          select distinct vendor_organization_id as id from catalog_products
          where vendor_organization_id not in (
            select vendor_organization_id from catalog_products where model_id = ${top.model_id})) s
         limit ${missing}) v
      where p.id = ${top.id}`)
  }
  const [{ n } = { n: 0 }] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from catalog_products where model_id = ${top.model_id} and status = 'published'`,
  )
  if (n < offers) throw new Error(`The model has ${n} offers, not ${offers}: the demo has too few sellers`)
  // Their models' pages (decision 061), each opening on its default offer.
  return { single: `/product/${single.slug}`, many: `/product/${top.modelSlug}` }
}
