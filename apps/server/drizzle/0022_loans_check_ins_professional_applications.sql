CREATE TABLE "check_in_badge_claims" (
	"user_id" bigint NOT NULL,
	"badge" text NOT NULL,
	"claimed_at" timestamp with time zone NOT NULL,
	CONSTRAINT "check_in_badge_claims_user_id_badge_pk" PRIMARY KEY("user_id","badge")
);
--> statement-breakpoint
CREATE TABLE "check_ins" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "check_ins_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" bigint NOT NULL,
	"local_date" date NOT NULL,
	"time_zone" text NOT NULL,
	"streak" integer NOT NULL,
	"checked_in_at" timestamp with time zone NOT NULL,
	CONSTRAINT "check_ins_streak_positive" CHECK ("check_ins"."streak" >= 1)
);
--> statement-breakpoint
CREATE TABLE "loan_movements" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "loan_movements_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"loan_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"amount_minor" bigint NOT NULL,
	"interest_minor" bigint NOT NULL,
	"principal_minor" bigint NOT NULL,
	"entry_id" bigint NOT NULL,
	"idempotency_key" text NOT NULL,
	"request_hash" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "loan_movements_split" CHECK ("loan_movements"."amount_minor" > 0 and "loan_movements"."interest_minor" >= 0 and "loan_movements"."principal_minor" >= 0 and "loan_movements"."interest_minor" + "loan_movements"."principal_minor" = "loan_movements"."amount_minor")
);
--> statement-breakpoint
CREATE TABLE "loans" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "loans_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" bigint NOT NULL,
	"state" text NOT NULL,
	"rate_basis_points" integer NOT NULL,
	"score_at_opening" integer NOT NULL,
	"opened_at" timestamp with time zone NOT NULL,
	"due_on" date NOT NULL,
	"accrued_through" date,
	"repaid_at" timestamp with time zone,
	CONSTRAINT "loans_rate_sane" CHECK ("loans"."rate_basis_points" between 0 and 10000)
);
--> statement-breakpoint
CREATE TABLE "professional_applications" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "professional_applications_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" bigint NOT NULL,
	"state" text NOT NULL,
	"criteria" text[] NOT NULL,
	"trades_per_quarter" integer[] NOT NULL,
	"evidence_upload_ids" bigint[] NOT NULL,
	"statement" text NOT NULL,
	"reason" text,
	"decided_by_staff_id" bigint,
	"created_at" timestamp with time zone NOT NULL,
	"decided_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "check_in_badge_claims" ADD CONSTRAINT "check_in_badge_claims_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "check_ins" ADD CONSTRAINT "check_ins_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_movements" ADD CONSTRAINT "loan_movements_loan_id_loans_id_fk" FOREIGN KEY ("loan_id") REFERENCES "public"."loans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_movements" ADD CONSTRAINT "loan_movements_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_movements" ADD CONSTRAINT "loan_movements_entry_id_ledger_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."ledger_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loans" ADD CONSTRAINT "loans_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "professional_applications" ADD CONSTRAINT "professional_applications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "professional_applications" ADD CONSTRAINT "professional_applications_decided_by_staff_id_staff_users_id_fk" FOREIGN KEY ("decided_by_staff_id") REFERENCES "public"."staff_users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "check_ins_one_per_day" ON "check_ins" USING btree ("user_id","local_date");--> statement-breakpoint
CREATE UNIQUE INDEX "loan_movements_idempotency_key" ON "loan_movements" USING btree ("user_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "loan_movements_loan" ON "loan_movements" USING btree ("loan_id");--> statement-breakpoint
CREATE UNIQUE INDEX "loans_one_open_per_user" ON "loans" USING btree ("user_id") WHERE "loans"."state" = 'open';--> statement-breakpoint
CREATE INDEX "loans_open" ON "loans" USING btree ("id") WHERE "loans"."state" = 'open';--> statement-breakpoint
CREATE UNIQUE INDEX "professional_applications_one_live" ON "professional_applications" USING btree ("user_id") WHERE "professional_applications"."state" in ('pending', 'approved');--> statement-breakpoint
CREATE INDEX "professional_applications_state" ON "professional_applications" USING btree ("state","id");