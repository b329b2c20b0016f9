CREATE TABLE "margin_calls" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "margin_calls_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" bigint NOT NULL,
	"state" text NOT NULL,
	"level_basis_points" integer NOT NULL,
	"equity_minor" bigint NOT NULL,
	"maintenance_minor" bigint NOT NULL,
	"needed_minor" bigint NOT NULL,
	"opened_at" timestamp with time zone NOT NULL,
	"met_at" timestamp with time zone,
	"met_level_basis_points" integer,
	CONSTRAINT "margin_calls_state" CHECK ("margin_calls"."state" in ('open', 'met') and ("margin_calls"."state" = 'open') = ("margin_calls"."met_at" is null))
);
--> statement-breakpoint
ALTER TABLE "margin_calls" ADD CONSTRAINT "margin_calls_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "margin_calls_one_open" ON "margin_calls" USING btree ("user_id") WHERE "margin_calls"."state" = 'open';--> statement-breakpoint
CREATE INDEX "margin_calls_user_idx" ON "margin_calls" USING btree ("user_id","id");
