CREATE TABLE "ledger_verify_runs" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ledger_verify_runs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"ran_at" timestamp with time zone NOT NULL,
	"is_ok" boolean NOT NULL,
	"breach_count" integer NOT NULL,
	"checks" jsonb NOT NULL,
	"entry_count" bigint NOT NULL,
	"sealed_count" bigint NOT NULL,
	"unsealed_count" bigint NOT NULL
);
--> statement-breakpoint
CREATE INDEX "ledger_verify_runs_ran_at_idx" ON "ledger_verify_runs" USING btree ("ran_at");