ALTER TABLE "orders" ADD COLUMN "seller_document_settings" jsonb;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "document_settings" jsonb;