import type { MarketDataProvider } from './provider';

/**
 * Runs `evaluate` with the symbols that ticked, one evaluation at a time. Ticks are coalesced per
 * turn of the event loop; ticks that arrive while an evaluation runs are evaluated right after it,
 * so a tick is never left waiting for a later one. Used by the resting orders and the price alerts,
 * which every node evaluates on the same quote stream (a conditional update makes exactly one node act).
 * Returns the unsubscribe function.
 */
export function onTickedSymbols(
  provider: Pick<MarketDataProvider, 'onTick'>,
  evaluate: (symbols: string[]) => Promise<unknown>,
  onError: (error: unknown) => void,
): () => void {
  const ticked = new Set<string>();
  let isScheduled = false;
  const schedule = () => {
    if (isScheduled || ticked.size === 0) return;
    isScheduled = true;
    setImmediate(() => {
      const symbols = [...ticked];
      ticked.clear();
      void evaluate(symbols)
        .catch(onError)
        .finally(() => {
          isScheduled = false;
          schedule();
        });
    });
  };
  return provider.onTick((tick) => {
    ticked.add(tick.symbol);
    schedule();
  });
}
