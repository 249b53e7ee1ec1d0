ALTER TABLE "catalog_products" ALTER COLUMN "vat_note" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "catalog_products" ALTER COLUMN "vat_note" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "catalog_products" ADD COLUMN "vat_rate" text DEFAULT '22' NOT NULL;--> statement-breakpoint
-- A price «с НДС 20%» meant the general rate, which is 22 % since 2026; «без НДС» stays without it.
UPDATE "catalog_products" SET "vat_rate" = 'none' WHERE "vat_note" = 'no_vat';
