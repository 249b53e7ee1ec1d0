CREATE TABLE "chat_blocks" (
	"organization_id" uuid NOT NULL,
	"blocked_organization_id" uuid NOT NULL,
	"created_by" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "chat_blocks_organization_id_blocked_organization_id_pk" PRIMARY KEY("organization_id","blocked_organization_id")
);
--> statement-breakpoint
CREATE TABLE "chat_digests" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"unsubscribed" boolean DEFAULT false NOT NULL,
	"unsubscribe_token" text NOT NULL,
	"last_sent_at" timestamp with time zone,
	"last_seen_at" timestamp with time zone,
	CONSTRAINT "chat_digests_unsubscribe_token_unique" UNIQUE("unsubscribe_token")
);
--> statement-breakpoint
CREATE TABLE "chat_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"room_id" uuid NOT NULL,
	"seq" bigint NOT NULL,
	"client_id" uuid,
	"author_user_id" uuid,
	"author_organization_id" uuid,
	"content" text NOT NULL,
	"files" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"is_system" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"edited_at" timestamp with time zone,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "chat_reads" (
	"room_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"organization_id" uuid NOT NULL,
	"last_read_seq" bigint DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "chat_reads_room_id_user_id_pk" PRIMARY KEY("room_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "chat_reports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"message_id" uuid NOT NULL,
	"reporter_user_id" uuid NOT NULL,
	"reporter_organization_id" uuid NOT NULL,
	"reason" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone,
	"resolved_by" uuid
);
--> statement-breakpoint
CREATE TABLE "chat_rooms" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"type" text NOT NULL,
	"side_a" uuid NOT NULL,
	"side_b" uuid NOT NULL,
	"request_id" uuid,
	"request_title" text,
	"context" jsonb,
	"opened_by" uuid NOT NULL,
	"last_seq" bigint DEFAULT 0 NOT NULL,
	"last_message_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_room_id_chat_rooms_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."chat_rooms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_reads" ADD CONSTRAINT "chat_reads_room_id_chat_rooms_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."chat_rooms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_reports" ADD CONSTRAINT "chat_reports_message_id_chat_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."chat_messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "chat_messages_room_seq" ON "chat_messages" USING btree ("room_id","seq");--> statement-breakpoint
CREATE UNIQUE INDEX "chat_messages_client_id" ON "chat_messages" USING btree ("author_user_id","client_id");--> statement-breakpoint
CREATE INDEX "chat_reads_user" ON "chat_reads" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "chat_reports_once" ON "chat_reports" USING btree ("message_id","reporter_user_id");--> statement-breakpoint
CREATE INDEX "chat_reports_status" ON "chat_reports" USING btree ("status","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "chat_rooms_direct_pair" ON "chat_rooms" USING btree ("side_a","side_b") WHERE "chat_rooms"."type" = 'direct';--> statement-breakpoint
CREATE UNIQUE INDEX "chat_rooms_request_vendor" ON "chat_rooms" USING btree ("request_id","side_b") WHERE "chat_rooms"."type" = 'request';--> statement-breakpoint
CREATE INDEX "chat_rooms_side_a" ON "chat_rooms" USING btree ("side_a","last_message_at");--> statement-breakpoint
CREATE INDEX "chat_rooms_side_b" ON "chat_rooms" USING btree ("side_b","last_message_at");