ALTER TABLE "organizations" ADD COLUMN "bank_name" text;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "bik" text;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "settlement_account" text;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "correspondent_account" text;--> statement-breakpoint
ALTER TABLE "organizations" ADD CONSTRAINT "organizations_bank_requisites_complete" CHECK (num_nonnulls("organizations"."bank_name", "organizations"."bik", "organizations"."settlement_account", "organizations"."correspondent_account") in (0, 4));