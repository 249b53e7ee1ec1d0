CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE TABLE "catalog_products" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"slug" text NOT NULL,
	"title" text NOT NULL,
	"brand" text NOT NULL,
	"model" text NOT NULL,
	"vendor_organization_id" uuid NOT NULL,
	"category_slug" text NOT NULL,
	"price_kopecks" bigint,
	"vat_note" text DEFAULT 'vat_included' NOT NULL,
	"availability" text NOT NULL,
	"lead_time_days" integer,
	"description" text NOT NULL,
	"images" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"specs" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"areas" text[] DEFAULT '{}'::text[] NOT NULL,
	"status" text DEFAULT 'non-published' NOT NULL,
	"popularity" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"published_at" timestamp with time zone,
	"drone_type" text GENERATED ALWAYS AS ((specs ->> 'type')) STORED,
	"max_takeoff_weight" real GENERATED ALWAYS AS (((specs ->> 'max_takeoff_weight')::real)) STORED,
	"flight_time" real GENERATED ALWAYS AS (((specs ->> 'flight_time')::real)) STORED,
	"range_km" real GENERATED ALWAYS AS (((specs ->> 'range')::real)) STORED,
	"max_speed" real GENERATED ALWAYS AS (((specs ->> 'max_speed')::real)) STORED,
	"payload" real GENERATED ALWAYS AS (((specs ->> 'payload')::real)) STORED,
	"wind_resistance" real GENERATED ALWAYS AS (((specs ->> 'wind_resistance')::real)) STORED,
	"made_in_russia" boolean GENERATED ALWAYS AS ((coalesce(specs ->> 'country', '') = 'RU')) STORED,
	"rtk" boolean GENERATED ALWAYS AS ((coalesce((specs ->> 'rtk')::boolean, false))) STORED,
	"search_vector" "tsvector" GENERATED ALWAYS AS ((
        setweight(to_tsvector('russian', title), 'A') ||
        setweight(to_tsvector('russian', brand || ' ' || model), 'B') ||
        setweight(jsonb_to_tsvector('russian', specs, '["string"]'), 'C') ||
        setweight(to_tsvector('russian', description), 'D')
      )) STORED,
	"search_text" text GENERATED ALWAYS AS (lower(title || ' ' || brand || ' ' || model)) STORED,
	CONSTRAINT "catalog_products_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "catalog_search_words" (
	"word" text PRIMARY KEY NOT NULL,
	"frequency" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "slug" text;--> statement-breakpoint
UPDATE "organizations" SET "slug" = 'org-' || left(replace("id"::text, '-', ''), 12);--> statement-breakpoint
ALTER TABLE "organizations" ALTER COLUMN "slug" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "description" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "region" text;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "logo" text;--> statement-breakpoint
CREATE INDEX "catalog_products_listing_idx" ON "catalog_products" USING btree ("category_slug","popularity" DESC NULLS LAST) WHERE status = 'published';--> statement-breakpoint
CREATE INDEX "catalog_products_vendor_idx" ON "catalog_products" USING btree ("vendor_organization_id");--> statement-breakpoint
CREATE INDEX "catalog_products_search_idx" ON "catalog_products" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "catalog_products_search_text_idx" ON "catalog_products" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "catalog_products_areas_idx" ON "catalog_products" USING gin ("areas");--> statement-breakpoint
CREATE INDEX "catalog_search_words_trgm_idx" ON "catalog_search_words" USING gin ("word" gin_trgm_ops);--> statement-breakpoint
ALTER TABLE "organizations" ADD CONSTRAINT "organizations_slug_unique" UNIQUE("slug");