CREATE SEQUENCE "public"."service_request_numbers" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE SEQUENCE "public"."service_order_numbers" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "published_service_offers" (
	"id" uuid PRIMARY KEY NOT NULL,
	"organization_id" uuid NOT NULL,
	"seller_name" text NOT NULL,
	"seller_slug" text NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"type" text NOT NULL,
	"spheres" text[] DEFAULT '{}'::text[] NOT NULL,
	"regions" text[] DEFAULT '{}'::text[] NOT NULL,
	"nationwide" boolean DEFAULT false NOT NULL,
	"price_from_kopecks" bigint,
	"price_unit" text DEFAULT 'project' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"photos" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"equipment_product_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"licences" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"published_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "service_offer_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"offer_id" uuid NOT NULL,
	"event" text NOT NULL,
	"from_status" text,
	"to_status" text NOT NULL,
	"by_user_id" uuid,
	"comment" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "service_offers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"published" boolean DEFAULT false NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"type" text NOT NULL,
	"spheres" text[] DEFAULT '{}'::text[] NOT NULL,
	"regions" text[] DEFAULT '{}'::text[] NOT NULL,
	"nationwide" boolean DEFAULT false NOT NULL,
	"price_from_kopecks" bigint,
	"price_unit" text DEFAULT 'project' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"photos" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"equipment_product_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"licences" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"staff_comment" text,
	"creation_key" text,
	"created_by_user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"submitted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "service_proposal_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"proposal_id" uuid NOT NULL,
	"event" text NOT NULL,
	"from_status" text,
	"to_status" text NOT NULL,
	"by_user_id" uuid,
	"comment" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "service_proposal_revisions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"proposal_id" uuid NOT NULL,
	"revision" integer NOT NULL,
	"price_kopecks" bigint NOT NULL,
	"starts_on" date NOT NULL,
	"ends_on" date NOT NULL,
	"terms" text DEFAULT '' NOT NULL,
	"message" text DEFAULT '' NOT NULL,
	"files" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"by_user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "service_proposals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"request_id" uuid NOT NULL,
	"organization_id" uuid NOT NULL,
	"vendor" jsonb NOT NULL,
	"created_by_user_id" uuid NOT NULL,
	"status" text DEFAULT 'reviewing' NOT NULL,
	"price_kopecks" bigint NOT NULL,
	"starts_on" date NOT NULL,
	"ends_on" date NOT NULL,
	"terms" text DEFAULT '' NOT NULL,
	"message" text DEFAULT '' NOT NULL,
	"files" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"revision" integer DEFAULT 1 NOT NULL,
	"reject_reason" text,
	"chat_room_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "service_request_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"request_id" uuid NOT NULL,
	"event" text NOT NULL,
	"from_status" text,
	"to_status" text NOT NULL,
	"by_user_id" uuid,
	"comment" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "service_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"number" text NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"organization_id" uuid NOT NULL,
	"customer" jsonb NOT NULL,
	"created_by_user_id" uuid NOT NULL,
	"type" text NOT NULL,
	"sphere" text,
	"title" text DEFAULT '' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"region" text,
	"address" text DEFAULT '' NOT NULL,
	"area" jsonb,
	"area_hectares" double precision,
	"starts_on" date,
	"ends_on" date,
	"volume" double precision,
	"volume_unit" text DEFAULT 'hectares' NOT NULL,
	"budget_kopecks" bigint,
	"attachments" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"flight" jsonb NOT NULL,
	"visibility" text DEFAULT 'public' NOT NULL,
	"invited_organization_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"proposals_deadline" date,
	"allow_several" boolean DEFAULT false NOT NULL,
	"proposal_count" integer DEFAULT 0 NOT NULL,
	"creation_key" text,
	"published_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "service_requests_number_unique" UNIQUE("number")
);
--> statement-breakpoint
CREATE TABLE "service_order_events" (
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
CREATE TABLE "service_orders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"number" text NOT NULL,
	"status" text DEFAULT 'created' NOT NULL,
	"request_id" uuid NOT NULL,
	"proposal_id" uuid NOT NULL,
	"customer_organization_id" uuid NOT NULL,
	"contractor_organization_id" uuid NOT NULL,
	"customer" jsonb NOT NULL,
	"contractor" jsonb NOT NULL,
	"type" text NOT NULL,
	"title" text NOT NULL,
	"price_kopecks" bigint NOT NULL,
	"starts_on" date NOT NULL,
	"ends_on" date NOT NULL,
	"terms" text DEFAULT '' NOT NULL,
	"flight" jsonb NOT NULL,
	"result" jsonb,
	"rework_comment" text,
	"cancel_reason" text,
	"chat_room_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "service_orders_number_unique" UNIQUE("number")
);
--> statement-breakpoint
CREATE TABLE "service_reviews" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"order_number" text NOT NULL,
	"side" text NOT NULL,
	"author_organization_id" uuid NOT NULL,
	"author_user_id" uuid NOT NULL,
	"author_name" text NOT NULL,
	"author_organization_name" text NOT NULL,
	"subject_organization_id" uuid NOT NULL,
	"service_type" text NOT NULL,
	"rating" integer NOT NULL,
	"text" text NOT NULL,
	"hidden_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "service_reviews_rating_check" CHECK ("service_reviews"."rating" between 1 and 5)
);
--> statement-breakpoint
ALTER TABLE "service_offer_events" ADD CONSTRAINT "service_offer_events_offer_id_service_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."service_offers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_proposal_events" ADD CONSTRAINT "service_proposal_events_proposal_id_service_proposals_id_fk" FOREIGN KEY ("proposal_id") REFERENCES "public"."service_proposals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_proposal_revisions" ADD CONSTRAINT "service_proposal_revisions_proposal_id_service_proposals_id_fk" FOREIGN KEY ("proposal_id") REFERENCES "public"."service_proposals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_proposals" ADD CONSTRAINT "service_proposals_request_id_service_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."service_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_request_events" ADD CONSTRAINT "service_request_events_request_id_service_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."service_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_order_events" ADD CONSTRAINT "service_order_events_order_id_service_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."service_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_orders" ADD CONSTRAINT "service_orders_request_id_service_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."service_requests"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_orders" ADD CONSTRAINT "service_orders_proposal_id_service_proposals_id_fk" FOREIGN KEY ("proposal_id") REFERENCES "public"."service_proposals"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_reviews" ADD CONSTRAINT "service_reviews_order_id_service_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."service_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "published_service_offers_organization_idx" ON "published_service_offers" USING btree ("organization_id");--> statement-breakpoint
CREATE INDEX "published_service_offers_type_idx" ON "published_service_offers" USING btree ("type","published_at");--> statement-breakpoint
CREATE INDEX "published_service_offers_regions_idx" ON "published_service_offers" USING gin ("regions");--> statement-breakpoint
CREATE INDEX "published_service_offers_spheres_idx" ON "published_service_offers" USING gin ("spheres");--> statement-breakpoint
CREATE INDEX "published_service_offers_title_trgm_idx" ON "published_service_offers" USING gin ("title" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "service_offer_events_offer_idx" ON "service_offer_events" USING btree ("offer_id","created_at");--> statement-breakpoint
CREATE INDEX "service_offers_organization_idx" ON "service_offers" USING btree ("organization_id","updated_at");--> statement-breakpoint
CREATE INDEX "service_offers_queue_idx" ON "service_offers" USING btree ("submitted_at") WHERE "service_offers"."status" = 'moderation';--> statement-breakpoint
CREATE UNIQUE INDEX "service_offers_creation_key_idx" ON "service_offers" USING btree ("organization_id","creation_key");--> statement-breakpoint
CREATE INDEX "service_proposal_events_proposal_idx" ON "service_proposal_events" USING btree ("proposal_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "service_proposal_revisions_idx" ON "service_proposal_revisions" USING btree ("proposal_id","revision");--> statement-breakpoint
CREATE UNIQUE INDEX "service_proposals_request_vendor_idx" ON "service_proposals" USING btree ("request_id","organization_id");--> statement-breakpoint
CREATE INDEX "service_proposals_vendor_idx" ON "service_proposals" USING btree ("organization_id","created_at");--> statement-breakpoint
CREATE INDEX "service_request_events_request_idx" ON "service_request_events" USING btree ("request_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "service_requests_creation_key_idx" ON "service_requests" USING btree ("organization_id","creation_key");--> statement-breakpoint
CREATE INDEX "service_requests_organization_idx" ON "service_requests" USING btree ("organization_id","created_at");--> statement-breakpoint
CREATE INDEX "service_requests_open_idx" ON "service_requests" USING btree ("type","published_at") WHERE "service_requests"."status" = 'open';--> statement-breakpoint
CREATE INDEX "service_requests_open_region_idx" ON "service_requests" USING btree ("region","published_at") WHERE "service_requests"."status" = 'open';--> statement-breakpoint
CREATE INDEX "service_requests_title_trgm_idx" ON "service_requests" USING gin ("title" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "service_requests_invited_idx" ON "service_requests" USING gin ("invited_organization_ids");--> statement-breakpoint
CREATE INDEX "service_order_events_order_idx" ON "service_order_events" USING btree ("order_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "service_orders_proposal_idx" ON "service_orders" USING btree ("proposal_id");--> statement-breakpoint
CREATE INDEX "service_orders_customer_idx" ON "service_orders" USING btree ("customer_organization_id","created_at");--> statement-breakpoint
CREATE INDEX "service_orders_contractor_idx" ON "service_orders" USING btree ("contractor_organization_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "service_reviews_order_side_idx" ON "service_reviews" USING btree ("order_id","side");--> statement-breakpoint
CREATE INDEX "service_reviews_subject_idx" ON "service_reviews" USING btree ("subject_organization_id","created_at") WHERE "service_reviews"."hidden_at" is null;