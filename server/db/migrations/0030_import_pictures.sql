CREATE TABLE "product_import_pictures" (
	"import_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"draft_id" uuid NOT NULL,
	"line" integer NOT NULL,
	"sku" text NOT NULL,
	"urls" jsonb NOT NULL,
	CONSTRAINT "product_import_pictures_import_id_position_pk" PRIMARY KEY("import_id","position")
);
--> statement-breakpoint
ALTER TABLE "product_import_pictures" ADD CONSTRAINT "product_import_pictures_import_id_product_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."product_imports"("id") ON DELETE cascade ON UPDATE no action;