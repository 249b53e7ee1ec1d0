CREATE TABLE "order_corrections" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"number" integer NOT NULL,
	"kind" text NOT NULL,
	"status" text DEFAULT 'requested' NOT NULL,
	"proposed_by" text NOT NULL,
	"proposed_by_user_id" uuid NOT NULL,
	"reason" text NOT NULL,
	"requested" jsonb NOT NULL,
	"lines" jsonb NOT NULL,
	"decision_comment" text,
	"decided_by_user_id" uuid,
	"decided_at" timestamp with time zone,
	"ukd" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "closing_documents_order_idx";--> statement-breakpoint
ALTER TABLE "closing_documents" ADD COLUMN "correction" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_corrections" ADD CONSTRAINT "order_corrections_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "order_corrections_number_idx" ON "order_corrections" USING btree ("order_id","number");--> statement-breakpoint
CREATE UNIQUE INDEX "order_corrections_open_idx" ON "order_corrections" USING btree ("order_id") WHERE "order_corrections"."status" = 'requested';--> statement-breakpoint
CREATE UNIQUE INDEX "closing_documents_order_idx" ON "closing_documents" USING btree ("order_number","kind","correction");