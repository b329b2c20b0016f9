CREATE TABLE "ipo_offerings" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ipo_offerings_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"symbol" text NOT NULL,
	"name" text NOT NULL,
	"market" text NOT NULL,
	"issue_market" text NOT NULL,
	"lead_underwriter" text NOT NULL,
	"currency" text NOT NULL,
	"issue_price_minor" bigint NOT NULL,
	"shares_offered" bigint NOT NULL,
	"minimum_quantity" bigint NOT NULL,
	"lot_size" bigint NOT NULL,
	"subscriptions_per_user" integer NOT NULL,
	"fee_basis_points" integer NOT NULL,
	"fee_minimum_minor" bigint NOT NULL,
	"prospectus_url" text NOT NULL,
	"opens_at" timestamp with time zone NOT NULL,
	"closes_at" timestamp with time zone NOT NULL,
	"lottery_at" timestamp with time zone NOT NULL,
	"distribution_at" timestamp with time zone NOT NULL,
	"listing_at" timestamp with time zone NOT NULL,
	"seed" text NOT NULL,
	"seed_commitment" text NOT NULL,
	"drawn_at" timestamp with time zone,
	"full_rounds" integer,
	"cutoff_ticket" text,
	"lots_requested" bigint,
	"lots_allocated" bigint,
	"subscription_count" integer,
	"created_by_staff_id" bigint NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "ipo_offerings_price_positive" CHECK ("ipo_offerings"."issue_price_minor" > 0),
	CONSTRAINT "ipo_offerings_lots" CHECK ("ipo_offerings"."lot_size" > 0 and "ipo_offerings"."shares_offered" > 0 and "ipo_offerings"."shares_offered" % "ipo_offerings"."lot_size" = 0 and "ipo_offerings"."minimum_quantity" % "ipo_offerings"."lot_size" = 0 and "ipo_offerings"."minimum_quantity" > 0),
	CONSTRAINT "ipo_offerings_dates" CHECK ("ipo_offerings"."opens_at" < "ipo_offerings"."closes_at" and "ipo_offerings"."closes_at" <= "ipo_offerings"."lottery_at" and "ipo_offerings"."lottery_at" <= "ipo_offerings"."distribution_at" and "ipo_offerings"."distribution_at" <= "ipo_offerings"."listing_at")
);
--> statement-breakpoint
CREATE TABLE "ipo_subscriptions" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ipo_subscriptions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"offering_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
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
	"drawn_at" timestamp with time zone,
	CONSTRAINT "ipo_subscriptions_quantity_positive" CHECK ("ipo_subscriptions"."quantity" > 0),
	CONSTRAINT "ipo_subscriptions_settled_sum" CHECK ("ipo_subscriptions"."allocated_quantity" is null or "ipo_subscriptions"."paid_minor" + "ipo_subscriptions"."released_minor" = "ipo_subscriptions"."frozen_minor")
);
--> statement-breakpoint
ALTER TABLE "ipo_subscriptions" ADD CONSTRAINT "ipo_subscriptions_offering_id_ipo_offerings_id_fk" FOREIGN KEY ("offering_id") REFERENCES "public"."ipo_offerings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ipo_subscriptions" ADD CONSTRAINT "ipo_subscriptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ipo_subscriptions" ADD CONSTRAINT "ipo_subscriptions_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ipo_offerings_opens_idx" ON "ipo_offerings" USING btree ("opens_at");--> statement-breakpoint
CREATE UNIQUE INDEX "ipo_subscriptions_idempotency_key" ON "ipo_subscriptions" USING btree ("user_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "ipo_subscriptions_offering_idx" ON "ipo_subscriptions" USING btree ("offering_id","id");--> statement-breakpoint
CREATE INDEX "ipo_subscriptions_user_idx" ON "ipo_subscriptions" USING btree ("user_id","created_at");
