CREATE TABLE "notification_settings" (
	"user_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"is_push_enabled" boolean NOT NULL,
	CONSTRAINT "notification_settings_user_id_kind_pk" PRIMARY KEY("user_id","kind")
);
--> statement-breakpoint
CREATE TABLE "push_subscriptions" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "push_subscriptions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" bigint NOT NULL,
	"endpoint" text NOT NULL,
	"p256dh" text NOT NULL,
	"auth" text NOT NULL,
	"language" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_messages" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "user_messages_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"params" jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vapid_keys" (
	"name" text PRIMARY KEY NOT NULL,
	"public_key" text NOT NULL,
	"private_key" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "price_alerts" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "price_alerts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" bigint NOT NULL,
	"symbol" text NOT NULL,
	"condition" text NOT NULL,
	"price_minor" bigint,
	"change_basis_points" integer,
	"state" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"triggered_at" timestamp with time zone,
	"triggered_price_minor" bigint,
	"cancelled_at" timestamp with time zone,
	CONSTRAINT "price_alerts_one_level" CHECK (("price_alerts"."price_minor" is not null and "price_alerts"."price_minor" > 0) <> ("price_alerts"."change_basis_points" is not null and "price_alerts"."change_basis_points" > 0))
);
--> statement-breakpoint
CREATE TABLE "support_conversations" (
	"user_id" bigint PRIMARY KEY NOT NULL,
	"user_read_up_to" bigint DEFAULT 0 NOT NULL,
	"staff_read_up_to" bigint DEFAULT 0 NOT NULL,
	"last_message_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "support_messages" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "support_messages_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" bigint NOT NULL,
	"author" text NOT NULL,
	"staff_id" bigint,
	"body" text NOT NULL,
	"attachment_upload_id" bigint,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "support_messages_staff_author" CHECK (("support_messages"."author" = 'staff') = ("support_messages"."staff_id" is not null)),
	CONSTRAINT "support_messages_not_empty" CHECK ("support_messages"."body" <> '' or "support_messages"."attachment_upload_id" is not null)
);
--> statement-breakpoint
ALTER TABLE "notification_settings" ADD CONSTRAINT "notification_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "push_subscriptions" ADD CONSTRAINT "push_subscriptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_messages" ADD CONSTRAINT "user_messages_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_alerts" ADD CONSTRAINT "price_alerts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_conversations" ADD CONSTRAINT "support_conversations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_messages" ADD CONSTRAINT "support_messages_user_id_support_conversations_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."support_conversations"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_messages" ADD CONSTRAINT "support_messages_attachment_upload_id_uploads_id_fk" FOREIGN KEY ("attachment_upload_id") REFERENCES "public"."uploads"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "push_subscriptions_endpoint_key" ON "push_subscriptions" USING btree ("endpoint");--> statement-breakpoint
CREATE INDEX "push_subscriptions_user_idx" ON "push_subscriptions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "user_messages_user_idx" ON "user_messages" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "price_alerts_user_idx" ON "price_alerts" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "price_alerts_active_idx" ON "price_alerts" USING btree ("symbol") WHERE "price_alerts"."state" = 'active';--> statement-breakpoint
CREATE INDEX "support_conversations_last_idx" ON "support_conversations" USING btree ("last_message_at");--> statement-breakpoint
CREATE INDEX "support_messages_user_idx" ON "support_messages" USING btree ("user_id","id");