CREATE TABLE "strategies" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "strategies_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"code" text NOT NULL,
	"name" text NOT NULL,
	"rule" text NOT NULL,
	"symbols" text NOT NULL,
	"currency" text NOT NULL,
	"account_user_id" bigint NOT NULL,
	"management_basis_points" integer NOT NULL,
	"performance_basis_points" integer NOT NULL,
	"notice_days" integer NOT NULL,
	"strike_time" text NOT NULL,
	"minimum_follow_minor" bigint NOT NULL,
	"units_minor" bigint NOT NULL,
	"high_water_mark" bigint NOT NULL,
	"last_nav" bigint NOT NULL,
	"last_nav_date" text,
	"last_nav_at" timestamp with time zone,
	"inception_date" text NOT NULL,
	"closed_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "strategies_fees_published" CHECK ("strategies"."management_basis_points" between 0 and 500 and "strategies"."performance_basis_points" between 0 and 3000),
	CONSTRAINT "strategies_units_not_negative" CHECK ("strategies"."units_minor" >= 0)
);
--> statement-breakpoint
CREATE TABLE "strategy_holdings" (
	"strategy_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"units_minor" bigint NOT NULL,
	"cost_minor" bigint NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "strategy_holdings_strategy_id_user_id_pk" PRIMARY KEY("strategy_id","user_id"),
	CONSTRAINT "strategy_holdings_not_negative" CHECK ("strategy_holdings"."units_minor" >= 0 and "strategy_holdings"."cost_minor" >= 0)
);
--> statement-breakpoint
CREATE TABLE "strategy_navs" (
	"strategy_id" bigint NOT NULL,
	"date" text NOT NULL,
	"nav" bigint NOT NULL,
	"value_minor" bigint NOT NULL,
	"units_minor" bigint NOT NULL,
	"management_fee_minor" bigint NOT NULL,
	"performance_fee_minor" bigint NOT NULL,
	"high_water_mark" bigint NOT NULL,
	"units_issued_minor" bigint NOT NULL,
	"units_redeemed_minor" bigint NOT NULL,
	"value_after_minor" bigint NOT NULL,
	"units_after_minor" bigint NOT NULL,
	"struck_at" timestamp with time zone NOT NULL,
	CONSTRAINT "strategy_navs_strategy_id_date_pk" PRIMARY KEY("strategy_id","date"),
	CONSTRAINT "strategy_navs_fees_not_negative" CHECK ("strategy_navs"."management_fee_minor" >= 0 and "strategy_navs"."performance_fee_minor" >= 0)
);
--> statement-breakpoint
CREATE TABLE "strategy_prices" (
	"strategy_id" bigint NOT NULL,
	"date" text NOT NULL,
	"symbol" text NOT NULL,
	"price_minor" bigint NOT NULL,
	CONSTRAINT "strategy_prices_strategy_id_date_symbol_pk" PRIMARY KEY("strategy_id","date","symbol")
);
--> statement-breakpoint
CREATE TABLE "strategy_requests" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "strategy_requests_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"strategy_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"state" text NOT NULL,
	"amount_minor" bigint,
	"hold_id" bigint,
	"units_minor" bigint,
	"nav" bigint,
	"nav_date" text,
	"paid_minor" bigint,
	"eligible_at" timestamp with time zone NOT NULL,
	"idempotency_key" text NOT NULL,
	"request_hash" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"settled_at" timestamp with time zone,
	CONSTRAINT "strategy_requests_shape" CHECK (("strategy_requests"."kind" = 'follow' and "strategy_requests"."amount_minor" > 0) or ("strategy_requests"."kind" = 'redeem' and "strategy_requests"."units_minor" > 0))
);
--> statement-breakpoint
ALTER TABLE "strategies" ADD CONSTRAINT "strategies_account_user_id_users_id_fk" FOREIGN KEY ("account_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "strategy_holdings" ADD CONSTRAINT "strategy_holdings_strategy_id_strategies_id_fk" FOREIGN KEY ("strategy_id") REFERENCES "public"."strategies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "strategy_holdings" ADD CONSTRAINT "strategy_holdings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "strategy_navs" ADD CONSTRAINT "strategy_navs_strategy_id_strategies_id_fk" FOREIGN KEY ("strategy_id") REFERENCES "public"."strategies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "strategy_prices" ADD CONSTRAINT "strategy_prices_strategy_id_strategies_id_fk" FOREIGN KEY ("strategy_id") REFERENCES "public"."strategies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "strategy_requests" ADD CONSTRAINT "strategy_requests_strategy_id_strategies_id_fk" FOREIGN KEY ("strategy_id") REFERENCES "public"."strategies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "strategy_requests" ADD CONSTRAINT "strategy_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "strategies_code_key" ON "strategies" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "strategy_requests_idempotency_key" ON "strategy_requests" USING btree ("user_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "strategy_requests_pending_idx" ON "strategy_requests" USING btree ("strategy_id","eligible_at") WHERE "strategy_requests"."state" = 'pending';--> statement-breakpoint
CREATE INDEX "strategy_requests_user_idx" ON "strategy_requests" USING btree ("user_id","id");