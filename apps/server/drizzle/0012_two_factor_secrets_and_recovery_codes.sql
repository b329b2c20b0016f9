CREATE TABLE "two_factor_recovery_codes" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "two_factor_recovery_codes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"owner_kind" text NOT NULL,
	"owner_id" bigint NOT NULL,
	"code_hash" text NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "two_factor_secrets" (
	"owner_kind" text NOT NULL,
	"owner_id" bigint NOT NULL,
	"secret_base32" text NOT NULL,
	"confirmed_at" timestamp with time zone,
	"last_step" bigint DEFAULT -1 NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "two_factor_secrets_owner_kind_owner_id_pk" PRIMARY KEY("owner_kind","owner_id")
);
--> statement-breakpoint
CREATE INDEX "two_factor_recovery_codes_owner_idx" ON "two_factor_recovery_codes" USING btree ("owner_kind","owner_id");