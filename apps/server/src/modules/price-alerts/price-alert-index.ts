import type { PriceAlertCondition } from '@beurs/contract';

// Which price alerts a quote fires: pure rules, one symbol at a time, over an index of the active
// alerts by symbol, so that a tick on one symbol looks at that symbol's alerts only.
//
//   price_above   last ≥ level
//   price_below   last ≤ level
//   change_up     (last − previous close) / previous close ≥ level %   (the day's change)
//   change_down   (previous close − last) / previous close ≥ level %

export type IndexedAlert = {
  readonly id: bigint;
  readonly symbol: string;
  readonly condition: PriceAlertCondition;
  /** The price level (minor units at the instrument's price scale), for price_above/below. */
  readonly priceMinor: bigint | null;
  /** The day's change in basis points (1 % = 100), for change_up/down. */
  readonly changeBasisPoints: number | null;
};

export function isMet(alert: IndexedAlert, lastMinor: bigint, previousCloseMinor: bigint): boolean {
  switch (alert.condition) {
    case 'price_above':
      return alert.priceMinor !== null && lastMinor >= alert.priceMinor;
    case 'price_below':
      return alert.priceMinor !== null && lastMinor <= alert.priceMinor;
    case 'change_up':
    case 'change_down': {
      if (alert.changeBasisPoints === null || previousCloseMinor <= 0n) return false;
      const moved =
        alert.condition === 'change_up' ? lastMinor - previousCloseMinor : previousCloseMinor - lastMinor;
      return moved * 10_000n >= BigInt(alert.changeBasisPoints) * previousCloseMinor;
    }
  }
}

type Change = { kind: 'add'; alert: IndexedAlert } | { kind: 'remove'; symbol: string; id: bigint };

/**
 * The active alerts of every symbol. Loaded from the database at start and on a period (alerts set
 * on other nodes), and updated at once by this node's creations, cancels and firings; changes made
 * while a reload reads the database are replayed over what it read.
 */
export class PriceAlertIndex {
  private bySymbol = new Map<string, Map<bigint, IndexedAlert>>();
  private duringReload: Change[] | null = null;

  get size(): number {
    let count = 0;
    for (const alerts of this.bySymbol.values()) count += alerts.size;
    return count;
  }

  has(symbol: string): boolean {
    return this.bySymbol.has(symbol);
  }

  add(alert: IndexedAlert): void {
    this.duringReload?.push({ kind: 'add', alert });
    this.apply({ kind: 'add', alert });
  }

  remove(symbol: string, id: bigint): void {
    this.duringReload?.push({ kind: 'remove', symbol, id });
    this.apply({ kind: 'remove', symbol, id });
  }

  /** The alerts of `symbol` that this quote fires. */
  met(symbol: string, lastMinor: bigint, previousCloseMinor: bigint): IndexedAlert[] {
    const alerts = this.bySymbol.get(symbol);
    if (!alerts) return [];
    return [...alerts.values()].filter((alert) => isMet(alert, lastMinor, previousCloseMinor));
  }

  /** Replaces the index with `load()`'s alerts, keeping this node's changes made meanwhile. */
  async reload(load: () => Promise<readonly IndexedAlert[]>): Promise<void> {
    const changes: Change[] = [];
    this.duringReload = changes;
    try {
      const alerts = await load();
      this.bySymbol = new Map();
      for (const alert of alerts) this.apply({ kind: 'add', alert });
      for (const change of changes) this.apply(change);
    } finally {
      this.duringReload = null;
    }
  }

  private apply(change: Change): void {
    if (change.kind === 'add') {
      let alerts = this.bySymbol.get(change.alert.symbol);
      if (!alerts) {
        alerts = new Map();
        this.bySymbol.set(change.alert.symbol, alerts);
      }
      alerts.set(change.alert.id, change.alert);
      return;
    }
    const alerts = this.bySymbol.get(change.symbol);
    alerts?.delete(change.id);
    if (alerts?.size === 0) this.bySymbol.delete(change.symbol);
  }
}
