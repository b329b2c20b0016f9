ALTER TABLE "ipo_subscriptions" DROP CONSTRAINT "ipo_subscriptions_settled_sum";--> statement-breakpoint
ALTER TABLE "ipo_offerings" ADD COLUMN "settled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "ipo_subscriptions" ADD COLUMN "settled_at" timestamp with time zone;--> statement-breakpoint
-- Draws before this one settled every subscription in the draw's own transaction.
UPDATE "ipo_subscriptions" SET "settled_at" = "drawn_at" WHERE "drawn_at" IS NOT NULL;--> statement-breakpoint
UPDATE "ipo_offerings" SET "settled_at" = "drawn_at" WHERE "drawn_at" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "ipo_subscriptions" ADD CONSTRAINT "ipo_subscriptions_drawn_allocated" CHECK (("ipo_subscriptions"."drawn_at" is null) = ("ipo_subscriptions"."allocated_quantity" is null));--> statement-breakpoint
ALTER TABLE "ipo_subscriptions" ADD CONSTRAINT "ipo_subscriptions_settled_sum" CHECK (("ipo_subscriptions"."settled_at" is null and "ipo_subscriptions"."paid_minor" is null and "ipo_subscriptions"."released_minor" is null) or ("ipo_subscriptions"."settled_at" is not null and "ipo_subscriptions"."allocated_quantity" is not null and "ipo_subscriptions"."paid_minor" + "ipo_subscriptions"."released_minor" = "ipo_subscriptions"."frozen_minor"));