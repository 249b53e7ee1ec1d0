ALTER TABLE "closing_documents" ALTER COLUMN "status" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "service_orders" ADD COLUMN "act" jsonb;