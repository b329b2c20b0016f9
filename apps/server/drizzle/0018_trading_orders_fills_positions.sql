CREATE TABLE "corporate_action_payments" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "corporate_action_payments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" bigint NOT NULL,
	"symbol" text NOT NULL,
	"kind" text NOT NULL,
	"ex_date" date NOT NULL,
	"currency" text NOT NULL,
	"quantity_minor" bigint NOT NULL,
	"amount_per_share_minor" bigint,
	"gross_minor" bigint,
	"withholding_foreign_minor" bigint,
	"withholding_belgian_minor" bigint,
	"net_minor" bigint,
	"ratio_from" integer,
	"ratio_to" integer,
	"entry_id" bigint,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "corporate_action_payments_quantity_positive" CHECK ("corporate_action_payments"."quantity_minor" > 0)
);
--> statement-breakpoint
CREATE TABLE "fills" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "fills_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"order_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"symbol" text NOT NULL,
	"side" text NOT NULL,
	"quantity_minor" bigint NOT NULL,
	"price_minor" bigint NOT NULL,
	"price_basis" text NOT NULL,
	"quote_source" text NOT NULL,
	"quote_timestamp" timestamp with time zone NOT NULL,
	"currency" text NOT NULL,
	"gross_minor" bigint NOT NULL,
	"fee_minor" bigint NOT NULL,
	"fee_basis_points" integer NOT NULL,
	"fee_minimum_minor" bigint NOT NULL,
	"tob_class" text NOT NULL,
	"tob_basis_points" integer NOT NULL,
	"tob_base_minor" bigint NOT NULL,
	"tob_minor" bigint NOT NULL,
	"tob_cap_minor" bigint NOT NULL,
	"tob_cap_eur_minor" bigint NOT NULL,
	"is_tob_capped" boolean NOT NULL,
	"total_trade_minor" bigint NOT NULL,
	"pay_currency" text NOT NULL,
	"total_pay_minor" bigint NOT NULL,
	"fx_market_rate_minor" bigint,
	"fx_applied_rate_minor" bigint,
	"fx_spread_basis_points" integer,
	"fx_amount_minor" bigint,
	"fx_converted_minor" bigint,
	"fx_source" text,
	"fx_timestamp" timestamp with time zone,
	"realised_pnl_minor" bigint,
	"realised_pnl_eur_minor" bigint,
	"entry_id" bigint NOT NULL,
	"settles_on" date,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "fills_quantity_positive" CHECK ("fills"."quantity_minor" > 0),
	CONSTRAINT "fills_price_positive" CHECK ("fills"."price_minor" > 0),
	CONSTRAINT "fills_fx_complete" CHECK (("fills"."fx_applied_rate_minor" is null) = ("fills"."pay_currency" = "fills"."currency"))
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "orders_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" bigint NOT NULL,
	"symbol" text NOT NULL,
	"asset" text NOT NULL,
	"market" text NOT NULL,
	"currency" text NOT NULL,
	"pay_currency" text NOT NULL,
	"side" text NOT NULL,
	"type" text NOT NULL,
	"time_in_force" text NOT NULL,
	"direction" text DEFAULT 'long' NOT NULL,
	"leverage" smallint DEFAULT 1 NOT NULL,
	"quantity_minor" bigint NOT NULL,
	"quantity_scale" smallint NOT NULL,
	"filled_quantity_minor" bigint DEFAULT 0 NOT NULL,
	"limit_price_minor" bigint,
	"stop_price_minor" bigint,
	"trail_amount_minor" bigint,
	"trail_basis_points" integer,
	"trail_reference_minor" bigint,
	"is_queued_for_open" boolean DEFAULT false NOT NULL,
	"state" text NOT NULL,
	"reason" text,
	"hold_id" bigint,
	"reserved_minor" bigint NOT NULL,
	"expires_at" timestamp with time zone,
	"idempotency_key" text NOT NULL,
	"request_hash" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"filled_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"expired_at" timestamp with time zone,
	"rejected_at" timestamp with time zone,
	CONSTRAINT "orders_quantity_positive" CHECK ("orders"."quantity_minor" > 0),
	CONSTRAINT "orders_filled_within_quantity" CHECK ("orders"."filled_quantity_minor" >= 0 and "orders"."filled_quantity_minor" <= "orders"."quantity_minor"),
	CONSTRAINT "orders_reserved_not_negative" CHECK ("orders"."reserved_minor" >= 0),
	CONSTRAINT "orders_leverage_one" CHECK ("orders"."leverage" = 1)
);
--> statement-breakpoint
CREATE TABLE "position_lots" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "position_lots_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"position_id" bigint NOT NULL,
	"fill_id" bigint NOT NULL,
	"quantity_minor" bigint NOT NULL,
	"remaining_minor" bigint NOT NULL,
	"price_minor" bigint NOT NULL,
	"opened_at" timestamp with time zone NOT NULL,
	"locked_until" timestamp with time zone,
	CONSTRAINT "position_lots_remaining_within" CHECK ("position_lots"."remaining_minor" >= 0 and "position_lots"."remaining_minor" <= "position_lots"."quantity_minor")
);
--> statement-breakpoint
CREATE TABLE "positions" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "positions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" bigint NOT NULL,
	"symbol" text NOT NULL,
	"asset" text NOT NULL,
	"market" text NOT NULL,
	"currency" text NOT NULL,
	"direction" text DEFAULT 'long' NOT NULL,
	"leverage" smallint DEFAULT 1 NOT NULL,
	"state" text NOT NULL,
	"quantity_minor" bigint NOT NULL,
	"quantity_scale" smallint NOT NULL,
	"cost_minor" bigint NOT NULL,
	"realised_pnl_minor" bigint DEFAULT 0 NOT NULL,
	"realised_pnl_eur_minor" bigint DEFAULT 0 NOT NULL,
	"opened_at" timestamp with time zone NOT NULL,
	"closed_at" timestamp with time zone,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "positions_quantity_not_negative" CHECK ("positions"."quantity_minor" >= 0),
	CONSTRAINT "positions_closed_when_empty" CHECK (("positions"."state" = 'closed') = ("positions"."quantity_minor" = 0))
);
--> statement-breakpoint
CREATE TABLE "settlements" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "settlements_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" bigint NOT NULL,
	"fill_id" bigint NOT NULL,
	"currency" text NOT NULL,
	"amount_minor" bigint NOT NULL,
	"settles_on" date NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "settlements_amount_positive" CHECK ("settlements"."amount_minor" > 0)
);
--> statement-breakpoint
ALTER TABLE "corporate_action_payments" ADD CONSTRAINT "corporate_action_payments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fills" ADD CONSTRAINT "fills_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fills" ADD CONSTRAINT "fills_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "position_lots" ADD CONSTRAINT "position_lots_position_id_positions_id_fk" FOREIGN KEY ("position_id") REFERENCES "public"."positions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "position_lots" ADD CONSTRAINT "position_lots_fill_id_fills_id_fk" FOREIGN KEY ("fill_id") REFERENCES "public"."fills"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "positions" ADD CONSTRAINT "positions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "settlements" ADD CONSTRAINT "settlements_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "settlements" ADD CONSTRAINT "settlements_fill_id_fills_id_fk" FOREIGN KEY ("fill_id") REFERENCES "public"."fills"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "corporate_action_payments_once" ON "corporate_action_payments" USING btree ("user_id","symbol","kind","ex_date");--> statement-breakpoint
CREATE INDEX "fills_order_idx" ON "fills" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "fills_user_created_idx" ON "fills" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "fills_entry_key" ON "fills" USING btree ("entry_id");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_idempotency_key" ON "orders" USING btree ("user_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "orders_user_created_idx" ON "orders" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "orders_pending_symbol_idx" ON "orders" USING btree ("symbol") WHERE "orders"."state" in ('pending', 'partially_filled');--> statement-breakpoint
CREATE INDEX "orders_pending_expiry_idx" ON "orders" USING btree ("expires_at") WHERE "orders"."state" in ('pending', 'partially_filled') and "orders"."expires_at" is not null;--> statement-breakpoint
CREATE INDEX "position_lots_position_idx" ON "position_lots" USING btree ("position_id","opened_at");--> statement-breakpoint
CREATE UNIQUE INDEX "positions_one_holding" ON "positions" USING btree ("user_id","symbol","direction") WHERE "positions"."state" = 'holding';--> statement-breakpoint
CREATE INDEX "positions_user_idx" ON "positions" USING btree ("user_id","state");--> statement-breakpoint
CREATE INDEX "settlements_user_idx" ON "settlements" USING btree ("user_id","settles_on");