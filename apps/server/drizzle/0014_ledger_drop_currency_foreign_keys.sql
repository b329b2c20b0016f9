ALTER TABLE "ledger_holds" DROP CONSTRAINT "ledger_holds_available_account_id_currency_ledger_accounts_id_currency_fk";
--> statement-breakpoint
ALTER TABLE "ledger_holds" DROP CONSTRAINT "ledger_holds_frozen_account_id_currency_ledger_accounts_id_currency_fk";
--> statement-breakpoint
ALTER TABLE "ledger_postings" DROP CONSTRAINT "ledger_postings_account_id_currency_ledger_accounts_id_currency_fk";
