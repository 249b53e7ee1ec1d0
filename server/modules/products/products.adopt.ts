import { sql } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'

/**
 * Gives every catalogue product without a draft one, equal to what is on sale (approved), and an
 * article number when it has none, so that vendors find their whole catalogue in the cabinet.
 * Migration 0015 did this for databases that existed then; the demo seed calls it after writing
 * the catalogue. The plain description becomes paragraphs of HTML.
 */
export async function adoptCatalogProducts(db: Db): Promise<void> {
  await db.execute(sql`
    update catalog_products
    set sku = 'BAS-' || upper(substr(replace(id::text, '-', ''), 1, 10))
    where sku = ''`)
  await db.execute(sql`
    insert into product_drafts (
      id, organization_id, status, published, sku, title, brand, model, category_slug,
      price_kopecks, price_on_request, vat_rate, availability, lead_time_days, stock_quantity,
      description, areas, specs, images, documents, created_at, updated_at, submitted_at
    )
    select
      p.id, p.vendor_organization_id, 'approved', p.status = 'published', p.sku, p.title, p.brand,
      p.model, p.category_slug, p.price_kopecks, p.price_kopecks is null, p.vat_rate,
      p.availability, p.lead_time_days, p.stock_quantity,
      case when p.description_html <> '' then p.description_html
           else '<p>' || replace(replace(replace(replace(p.description, '&', '&amp;'), '<', '&lt;'), '>', '&gt;'),
                                 E'\n\n', '</p><p>') || '</p>' end,
      p.areas, p.specs - 'areas_of_application' - 'type', p.images, p.documents, p.created_at, p.updated_at,
      p.published_at
    from catalog_products p
    where not exists (select 1 from product_drafts d where d.id = p.id)`)
}
