DROP INDEX "news_items_published_idx";--> statement-breakpoint
DROP INDEX "news_items_category_published_idx";--> statement-breakpoint
DROP INDEX "news_item_symbols_published_idx";--> statement-breakpoint
CREATE INDEX "news_items_language_published_idx" ON "news_items" USING btree ("language","published_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "news_items_language_category_published_idx" ON "news_items" USING btree ("language","category","published_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "news_item_symbols_published_idx" ON "news_item_symbols" USING btree ("symbol","published_at" DESC NULLS FIRST,"item_id" DESC NULLS FIRST);