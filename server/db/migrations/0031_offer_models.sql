CREATE TABLE "catalog_models" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"key" text NOT NULL,
	"slug" text NOT NULL,
	"title" text NOT NULL,
	"brand" text NOT NULL,
	"name" text NOT NULL,
	"part_number" text DEFAULT '' NOT NULL,
	"gtin" text DEFAULT '' NOT NULL,
	"category_slug" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"specs" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"images" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"areas" text[] DEFAULT '{}'::text[] NOT NULL,
	"status" text DEFAULT 'approved' NOT NULL,
	"merged_into_id" uuid,
	"proposed_by_organization_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "catalog_models_key_unique" UNIQUE("key"),
	CONSTRAINT "catalog_models_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
ALTER TABLE "catalog_products" ADD COLUMN "model_id" uuid;--> statement-breakpoint
ALTER TABLE "catalog_products" ADD COLUMN "warranty_months" integer;--> statement-breakpoint
ALTER TABLE "catalog_products" ADD COLUMN "delivery_regions" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "catalog_products" ADD COLUMN "min_order_quantity" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "product_drafts" ADD COLUMN "model_id" uuid;--> statement-breakpoint
ALTER TABLE "product_drafts" ADD COLUMN "warranty_months" integer;--> statement-breakpoint
ALTER TABLE "product_drafts" ADD COLUMN "delivery_regions" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "product_drafts" ADD COLUMN "min_order_quantity" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
CREATE INDEX "catalog_models_part_number_idx" ON "catalog_models" USING btree (lower("part_number")) WHERE "catalog_models"."part_number" <> '';--> statement-breakpoint
CREATE INDEX "catalog_models_gtin_idx" ON "catalog_models" USING btree ("gtin") WHERE "catalog_models"."gtin" <> '';--> statement-breakpoint
CREATE INDEX "catalog_models_search_idx" ON "catalog_models" USING gin (lower("brand" || ' ' || "name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "catalog_products_model_idx" ON "catalog_products" USING btree ("model_id");