CREATE TABLE "catalog_model_fits" (
	"accessory_model_id" uuid NOT NULL,
	"drone_model_id" uuid NOT NULL,
	CONSTRAINT "catalog_model_fits_accessory_model_id_drone_model_id_pk" PRIMARY KEY("accessory_model_id","drone_model_id")
);
--> statement-breakpoint
ALTER TABLE "catalog_model_fits" ADD CONSTRAINT "catalog_model_fits_accessory_model_id_catalog_models_id_fk" FOREIGN KEY ("accessory_model_id") REFERENCES "public"."catalog_models"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalog_model_fits" ADD CONSTRAINT "catalog_model_fits_drone_model_id_catalog_models_id_fk" FOREIGN KEY ("drone_model_id") REFERENCES "public"."catalog_models"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "catalog_model_fits_drone_idx" ON "catalog_model_fits" USING btree ("drone_model_id");