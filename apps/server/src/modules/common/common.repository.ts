import { desc } from 'drizzle-orm';
import type { Executor } from '../../db/database';
import { notices, siteConfig, type LocalizedText } from './common.tables';

export type { LocalizedText };

export const listSiteConfig = (db: Executor) => db.select().from(siteConfig).orderBy(siteConfig.name);

export async function insertSiteConfigDefaults(
  db: Executor,
  entries: Array<{ name: string; value: string }>,
) {
  await db.insert(siteConfig).values(entries).onConflictDoNothing({ target: siteConfig.name });
}

export const listNotices = (db: Executor) =>
  db.select().from(notices).orderBy(desc(notices.publishedAt), desc(notices.id));

export async function insertNotice(
  db: Executor,
  notice: { title: LocalizedText; content: LocalizedText; publishedAt: Date },
) {
  await db.insert(notices).values(notice);
}
