DROP INDEX "ledger_entries_idempotency_key";--> statement-breakpoint
DROP INDEX "ledger_entries_hold_idx";--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_entries_idempotency_key" ON "ledger_entries" USING btree ("idempotency_key") WHERE "ledger_entries"."idempotency_key" is not null;--> statement-breakpoint
CREATE INDEX "ledger_entries_hold_idx" ON "ledger_entries" USING btree ("hold_id") WHERE "ledger_entries"."hold_id" is not null;