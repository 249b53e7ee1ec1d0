CREATE SEQUENCE "public"."order_numbers" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "cart_items" (
	"organization_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"quantity" integer NOT NULL,
	"price_kopecks_at_add" bigint,
	"title" text NOT NULL,
	"added_by_user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cart_items_organization_id_product_id_pk" PRIMARY KEY("organization_id","product_id")
);
--> statement-breakpoint
CREATE TABLE "order_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"event" text NOT NULL,
	"from_status" text,
	"to_status" text NOT NULL,
	"by_user_id" uuid,
	"comment" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_lines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"product_id" uuid NOT NULL,
	"slug" text NOT NULL,
	"title" text NOT NULL,
	"sku" text DEFAULT '' NOT NULL,
	"quantity" integer NOT NULL,
	"price_kopecks" bigint NOT NULL,
	"vat_rate" text NOT NULL,
	"amount_kopecks" bigint NOT NULL,
	"vat_kopecks" bigint NOT NULL,
	"registration" text DEFAULT 'none' NOT NULL,
	"serial_numbers" text[] DEFAULT '{}'::text[] NOT NULL
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"number" text NOT NULL,
	"status" text NOT NULL,
	"buyer_organization_id" uuid NOT NULL,
	"seller_organization_id" uuid NOT NULL,
	"buyer" jsonb NOT NULL,
	"seller" jsonb NOT NULL,
	"checkout_key" uuid NOT NULL,
	"created_by_user_id" uuid NOT NULL,
	"delivery" jsonb NOT NULL,
	"contact_name" text NOT NULL,
	"contact_phone" text NOT NULL,
	"comment" text DEFAULT '' NOT NULL,
	"total_kopecks" bigint NOT NULL,
	"vat_kopecks" bigint NOT NULL,
	"seller_bank" jsonb,
	"delivery_date" date,
	"carrier" text,
	"tracking_number" text,
	"shipping_document_file_id" uuid,
	"cancel_reason" text,
	"registration_done_at" timestamp with time zone,
	"chat_room_id" uuid,
	"confirmed_at" timestamp with time zone,
	"shipped_at" timestamp with time zone,
	"delivered_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "orders_number_unique" UNIQUE("number")
);
--> statement-breakpoint
ALTER TABLE "order_events" ADD CONSTRAINT "order_events_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_events_order_idx" ON "order_events" USING btree ("order_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "order_lines_position_idx" ON "order_lines" USING btree ("order_id","position");--> statement-breakpoint
CREATE INDEX "order_lines_product_idx" ON "order_lines" USING btree ("product_id");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_checkout_seller_idx" ON "orders" USING btree ("buyer_organization_id","checkout_key","seller_organization_id");--> statement-breakpoint
CREATE INDEX "orders_buyer_idx" ON "orders" USING btree ("buyer_organization_id","created_at");--> statement-breakpoint
CREATE INDEX "orders_seller_idx" ON "orders" USING btree ("seller_organization_id","created_at");--> statement-breakpoint
CREATE INDEX "orders_number_trgm_idx" ON "orders" USING gin ("number" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "orders_seller_name_trgm_idx" ON "orders" USING gin (("seller" ->> 'name') gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "orders_buyer_name_trgm_idx" ON "orders" USING gin (("buyer" ->> 'name') gin_trgm_ops);--> statement-breakpoint
-- Orders take stock at checkout and give it back on cancellation. A change of the stock alone
-- (updated_at untouched) shows nothing new in the listing, so it stamps no catalogue revision:
-- every instance's index stays as it is, and checkouts do not queue on the catalogue's state row.
DROP TRIGGER "catalog_products_stamp" ON "catalog_products";--> statement-breakpoint
CREATE TRIGGER catalog_products_stamp_insert BEFORE INSERT ON catalog_products
  FOR EACH ROW EXECUTE FUNCTION catalog_products_stamp();--> statement-breakpoint
CREATE TRIGGER catalog_products_stamp_update BEFORE UPDATE ON catalog_products
  FOR EACH ROW WHEN (OLD.updated_at IS DISTINCT FROM NEW.updated_at OR OLD.stock_quantity IS NOT DISTINCT FROM NEW.stock_quantity)
  EXECUTE FUNCTION catalog_products_stamp();
