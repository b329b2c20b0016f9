import { asc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/database';
import { instrumentMarginSettings } from './margin-settings.tables';

export type InstrumentMarginSettingsRow = typeof instrumentMarginSettings.$inferSelect;

export async function allSettings(db: Executor): Promise<InstrumentMarginSettingsRow[]> {
  return db.select().from(instrumentMarginSettings).orderBy(asc(instrumentMarginSettings.symbol));
}

/** Writes an instrument's override (a new row, or the one it had replaced). */
export async function saveSettings(db: Executor, values: typeof instrumentMarginSettings.$inferInsert) {
  const { symbol: _symbol, ...rest } = values;
  const rows = await db
    .insert(instrumentMarginSettings)
    .values(values)
    .onConflictDoUpdate({ target: instrumentMarginSettings.symbol, set: rest })
    .returning();
  return rows[0]!;
}

/** An instrument's override, its row locked until the transaction ends; undefined when it has none. */
export async function lockSettings(db: Executor, symbol: string) {
  const rows = await db
    .select()
    .from(instrumentMarginSettings)
    .where(eq(instrumentMarginSettings.symbol, symbol))
    .for('update');
  return rows[0];
}
