CREATE TABLE "instrument_margin_settings" (
	"symbol" text PRIMARY KEY NOT NULL,
	"not_marginable" boolean DEFAULT false NOT NULL,
	"initial_basis_points" integer,
	"maintenance_basis_points" integer,
	"lendable" boolean DEFAULT false NOT NULL,
	"lending_paused" boolean DEFAULT false NOT NULL,
	"reason" text NOT NULL,
	"updated_by_staff_id" bigint NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "instrument_margin_settings_basis_points" CHECK (("instrument_margin_settings"."initial_basis_points" is null or "instrument_margin_settings"."initial_basis_points" between 1 and 10000) and ("instrument_margin_settings"."maintenance_basis_points" is null or "instrument_margin_settings"."maintenance_basis_points" between 1 and 10000) and ("instrument_margin_settings"."initial_basis_points" is null or "instrument_margin_settings"."maintenance_basis_points" is null or "instrument_margin_settings"."maintenance_basis_points" <= "instrument_margin_settings"."initial_basis_points"))
);--> statement-breakpoint
ALTER TABLE "instrument_margin_settings" ADD CONSTRAINT "instrument_margin_settings_updated_by_staff_id_staff_users_id_fk" FOREIGN KEY ("updated_by_staff_id") REFERENCES "public"."staff_users"("id") ON DELETE no action ON UPDATE no action;