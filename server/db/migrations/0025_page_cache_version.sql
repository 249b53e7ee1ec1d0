-- What guests see is cached per instance (server/page-cache/, decision 041) under the version of
-- the public content. Every statement that writes a table public pages show bumps that table's
-- counter here, in the writer's own transaction: the new version becomes visible to every
-- instance exactly when the data does, whoever wrote it (a request, a job, a script, another
-- instance). One row per table, so writers of different tables never wait for each other; a
-- writer holds its table's row until commit, as it holds the rows it changed.
CREATE TABLE "content_versions" (
	"source" text PRIMARY KEY NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE FUNCTION content_versions_bump() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO content_versions (source, version) VALUES (TG_TABLE_NAME, 1)
    ON CONFLICT (source) DO UPDATE SET version = content_versions.version + 1;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- The tables whose rows public pages show: the catalogue, sellers and their roles, reviews, the
-- services exchange and the media. Private tables (sessions, chat, carts, orders, jobs...) stay
-- out, so that their constant writes do not empty the cache.
DO $$
DECLARE
  t text;
BEGIN
  FOREACH t IN ARRAY ARRAY[
    'catalog_products', 'organizations', 'organization_roles',
    'product_reviews', 'seller_reviews', 'service_reviews',
    'service_offers', 'published_service_offers', 'service_requests', 'service_proposals', 'service_orders',
    'articles', 'article_products', 'article_images'
  ] LOOP
    INSERT INTO content_versions (source) VALUES (t);
    EXECUTE format(
      'CREATE TRIGGER content_versions_bump AFTER INSERT OR UPDATE OR DELETE ON %I FOR EACH STATEMENT EXECUTE FUNCTION content_versions_bump()',
      t);
    EXECUTE format(
      'CREATE TRIGGER content_versions_bump_truncate AFTER TRUNCATE ON %I FOR EACH STATEMENT EXECUTE FUNCTION content_versions_bump()',
      t);
  END LOOP;
END $$;
