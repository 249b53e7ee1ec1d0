-- How many distinct combinations of the facet columns there are, so the planner sizes the
-- grouping of a listing's facet counts for a hash table instead of sorting the whole category.
CREATE STATISTICS IF NOT EXISTS "catalog_products_facet_stats" (ndistinct)
  ON "brand", "vendor_organization_id", "drone_type", "availability", "made_in_russia", "rtk"
  FROM "catalog_products";
