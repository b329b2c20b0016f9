CREATE TABLE "attempt_counters" (
	"scope" text NOT NULL,
	"subject" text NOT NULL,
	"attempt_count" integer DEFAULT 0 NOT NULL,
	"locked_until" timestamp with time zone,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "attempt_counters_scope_subject_pk" PRIMARY KEY("scope","subject")
);
--> statement-breakpoint
ALTER TABLE "fund_passwords" DROP COLUMN "failed_count";--> statement-breakpoint
ALTER TABLE "fund_passwords" DROP COLUMN "locked_until";--> statement-breakpoint
ALTER TABLE "staff_users" DROP COLUMN "failed_login_count";--> statement-breakpoint
ALTER TABLE "staff_users" DROP COLUMN "login_locked_until";--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "failed_login_count";--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "login_locked_until";