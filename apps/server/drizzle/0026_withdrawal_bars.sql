CREATE TABLE "withdrawal_bars" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "withdrawal_bars_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" bigint NOT NULL,
	"bar_reason" text NOT NULL,
	"note" text NOT NULL,
	"days" integer NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"proposed_by_staff_id" bigint NOT NULL,
	"decided_by_staff_id" bigint,
	"decided_at" timestamp with time zone,
	"expires_at" timestamp with time zone,
	"restriction_id" bigint,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "withdrawal_bars_days" CHECK ("withdrawal_bars"."days" between 1 and 30),
	CONSTRAINT "withdrawal_bars_second_staff" CHECK ("withdrawal_bars"."state" <> 'approved' or "withdrawal_bars"."decided_by_staff_id" <> "withdrawal_bars"."proposed_by_staff_id")
);
--> statement-breakpoint
ALTER TABLE "user_restrictions" ADD COLUMN "expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "withdrawal_bars" ADD CONSTRAINT "withdrawal_bars_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawal_bars" ADD CONSTRAINT "withdrawal_bars_proposed_by_staff_id_staff_users_id_fk" FOREIGN KEY ("proposed_by_staff_id") REFERENCES "public"."staff_users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawal_bars" ADD CONSTRAINT "withdrawal_bars_decided_by_staff_id_staff_users_id_fk" FOREIGN KEY ("decided_by_staff_id") REFERENCES "public"."staff_users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawal_bars" ADD CONSTRAINT "withdrawal_bars_restriction_id_user_restrictions_id_fk" FOREIGN KEY ("restriction_id") REFERENCES "public"."user_restrictions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "withdrawal_bars_state_idx" ON "withdrawal_bars" USING btree ("state","created_at");--> statement-breakpoint
UPDATE "user_restrictions" SET "reason" = 'account_review', "expires_at" = greatest("created_at", now()) + interval '30 days' WHERE "kind" = 'withdrawal_barred' AND "lifted_at" IS NULL;
