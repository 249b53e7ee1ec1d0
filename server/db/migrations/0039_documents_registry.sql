ALTER TABLE "closing_documents" ADD COLUMN "seller_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "closing_documents" ADD COLUMN "seller_inn" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "closing_documents" ADD COLUMN "buyer_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "closing_documents" ADD COLUMN "buyer_inn" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "closing_documents" ADD COLUMN "state" text DEFAULT 'issued' NOT NULL;