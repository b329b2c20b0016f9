CREATE TABLE "placement_subscriptions" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "placement_subscriptions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"placement_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"day" text NOT NULL,
	"quantity" bigint NOT NULL,
	"gross_minor" bigint NOT NULL,
	"fee_minor" bigint NOT NULL,
	"frozen_minor" bigint NOT NULL,
	"hold_id" bigint NOT NULL,
	"allocated_quantity" bigint,
	"paid_minor" bigint,
	"released_minor" bigint,
	"order_id" bigint,
	"idempotency_key" text NOT NULL,
	"request_hash" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"settled_at" timestamp with time zone,
	CONSTRAINT "placement_subscriptions_quantity_positive" CHECK ("placement_subscriptions"."quantity" > 0),
	CONSTRAINT "placement_subscriptions_settled_sum" CHECK ("placement_subscriptions"."allocated_quantity" is null or "placement_subscriptions"."paid_minor" + "placement_subscriptions"."released_minor" = "placement_subscriptions"."frozen_minor")
);
--> statement-breakpoint
CREATE TABLE "placements" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "placements_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"symbol" text NOT NULL,
	"name" text NOT NULL,
	"market" text NOT NULL,
	"currency" text NOT NULL,
	"price_minor" bigint NOT NULL,
	"block_quantity" bigint NOT NULL,
	"lot_size" bigint NOT NULL,
	"minimum_quantity" bigint NOT NULL,
	"daily_limit" bigint NOT NULL,
	"fee_basis_points" integer NOT NULL,
	"fee_minimum_minor" bigint NOT NULL,
	"opens_at" timestamp with time zone NOT NULL,
	"closes_at" timestamp with time zone NOT NULL,
	"settled_at" timestamp with time zone,
	"closed_early_at" timestamp with time zone,
	"close_reason" text,
	"quantity_allocated" bigint,
	"created_by_staff_id" bigint NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "placements_price_positive" CHECK ("placements"."price_minor" > 0),
	CONSTRAINT "placements_lots" CHECK ("placements"."lot_size" > 0 and "placements"."block_quantity" > 0 and "placements"."block_quantity" % "placements"."lot_size" = 0 and "placements"."minimum_quantity" > 0 and "placements"."minimum_quantity" % "placements"."lot_size" = 0 and "placements"."daily_limit" >= "placements"."minimum_quantity"),
	CONSTRAINT "placements_window" CHECK ("placements"."opens_at" < "placements"."closes_at")
);
--> statement-breakpoint
ALTER TABLE "placement_subscriptions" ADD CONSTRAINT "placement_subscriptions_placement_id_placements_id_fk" FOREIGN KEY ("placement_id") REFERENCES "public"."placements"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "placement_subscriptions" ADD CONSTRAINT "placement_subscriptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "placement_subscriptions" ADD CONSTRAINT "placement_subscriptions_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "placement_subscriptions_idempotency_key" ON "placement_subscriptions" USING btree ("user_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "placement_subscriptions_placement_idx" ON "placement_subscriptions" USING btree ("placement_id","id");--> statement-breakpoint
CREATE INDEX "placement_subscriptions_user_idx" ON "placement_subscriptions" USING btree ("user_id","placement_id","day");--> statement-breakpoint
CREATE INDEX "placements_opens_idx" ON "placements" USING btree ("opens_at");--> statement-breakpoint
CREATE INDEX "placements_due_idx" ON "placements" USING btree ("closes_at") WHERE "placements"."settled_at" is null;