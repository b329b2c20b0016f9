ALTER TABLE "placements" ALTER COLUMN "created_by_staff_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "placements" ADD COLUMN "created_by" text DEFAULT 'staff' NOT NULL;--> statement-breakpoint
ALTER TABLE "placements" ADD COLUMN "demo_round" integer;--> statement-breakpoint
CREATE UNIQUE INDEX "placements_demo_round" ON "placements" USING btree ("demo_round");--> statement-breakpoint
ALTER TABLE "placements" ADD CONSTRAINT "placements_creator" CHECK (("placements"."created_by" = 'staff' and "placements"."created_by_staff_id" is not null and "placements"."demo_round" is null) or ("placements"."created_by" = 'simulator' and "placements"."created_by_staff_id" is null and "placements"."demo_round" is not null));