CREATE TABLE "margin_day_trades" (
	"order_id" bigint PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"symbol" text NOT NULL,
	"venue_date" date NOT NULL,
	"quantity_minor" bigint NOT NULL,
	"opened_at" timestamp with time zone NOT NULL,
	"auto_close_at" timestamp with time zone NOT NULL,
	"claimed_until" timestamp with time zone,
	"closed_at" timestamp with time zone,
	"close_order_id" bigint,
	"close_outcome" text,
	CONSTRAINT "margin_day_trades_quantity_positive" CHECK ("margin_day_trades"."quantity_minor" > 0),
	CONSTRAINT "margin_day_trades_closed" CHECK (("margin_day_trades"."closed_at" is null) = ("margin_day_trades"."close_outcome" is null))
);
--> statement-breakpoint
ALTER TABLE "margin_day_trades" ADD CONSTRAINT "margin_day_trades_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "margin_day_trades_open_idx" ON "margin_day_trades" USING btree ("auto_close_at") WHERE "margin_day_trades"."closed_at" is null;--> statement-breakpoint
CREATE INDEX "margin_day_trades_user_idx" ON "margin_day_trades" USING btree ("user_id","venue_date");
