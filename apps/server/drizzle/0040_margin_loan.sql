CREATE TABLE "margin_loan_movements" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "margin_loan_movements_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" bigint NOT NULL,
	"currency" text NOT NULL,
	"kind" text NOT NULL,
	"amount_minor" bigint NOT NULL,
	"entry_id" bigint NOT NULL,
	"order_id" bigint,
	"interest_day" date,
	"idempotency_key" text,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "margin_loan_movements_amount_positive" CHECK ("margin_loan_movements"."amount_minor" > 0),
	CONSTRAINT "margin_loan_movements_interest_day" CHECK (("margin_loan_movements"."kind" = 'interest') = ("margin_loan_movements"."interest_day" is not null))
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "leverage_hundredths" smallint DEFAULT 100 NOT NULL;--> statement-breakpoint
ALTER TABLE "margin_loan_movements" ADD CONSTRAINT "margin_loan_movements_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "margin_loan_movements_user_idx" ON "margin_loan_movements" USING btree ("user_id","currency");--> statement-breakpoint
CREATE UNIQUE INDEX "margin_loan_movements_interest_day" ON "margin_loan_movements" USING btree ("user_id","currency","interest_day") WHERE "margin_loan_movements"."kind" = 'interest';--> statement-breakpoint
CREATE UNIQUE INDEX "margin_loan_movements_key" ON "margin_loan_movements" USING btree ("user_id","idempotency_key");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_leverage_hundredths" CHECK ("orders"."leverage_hundredths" >= 100 and "orders"."leverage_hundredths" <= 1000 and ("orders"."leverage_hundredths" = 100 or "orders"."side" = 'buy'));
