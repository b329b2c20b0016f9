CREATE TABLE "margin_accounts" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "margin_accounts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" bigint NOT NULL,
	"test_id" bigint NOT NULL,
	"disclosure_version" text NOT NULL,
	"disclosure_language" text NOT NULL,
	"disclosure_hash" text NOT NULL,
	"accepted_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "margin_tests" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "margin_tests_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" bigint NOT NULL,
	"answers" jsonb NOT NULL,
	"knowledge_correct" integer NOT NULL,
	"is_experience_met" boolean NOT NULL,
	"is_passed" boolean NOT NULL,
	"taken_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "margin_accounts" ADD CONSTRAINT "margin_accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "margin_accounts" ADD CONSTRAINT "margin_accounts_test_id_margin_tests_id_fk" FOREIGN KEY ("test_id") REFERENCES "public"."margin_tests"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "margin_tests" ADD CONSTRAINT "margin_tests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "margin_accounts_user_key" ON "margin_accounts" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "margin_tests_user_idx" ON "margin_tests" USING btree ("user_id","id");