CREATE TABLE "exchange_1c_accounts" (
	"organization_id" uuid PRIMARY KEY NOT NULL,
	"login" text NOT NULL,
	"password_hash" text,
	"acting_user_id" uuid NOT NULL,
	"price_type" text,
	"take_off_missing" boolean DEFAULT false NOT NULL,
	"orders_sent_until" jsonb,
	"password_set_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "exchange_1c_goods" (
	"organization_id" uuid NOT NULL,
	"external_id" text NOT NULL,
	"product_id" uuid NOT NULL,
	"group_id" text,
	"seen_in_session_id" uuid,
	CONSTRAINT "exchange_1c_goods_organization_id_external_id_pk" PRIMARY KEY("organization_id","external_id")
);
--> statement-breakpoint
CREATE TABLE "exchange_1c_groups" (
	"organization_id" uuid NOT NULL,
	"group_id" text NOT NULL,
	"parent_id" text,
	"name" text NOT NULL,
	"category_slug" text,
	"goods" integer DEFAULT 0 NOT NULL,
	"seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "exchange_1c_groups_organization_id_group_id_pk" PRIMARY KEY("organization_id","group_id")
);
--> statement-breakpoint
CREATE TABLE "exchange_1c_sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"type" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"files" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"imports" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"counts" jsonb DEFAULT '{"created":0,"updated":0,"unchanged":0,"errors":0,"ordersSent":0,"ordersChanged":0}'::jsonb NOT NULL,
	"errors" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"pending_orders_until" jsonb,
	"pending_orders" integer DEFAULT 0 NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE UNIQUE INDEX "exchange_1c_accounts_login_idx" ON "exchange_1c_accounts" USING btree (lower("login"));--> statement-breakpoint
CREATE INDEX "exchange_1c_goods_product_idx" ON "exchange_1c_goods" USING btree ("product_id");--> statement-breakpoint
CREATE UNIQUE INDEX "exchange_1c_sessions_token_idx" ON "exchange_1c_sessions" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "exchange_1c_sessions_organization_idx" ON "exchange_1c_sessions" USING btree ("organization_id","started_at");--> statement-breakpoint
CREATE INDEX "exchange_1c_sessions_started_idx" ON "exchange_1c_sessions" USING btree ("started_at");