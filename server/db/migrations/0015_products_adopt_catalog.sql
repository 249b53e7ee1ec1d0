-- Every catalogue product gets an article number and a draft equal to what is on sale, so that
-- vendors find their whole catalogue in the cabinet (server/modules/products/products.adopt.ts).
UPDATE catalog_products
SET sku = 'BAS-' || upper(substr(replace(id::text, '-', ''), 1, 10))
WHERE sku = '';
--> statement-breakpoint
INSERT INTO product_drafts (
  id, organization_id, status, published, sku, title, brand, model, category_slug,
  price_kopecks, price_on_request, vat_rate, availability, lead_time_days, stock_quantity,
  description, areas, specs, images, documents, created_at, updated_at, submitted_at
)
SELECT
  p.id, p.vendor_organization_id, 'approved', p.status = 'published', p.sku, p.title, p.brand,
  p.model, p.category_slug, p.price_kopecks, p.price_kopecks IS NULL, p.vat_rate,
  p.availability, p.lead_time_days, p.stock_quantity,
  CASE WHEN p.description_html <> '' THEN p.description_html
       ELSE '<p>' || replace(replace(replace(replace(p.description, '&', '&amp;'), '<', '&lt;'), '>', '&gt;'),
                             E'\n\n', '</p><p>') || '</p>' END,
  p.areas, p.specs - 'areas_of_application' - 'type', p.images, p.documents, p.created_at, p.updated_at,
  p.published_at
FROM catalog_products p
WHERE NOT EXISTS (SELECT 1 FROM product_drafts d WHERE d.id = p.id);
