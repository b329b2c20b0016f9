CREATE TABLE "balance_corrections" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "balance_corrections_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" bigint NOT NULL,
	"currency" text NOT NULL,
	"amount_minor" bigint NOT NULL,
	"reason" text NOT NULL,
	"state" text NOT NULL,
	"proposed_by_staff_id" bigint NOT NULL,
	"decided_by_staff_id" bigint,
	"entry_id" bigint,
	"created_at" timestamp with time zone NOT NULL,
	"decided_at" timestamp with time zone,
	CONSTRAINT "balance_corrections_amount_not_zero" CHECK ("balance_corrections"."amount_minor" <> 0),
	CONSTRAINT "balance_corrections_four_eyes" CHECK ("balance_corrections"."decided_by_staff_id" is null or "balance_corrections"."state" <> 'applied' or "balance_corrections"."decided_by_staff_id" <> "balance_corrections"."proposed_by_staff_id" or "balance_corrections"."decided_at" = "balance_corrections"."created_at")
);
--> statement-breakpoint
ALTER TABLE "balance_corrections" ADD CONSTRAINT "balance_corrections_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "balance_corrections" ADD CONSTRAINT "balance_corrections_proposed_by_staff_id_staff_users_id_fk" FOREIGN KEY ("proposed_by_staff_id") REFERENCES "public"."staff_users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "balance_corrections" ADD CONSTRAINT "balance_corrections_decided_by_staff_id_staff_users_id_fk" FOREIGN KEY ("decided_by_staff_id") REFERENCES "public"."staff_users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "balance_corrections" ADD CONSTRAINT "balance_corrections_entry_id_ledger_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."ledger_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "balance_corrections_state_idx" ON "balance_corrections" USING btree ("state","created_at");