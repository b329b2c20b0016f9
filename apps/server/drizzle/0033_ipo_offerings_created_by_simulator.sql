ALTER TABLE "ipo_offerings" ALTER COLUMN "created_by_staff_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "ipo_offerings" ADD COLUMN "created_by" text DEFAULT 'staff' NOT NULL;--> statement-breakpoint
ALTER TABLE "ipo_offerings" ADD COLUMN "demo_round" integer;--> statement-breakpoint
CREATE UNIQUE INDEX "ipo_offerings_demo_round" ON "ipo_offerings" USING btree ("demo_round");--> statement-breakpoint
ALTER TABLE "ipo_offerings" ADD CONSTRAINT "ipo_offerings_creator" CHECK (("ipo_offerings"."created_by" = 'staff' and "ipo_offerings"."created_by_staff_id" is not null and "ipo_offerings"."demo_round" is null) or ("ipo_offerings"."created_by" = 'simulator' and "ipo_offerings"."created_by_staff_id" is null and "ipo_offerings"."demo_round" is not null));