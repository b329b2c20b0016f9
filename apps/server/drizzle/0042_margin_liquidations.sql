CREATE TABLE "margin_liquidations" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "margin_liquidations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" bigint NOT NULL,
	"state" text NOT NULL,
	"level_basis_points" integer NOT NULL,
	"equity_minor" bigint NOT NULL,
	"maintenance_minor" bigint NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"claimed_until" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone,
	"end_level_basis_points" integer,
	"shortfall_minor" bigint,
	CONSTRAINT "margin_liquidations_state" CHECK ("margin_liquidations"."state" in ('running', 'done') and ("margin_liquidations"."state" = 'running') = ("margin_liquidations"."ended_at" is null))
);
--> statement-breakpoint
CREATE TABLE "margin_liquidation_sales" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "margin_liquidation_sales_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"liquidation_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"order_id" bigint NOT NULL,
	"symbol" text NOT NULL,
	"currency" text NOT NULL,
	"quantity" text NOT NULL,
	"cost_minor" bigint NOT NULL,
	"value_minor" bigint NOT NULL,
	"loss_eur_minor" bigint NOT NULL,
	"last_minor" bigint NOT NULL,
	"bid_minor" bigint,
	"ask_minor" bigint,
	"quote_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "margin_liquidations" ADD CONSTRAINT "margin_liquidations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "margin_liquidation_sales" ADD CONSTRAINT "margin_liquidation_sales_liquidation_id_margin_liquidations_id_fk" FOREIGN KEY ("liquidation_id") REFERENCES "public"."margin_liquidations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "margin_liquidation_sales" ADD CONSTRAINT "margin_liquidation_sales_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "margin_liquidations_one_running" ON "margin_liquidations" USING btree ("user_id") WHERE "margin_liquidations"."state" = 'running';--> statement-breakpoint
CREATE INDEX "margin_liquidations_user_idx" ON "margin_liquidations" USING btree ("user_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "margin_liquidation_sales_order" ON "margin_liquidation_sales" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "margin_liquidation_sales_liquidation_idx" ON "margin_liquidation_sales" USING btree ("liquidation_id","id");
