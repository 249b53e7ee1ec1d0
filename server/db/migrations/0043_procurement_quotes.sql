ALTER TABLE "cart_items" ADD COLUMN "quoted_price_kopecks" bigint;--> statement-breakpoint
ALTER TABLE "cart_items" ADD COLUMN "quote_vat_rate" text;--> statement-breakpoint
ALTER TABLE "cart_items" ADD COLUMN "quote_valid_until" date;--> statement-breakpoint
ALTER TABLE "cart_items" ADD COLUMN "quote_ref" text;--> statement-breakpoint
ALTER TABLE "procurement_requests" ADD COLUMN "creation_key" text;--> statement-breakpoint
CREATE UNIQUE INDEX "procurement_requests_creation_key_idx" ON "procurement_requests" USING btree ("buyer_organization_id","creation_key") WHERE "procurement_requests"."creation_key" is not null;