CREATE TABLE "product_reviews" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"order_number" text NOT NULL,
	"organization_id" uuid NOT NULL,
	"author_user_id" uuid NOT NULL,
	"author_name" text NOT NULL,
	"organization_name" text NOT NULL,
	"seller_organization_id" uuid NOT NULL,
	"rating" integer NOT NULL,
	"text" text NOT NULL,
	"seller_answer" text,
	"answered_at" timestamp with time zone,
	"answered_by" uuid,
	"hidden_at" timestamp with time zone,
	"hidden_by" uuid,
	"hidden_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"product_id" uuid NOT NULL,
	"product_title" text NOT NULL,
	"product_slug" text NOT NULL,
	CONSTRAINT "product_reviews_rating_check" CHECK ("product_reviews"."rating" between 1 and 5)
);
--> statement-breakpoint
CREATE TABLE "seller_reviews" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"order_number" text NOT NULL,
	"organization_id" uuid NOT NULL,
	"author_user_id" uuid NOT NULL,
	"author_name" text NOT NULL,
	"organization_name" text NOT NULL,
	"seller_organization_id" uuid NOT NULL,
	"rating" integer NOT NULL,
	"text" text NOT NULL,
	"seller_answer" text,
	"answered_at" timestamp with time zone,
	"answered_by" uuid,
	"hidden_at" timestamp with time zone,
	"hidden_by" uuid,
	"hidden_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"seller_name" text NOT NULL,
	"seller_slug" text NOT NULL,
	CONSTRAINT "seller_reviews_rating_check" CHECK ("seller_reviews"."rating" between 1 and 5)
);
--> statement-breakpoint
CREATE UNIQUE INDEX "product_reviews_product_org_idx" ON "product_reviews" USING btree ("product_id","organization_id");--> statement-breakpoint
CREATE INDEX "product_reviews_product_idx" ON "product_reviews" USING btree ("product_id","created_at") WHERE "product_reviews"."hidden_at" is null;--> statement-breakpoint
CREATE INDEX "product_reviews_created_idx" ON "product_reviews" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "seller_reviews_order_idx" ON "seller_reviews" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "seller_reviews_seller_idx" ON "seller_reviews" USING btree ("seller_organization_id","created_at") WHERE "seller_reviews"."hidden_at" is null;--> statement-breakpoint
CREATE INDEX "seller_reviews_created_idx" ON "seller_reviews" USING btree ("created_at");