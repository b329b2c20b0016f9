ALTER TABLE "ledger_entries" ALTER COLUMN "source_type" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "ledger_entries" ALTER COLUMN "source_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "ledger_holds" ALTER COLUMN "source_type" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "ledger_holds" ALTER COLUMN "source_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "ledger_holds" ADD CONSTRAINT "ledger_holds_available_account_id_asset_ledger_accounts_id_asset_fk" FOREIGN KEY ("available_account_id","asset") REFERENCES "public"."ledger_accounts"("id","asset") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_holds" ADD CONSTRAINT "ledger_holds_frozen_account_id_asset_ledger_accounts_id_asset_fk" FOREIGN KEY ("frozen_account_id","asset") REFERENCES "public"."ledger_accounts"("id","asset") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_postings" ADD CONSTRAINT "ledger_postings_account_id_asset_ledger_accounts_id_asset_fk" FOREIGN KEY ("account_id","asset") REFERENCES "public"."ledger_accounts"("id","asset") ON DELETE no action ON UPDATE no action;