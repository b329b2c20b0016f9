CREATE TABLE "news_item_symbols" (
	"symbol" text NOT NULL,
	"item_id" bigint NOT NULL,
	"published_at" timestamp with time zone NOT NULL,
	CONSTRAINT "news_item_symbols_symbol_item_id_pk" PRIMARY KEY("symbol","item_id")
);
--> statement-breakpoint
CREATE TABLE "news_items" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "news_items_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"source" text NOT NULL,
	"language" text NOT NULL,
	"category" text NOT NULL,
	"guid" text NOT NULL,
	"title" text NOT NULL,
	"html" text NOT NULL,
	"excerpt" text NOT NULL,
	"link" text,
	"simulated_event" jsonb,
	"published_at" timestamp with time zone NOT NULL,
	"fetched_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "news_item_symbols" ADD CONSTRAINT "news_item_symbols_item_id_news_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."news_items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "news_item_symbols_published_idx" ON "news_item_symbols" USING btree ("symbol","published_at" DESC NULLS LAST,"item_id" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "news_items_source_guid_key" ON "news_items" USING btree ("source","guid");--> statement-breakpoint
CREATE INDEX "news_items_published_idx" ON "news_items" USING btree ("published_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "news_items_category_published_idx" ON "news_items" USING btree ("category","published_at" DESC NULLS LAST,"id" DESC NULLS LAST);