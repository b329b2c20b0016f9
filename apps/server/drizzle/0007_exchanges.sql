CREATE TABLE "exchanges" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "exchanges_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" bigint NOT NULL,
	"from_currency" text NOT NULL,
	"to_currency" text NOT NULL,
	"amount_minor" bigint NOT NULL,
	"received_minor" bigint NOT NULL,
	"market_rate_minor" bigint NOT NULL,
	"applied_rate_minor" bigint NOT NULL,
	"spread_basis_points" integer NOT NULL,
	"rate_source" text NOT NULL,
	"rate_timestamp" timestamp with time zone NOT NULL,
	"entry_id" bigint NOT NULL,
	"idempotency_key" text NOT NULL,
	"request_hash" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "exchanges_currencies_differ" CHECK ("exchanges"."from_currency" <> "exchanges"."to_currency"),
	CONSTRAINT "exchanges_amounts_positive" CHECK ("exchanges"."amount_minor" > 0 and "exchanges"."received_minor" > 0)
);
--> statement-breakpoint
ALTER TABLE "exchanges" ADD CONSTRAINT "exchanges_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exchanges" ADD CONSTRAINT "exchanges_entry_id_ledger_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."ledger_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "exchanges_idempotency_key" ON "exchanges" USING btree ("user_id","idempotency_key");