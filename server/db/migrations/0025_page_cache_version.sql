-- What guests see is cached per instance (server/page-cache/, decision 041) under the version of
-- the public content. A transaction that writes a table public pages show moves it by one, in
-- its own commit: the new version becomes visible to every instance exactly when the data does,
-- whoever wrote it (a request, a job, a script, another instance). The bump is a deferred
-- constraint trigger, so the one row is locked only while the writer commits (writers never wait
-- for each other's whole transaction, and one lock cannot deadlock), and a transaction-local
-- setting makes it once per transaction however many rows it wrote.
CREATE TABLE "content_version" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "content_version_one_row" CHECK ("id" = 1)
);
--> statement-breakpoint
INSERT INTO "content_version" ("id", "version") VALUES (1, 1);
--> statement-breakpoint
CREATE FUNCTION content_version_bump() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('content_version.bumped', true) IS DISTINCT FROM 'yes' THEN
    PERFORM set_config('content_version.bumped', 'yes', true);
    UPDATE content_version SET version = version + 1 WHERE id = 1;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- The tables whose rows public pages show: the catalogue, sellers and their roles, reviews, the
-- services exchange and the media. Private tables (sessions, chat, carts, orders, jobs...) stay
-- out, so that their constant writes do not empty the cache. TRUNCATE (scripts, tests) cannot
-- have a constraint trigger: it bumps at once.
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
    EXECUTE format(
      'CREATE CONSTRAINT TRIGGER content_version_bump AFTER INSERT OR UPDATE OR DELETE ON %I '
      'DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION content_version_bump()',
      t);
    EXECUTE format(
      'CREATE TRIGGER content_version_bump_truncate AFTER TRUNCATE ON %I '
      'FOR EACH STATEMENT EXECUTE FUNCTION content_version_bump()',
      t);
  END LOOP;
END $$;
