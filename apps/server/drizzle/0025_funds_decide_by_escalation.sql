ALTER TABLE "deposits" ADD COLUMN "decide_by" timestamp with time zone;--> statement-breakpoint
UPDATE "deposits" SET "decide_by" = "created_at" + interval '24 hours';--> statement-breakpoint
ALTER TABLE "deposits" ALTER COLUMN "decide_by" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "deposits" ADD COLUMN "escalated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "escalated_at" timestamp with time zone;
