CREATE TABLE "closing_document_counters" (
	"organization_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"year" integer NOT NULL,
	"last" integer NOT NULL,
	CONSTRAINT "closing_document_counters_organization_id_kind_year_pk" PRIMARY KEY("organization_id","kind","year")
);
--> statement-breakpoint
CREATE TABLE "closing_documents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"seller_organization_id" uuid NOT NULL,
	"buyer_organization_id" uuid NOT NULL,
	"order_number" text NOT NULL,
	"year" integer NOT NULL,
	"sequence" integer NOT NULL,
	"number" text NOT NULL,
	"date" date NOT NULL,
	"status" smallint NOT NULL,
	"total_kopecks" bigint NOT NULL,
	"vat_kopecks" bigint NOT NULL,
	"content" jsonb NOT NULL,
	"signature_file_id" uuid,
	"stamp_file_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "upd" jsonb;--> statement-breakpoint
ALTER TABLE "product_drafts" ADD COLUMN "origin_country" text;--> statement-breakpoint
ALTER TABLE "product_drafts" ADD COLUMN "customs_declaration" text;--> statement-breakpoint
CREATE UNIQUE INDEX "closing_documents_number_idx" ON "closing_documents" USING btree ("seller_organization_id","kind","year","sequence");--> statement-breakpoint
CREATE UNIQUE INDEX "closing_documents_order_idx" ON "closing_documents" USING btree ("order_number","kind");--> statement-breakpoint
CREATE INDEX "closing_documents_seller_idx" ON "closing_documents" USING btree ("seller_organization_id","date");--> statement-breakpoint
CREATE INDEX "closing_documents_buyer_idx" ON "closing_documents" USING btree ("buyer_organization_id","date");