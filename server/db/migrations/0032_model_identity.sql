ALTER TABLE "catalog_models" ADD COLUMN "description_html" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "product_drafts" ADD COLUMN "part_number" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "product_drafts" ADD COLUMN "gtin" text DEFAULT '' NOT NULL;