CREATE TABLE "catalog_removed" (
	"product_id" uuid PRIMARY KEY NOT NULL,
	"revision" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "catalog_state" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"revision" bigint DEFAULT 0 NOT NULL,
	"reset_revision" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
DROP INDEX "catalog_products_listing_idx";--> statement-breakpoint
DROP INDEX "catalog_products_search_idx";--> statement-breakpoint
DROP INDEX "catalog_products_search_text_idx";--> statement-breakpoint
DROP INDEX "catalog_products_areas_idx";--> statement-breakpoint
DROP INDEX "catalog_products_facets_idx";--> statement-breakpoint
DROP INDEX "catalog_products_popular_idx";--> statement-breakpoint
DROP INDEX "catalog_products_price_idx";--> statement-breakpoint
DROP INDEX "catalog_products_price_desc_idx";--> statement-breakpoint
DROP INDEX "catalog_products_new_idx";--> statement-breakpoint
ALTER TABLE "catalog_products" ADD COLUMN "revision" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "catalog_removed_revision_idx" ON "catalog_removed" USING btree ("revision");--> statement-breakpoint
CREATE INDEX "catalog_products_revision_idx" ON "catalog_products" USING btree ("revision");--> statement-breakpoint
-- Listings are answered from an in-memory index of the published products (decision 011): the
-- indexes and statistics that served the listing statement go, the revision machinery comes.
DROP STATISTICS IF EXISTS "catalog_products_facet_stats";--> statement-breakpoint
INSERT INTO "catalog_state" ("id", "revision", "reset_revision") VALUES (1, 1, 1);--> statement-breakpoint
ALTER TABLE "catalog_state" ADD CONSTRAINT "catalog_state_one_row" CHECK ("id" = 1);--> statement-breakpoint
-- The revision of the current transaction: the first change takes the next one and keeps the
-- state row locked until commit, so revisions become visible in order; later changes in the same
-- transaction reuse it (a transaction-local setting).
CREATE FUNCTION catalog_transaction_revision() RETURNS bigint LANGUAGE plpgsql AS $$
DECLARE
  current_revision bigint := nullif(current_setting('catalog.revision', true), '')::bigint;
BEGIN
  IF current_revision IS NULL THEN
    UPDATE catalog_state SET revision = revision + 1 WHERE id = 1 RETURNING revision INTO current_revision;
    PERFORM set_config('catalog.revision', current_revision::text, true);
  END IF;
  RETURN current_revision;
END $$;--> statement-breakpoint
CREATE FUNCTION catalog_products_stamp() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.revision := catalog_transaction_revision();
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE FUNCTION catalog_products_removed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO catalog_removed (product_id, revision) VALUES (OLD.id, catalog_transaction_revision())
    ON CONFLICT (product_id) DO UPDATE SET revision = excluded.revision;
  RETURN OLD;
END $$;--> statement-breakpoint
CREATE FUNCTION catalog_products_truncated() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  -- Taken first: the update below must not be the one that takes it.
  truncated_at bigint := catalog_transaction_revision();
BEGIN
  UPDATE catalog_state SET reset_revision = truncated_at WHERE id = 1;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER catalog_products_stamp BEFORE INSERT OR UPDATE ON catalog_products
  FOR EACH ROW EXECUTE FUNCTION catalog_products_stamp();--> statement-breakpoint
CREATE TRIGGER catalog_products_removed AFTER DELETE ON catalog_products
  FOR EACH ROW EXECUTE FUNCTION catalog_products_removed();--> statement-breakpoint
CREATE TRIGGER catalog_products_truncated AFTER TRUNCATE ON catalog_products
  FOR EACH STATEMENT EXECUTE FUNCTION catalog_products_truncated();
