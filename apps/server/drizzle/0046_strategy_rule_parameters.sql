ALTER TABLE "strategies" ADD COLUMN "weights" text;--> statement-breakpoint
ALTER TABLE "strategies" ADD COLUMN "lookback" integer;--> statement-breakpoint
ALTER TABLE "strategies" ADD COLUMN "top" integer;--> statement-breakpoint
-- The three published rules become parameterised rule kinds with the parameters they were run with
-- (BAL6040 60/40, TRENDBR 10 prices, MOMBR the top 2 over 20 prices): the same behaviour, the same NAVs.
UPDATE "strategies" SET "rule" = 'fixed_weights', "weights" = '6000,4000' WHERE "rule" = 'rebalance_60_40';--> statement-breakpoint
UPDATE "strategies" SET "lookback" = 10 WHERE "rule" = 'trend_moving_average';--> statement-breakpoint
UPDATE "strategies" SET "rule" = 'momentum_top', "lookback" = 20, "top" = 2 WHERE "rule" = 'momentum_top_two';--> statement-breakpoint
ALTER TABLE "strategies" ADD CONSTRAINT "strategies_rule_parameters" CHECK (coalesce(("strategies"."rule" = 'fixed_weights' and "strategies"."weights" is not null and "strategies"."lookback" is null and "strategies"."top" is null)
        or ("strategies"."rule" = 'trend_moving_average' and "strategies"."weights" is null and "strategies"."lookback" > 0 and "strategies"."top" is null)
        or ("strategies"."rule" = 'momentum_top' and "strategies"."weights" is null and "strategies"."lookback" > 0 and "strategies"."top" > 0), false));