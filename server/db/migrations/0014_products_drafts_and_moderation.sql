CREATE TABLE "product_draft_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"product_id" uuid NOT NULL,
	"event" text NOT NULL,
	"from_status" text,
	"to_status" text NOT NULL,
	"by_user_id" uuid,
	"comment" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_drafts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"published" boolean DEFAULT false NOT NULL,
	"sku" text DEFAULT '' NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"brand" text DEFAULT '' NOT NULL,
	"model" text DEFAULT '' NOT NULL,
	"category_slug" text,
	"price_kopecks" bigint,
	"price_on_request" boolean DEFAULT false NOT NULL,
	"vat_rate" text DEFAULT '22' NOT NULL,
	"availability" text DEFAULT 'in_stock' NOT NULL,
	"lead_time_days" integer,
	"stock_quantity" integer,
	"description" text DEFAULT '' NOT NULL,
	"areas" text[] DEFAULT '{}'::text[] NOT NULL,
	"specs" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"images" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"documents" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"staff_comment" text,
	"creation_key" text,
	"created_by_user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"submitted_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "catalog_products" ADD COLUMN "description_html" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "catalog_products" ADD COLUMN "sku" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "catalog_products" ADD COLUMN "stock_quantity" integer;--> statement-breakpoint
ALTER TABLE "catalog_products" ADD COLUMN "documents" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "product_draft_events" ADD CONSTRAINT "product_draft_events_product_id_product_drafts_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."product_drafts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "product_draft_events_product_idx" ON "product_draft_events" USING btree ("product_id","created_at");--> statement-breakpoint
CREATE INDEX "product_drafts_organization_idx" ON "product_drafts" USING btree ("organization_id","updated_at");--> statement-breakpoint
CREATE INDEX "product_drafts_queue_idx" ON "product_drafts" USING btree ("submitted_at") WHERE "product_drafts"."status" = 'moderation';--> statement-breakpoint
CREATE UNIQUE INDEX "product_drafts_sku_idx" ON "product_drafts" USING btree ("organization_id",lower("sku")) WHERE "product_drafts"."sku" <> '';--> statement-breakpoint
CREATE UNIQUE INDEX "product_drafts_creation_key_idx" ON "product_drafts" USING btree ("organization_id","creation_key");