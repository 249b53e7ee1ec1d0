CREATE SEQUENCE "public"."procurement_numbers" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "procurement_answer_lines" (
	"recipient_id" uuid NOT NULL,
	"item_id" uuid NOT NULL,
	"unit_price_kopecks" bigint NOT NULL,
	"vat_rate" text NOT NULL,
	CONSTRAINT "procurement_answer_lines_recipient_id_item_id_pk" PRIMARY KEY("recipient_id","item_id")
);
--> statement-breakpoint
CREATE TABLE "procurement_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"request_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"product_id" uuid,
	"name" text NOT NULL,
	"characteristics" text DEFAULT '' NOT NULL,
	"unit" text NOT NULL,
	"quantity" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "procurement_recipients" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"request_id" uuid NOT NULL,
	"seller_organization_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"status" text DEFAULT 'awaiting' NOT NULL,
	"chat_room_id" uuid,
	"decline_reason" text,
	"answered_at" timestamp with time zone,
	"offer_number" text,
	"delivery_term" text,
	"valid_until" date,
	"signatory_name" text,
	"signatory_position" text,
	"comment" text,
	"scan_file_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "procurement_request_events" (
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
CREATE TABLE "procurement_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"number" text NOT NULL,
	"buyer_organization_id" uuid NOT NULL,
	"created_by_user_id" uuid NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"title" text NOT NULL,
	"purpose" text NOT NULL,
	"region" text DEFAULT '' NOT NULL,
	"delivery_address" text DEFAULT '' NOT NULL,
	"delivery_term" text DEFAULT '' NOT NULL,
	"payment_terms" text DEFAULT '' NOT NULL,
	"deadline" date NOT NULL,
	"contact_name" text NOT NULL,
	"contact_phone" text DEFAULT '' NOT NULL,
	"comment" text DEFAULT '' NOT NULL,
	"specification_file_id" uuid,
	"cancel_reason" text,
	"sent_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "procurement_requests_number_unique" UNIQUE("number")
);
--> statement-breakpoint
ALTER TABLE "procurement_answer_lines" ADD CONSTRAINT "procurement_answer_lines_recipient_id_procurement_recipients_id_fk" FOREIGN KEY ("recipient_id") REFERENCES "public"."procurement_recipients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "procurement_answer_lines" ADD CONSTRAINT "procurement_answer_lines_item_id_procurement_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."procurement_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "procurement_items" ADD CONSTRAINT "procurement_items_request_id_procurement_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."procurement_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "procurement_recipients" ADD CONSTRAINT "procurement_recipients_request_id_procurement_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."procurement_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "procurement_request_events" ADD CONSTRAINT "procurement_request_events_request_id_procurement_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."procurement_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "procurement_items_position_idx" ON "procurement_items" USING btree ("request_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "procurement_recipients_seller_idx" ON "procurement_recipients" USING btree ("request_id","seller_organization_id");--> statement-breakpoint
CREATE INDEX "procurement_recipients_inbox_idx" ON "procurement_recipients" USING btree ("seller_organization_id","created_at");--> statement-breakpoint
CREATE INDEX "procurement_request_events_request_idx" ON "procurement_request_events" USING btree ("request_id","created_at");--> statement-breakpoint
CREATE INDEX "procurement_requests_buyer_idx" ON "procurement_requests" USING btree ("buyer_organization_id","created_at");--> statement-breakpoint
CREATE INDEX "procurement_requests_deadline_idx" ON "procurement_requests" USING btree ("deadline") WHERE "procurement_requests"."status" = 'sent';