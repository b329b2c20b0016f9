ALTER TABLE "ledger_accounts" RENAME COLUMN "currency" TO "asset";--> statement-breakpoint
ALTER TABLE "ledger_holds" RENAME COLUMN "currency" TO "asset";--> statement-breakpoint
ALTER TABLE "ledger_postings" RENAME COLUMN "currency" TO "asset";--> statement-breakpoint
ALTER TABLE "ledger_accounts" DROP CONSTRAINT "ledger_accounts_id_currency_key";--> statement-breakpoint
ALTER TABLE "ledger_accounts" DROP CONSTRAINT "ledger_accounts_currency";--> statement-breakpoint
DROP INDEX "ledger_accounts_user_key";--> statement-breakpoint
DROP INDEX "ledger_accounts_house_key";--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD COLUMN "source_type" text;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD COLUMN "source_id" text;--> statement-breakpoint
ALTER TABLE "ledger_holds" ADD COLUMN "source_type" text;--> statement-breakpoint
ALTER TABLE "ledger_holds" ADD COLUMN "source_id" text;--> statement-breakpoint
ALTER TABLE "ledger_holds" ADD COLUMN "expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "ledger_seals" ADD COLUMN "hash_format" smallint DEFAULT 1 NOT NULL;--> statement-breakpoint
CREATE INDEX "ledger_entries_source_idx" ON "ledger_entries" USING btree ("source_type","source_id");--> statement-breakpoint
CREATE INDEX "ledger_holds_pending_expiry_idx" ON "ledger_holds" USING btree ("expires_at") WHERE "ledger_holds"."state" = 'pending' and "ledger_holds"."expires_at" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_accounts_user_key" ON "ledger_accounts" USING btree ("owner_user_id","asset","kind") WHERE "ledger_accounts"."owner_user_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_accounts_house_key" ON "ledger_accounts" USING btree ("asset","kind") WHERE "ledger_accounts"."owner_user_id" is null;--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_id_asset_key" UNIQUE("id","asset");--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_asset" CHECK ("ledger_accounts"."asset" ~ '^(EUR|USD|crypto:[A-Z0-9]{2,10}|sec:[A-Z0-9][A-Z0-9._-]{0,23})$');--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_source_type_format" CHECK ("ledger_entries"."source_type" ~ '^[a-z][a-z0-9_]*$');