import { bigint, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Site configuration entries served by /common/config (kefu, title, logo, …). */
export const siteConfig = pgTable('site_config', {
  name: text().primaryKey(),
  value: text().notNull(),
});

/** Text per language code (en, de, nl, fr, zh, ko); English is the fallback. */
export type LocalizedText = Record<string, string>;

export const notices = pgTable('notices', {
  id: bigint({ mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
  title: jsonb().$type<LocalizedText>().notNull(),
  content: jsonb().$type<LocalizedText>().notNull(),
  publishedAt: timestamp({ withTimezone: true }).notNull(),
});
