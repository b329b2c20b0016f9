-- Every ledger entry and hold names its source (ADR 0004). Rows written before this migration get
-- theirs from the tables that point at them: holds from the withdrawal that holds them; entries
-- from the deposit, exchange or correction that names them, else from their hold. A row that none
-- of them claims (none in a database the app wrote) gets the id 'entry:<id>' or 'hold:<id>', with
-- the entry's kind as its type when that is a source type, else 'correction' ('withdrawal' for a
-- hold). Their seals keep hash format 1, which does not cover the source, so the chain still
-- verifies. The journal is append-only: its UPDATE trigger is off for this backfill only.
UPDATE "ledger_holds" hold SET "source_type" = 'withdrawal', "source_id" = withdrawal."id"::text
  FROM "withdrawals" withdrawal WHERE withdrawal."hold_id" = hold."id";--> statement-breakpoint
UPDATE "ledger_holds" SET "source_type" = 'withdrawal', "source_id" = 'hold:' || "id"::text
  WHERE "source_type" IS NULL;--> statement-breakpoint
ALTER TABLE "ledger_entries" DISABLE TRIGGER "ledger_entries_append_only";--> statement-breakpoint
UPDATE "ledger_entries" entry SET "source_type" = 'deposit', "source_id" = deposit."id"::text
  FROM "deposits" deposit WHERE deposit."entry_id" = entry."id";--> statement-breakpoint
UPDATE "ledger_entries" entry SET "source_type" = 'exchange', "source_id" = exchange."id"::text
  FROM "exchanges" exchange WHERE exchange."entry_id" = entry."id";--> statement-breakpoint
UPDATE "ledger_entries" entry SET "source_type" = 'correction', "source_id" = correction."id"::text
  FROM "balance_corrections" correction WHERE correction."entry_id" = entry."id";--> statement-breakpoint
UPDATE "ledger_entries" entry SET "source_type" = hold."source_type", "source_id" = hold."source_id"
  FROM "ledger_holds" hold WHERE hold."id" = entry."hold_id" AND entry."source_type" IS NULL;--> statement-breakpoint
UPDATE "ledger_entries" SET
  "source_type" = CASE WHEN "kind" IN ('deposit', 'withdrawal', 'exchange', 'correction') THEN "kind" ELSE 'correction' END,
  "source_id" = 'entry:' || "id"::text
  WHERE "source_type" IS NULL;--> statement-breakpoint
ALTER TABLE "ledger_entries" ENABLE TRIGGER "ledger_entries_append_only";--> statement-breakpoint
-- Every new entry carries its idempotency key. NOT VALID: entries written before keys were
-- required (holds and test transfers without one) stay as they were sealed.
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_idempotency_key_required"
  CHECK ("idempotency_key" IS NOT NULL) NOT VALID;
