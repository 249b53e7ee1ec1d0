CREATE TABLE "compare_items" (
	"owner" text NOT NULL,
	"product_id" uuid NOT NULL,
	"category_slug" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "compare_items_owner_product_id_pk" PRIMARY KEY("owner","product_id")
);
--> statement-breakpoint
CREATE INDEX "compare_items_product_idx" ON "compare_items" USING btree ("product_id");