-- A model's address and its offers' old addresses share /product/{slug}: an old product address
-- redirects to its model, so no model may take a product's slug. The few that did get the first
-- piece of their id (decision 061).
UPDATE "catalog_models" AS m SET "slug" = left(m."slug", 71) || '-' || left(m."id"::text, 8)
WHERE EXISTS (SELECT 1 FROM "catalog_products" AS p WHERE p."slug" = m."slug");
