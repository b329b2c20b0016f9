ALTER TABLE "staff_users" ADD COLUMN "created_by_staff_id" bigint;--> statement-breakpoint
ALTER TABLE "staff_users" ADD COLUMN "enabled_by_staff_id" bigint;--> statement-breakpoint
ALTER TABLE "staff_users" ADD COLUMN "enabled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "staff_users" ADD CONSTRAINT "staff_users_created_by_staff_id_staff_users_id_fk" FOREIGN KEY ("created_by_staff_id") REFERENCES "public"."staff_users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_users" ADD CONSTRAINT "staff_users_enabled_by_staff_id_staff_users_id_fk" FOREIGN KEY ("enabled_by_staff_id") REFERENCES "public"."staff_users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- Accounts created or re-enabled before these columns existed: who did it, from the audit log.
UPDATE "staff_users" AS s SET "created_by_staff_id" = a."staff_id"
  FROM "audit_log" AS a
  WHERE a."action" = 'staff.create' AND a."target_type" = 'staff' AND a."target_id" = s."id"::text;--> statement-breakpoint
UPDATE "staff_users" AS s SET "enabled_by_staff_id" = latest."staff_id", "enabled_at" = latest."created_at"
  FROM (
    SELECT DISTINCT ON ("target_id") "target_id", "staff_id", "created_at"
    FROM "audit_log" WHERE "action" = 'staff.enable' AND "target_type" = 'staff'
    ORDER BY "target_id", "created_at" DESC, "id" DESC
  ) AS latest
  WHERE latest."target_id" = s."id"::text;
