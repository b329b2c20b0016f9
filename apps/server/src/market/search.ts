import type { Instrument } from './provider';

// Search by code or name, ranked: exact code, code prefix, a name word starting with the query,
// the name containing it, the code containing it. Accents and case are ignored ("dieteren" finds
// D'Ieteren). The catalogue is small, so a scan of a prepared index is fast enough (bench/).

type Entry = { instrument: Instrument; code: string; symbol: string; name: string; words: string[] };

const fold = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9^.& ]/g, '');

export class InstrumentSearch {
  private readonly entries: Entry[];

  constructor(instruments: readonly Instrument[]) {
    this.entries = instruments.map((instrument) => {
      const name = fold(instrument.name);
      return {
        instrument,
        code: fold(instrument.code).replace(/ /g, ''),
        symbol: fold(instrument.symbol),
        name,
        words: name.split(/[\s.&-]+/).filter(Boolean),
      };
    });
  }

  search(query: string, limit: number): Instrument[] {
    const needle = fold(query).trim();
    if (!needle) return [];
    const compact = needle.replace(/ /g, '');
    const scored: { entry: Entry; score: number }[] = [];
    for (const entry of this.entries) {
      const score = this.score(entry, needle, compact);
      if (score > 0) scored.push({ entry, score });
    }
    scored.sort(
      (a, b) =>
        b.score - a.score ||
        a.entry.code.length - b.entry.code.length ||
        a.entry.instrument.symbol.localeCompare(b.entry.instrument.symbol),
    );
    return scored.slice(0, limit).map(({ entry }) => entry.instrument);
  }

  private score(entry: Entry, needle: string, compact: string): number {
    if (entry.code === compact || entry.symbol === needle) return 100;
    if (entry.code.startsWith(compact) || entry.symbol.startsWith(needle)) return 80;
    if (entry.name.startsWith(needle)) return 70;
    if (entry.words.some((word) => word.startsWith(needle))) return 60;
    if (entry.name.includes(needle)) return 40;
    if (entry.code.includes(compact)) return 30;
    return 0;
  }
}
