import { describe, expect, it } from 'vitest';
import type { Tick } from './provider';
import { onTickedSymbols } from './ticked-symbols';

function fakeProvider() {
  const listeners = new Set<(tick: Tick) => void>();
  return {
    onTick(listener: (tick: Tick) => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    tick(symbol: string) {
      for (const listener of listeners) listener({ symbol } as Tick);
    },
  };
}

const turn = () => new Promise((resolve) => setImmediate(resolve));

describe('onTickedSymbols', () => {
  it('coalesces the ticks of one turn into one evaluation', async () => {
    const provider = fakeProvider();
    const calls: string[][] = [];
    onTickedSymbols(
      provider,
      async (symbols) => calls.push(symbols),
      () => undefined,
    );
    provider.tick('A');
    provider.tick('B');
    provider.tick('A');
    await turn();
    expect(calls).toEqual([['A', 'B']]);
  });

  it('runs one evaluation at a time and evaluates ticks that came meanwhile without waiting for another tick', async () => {
    const provider = fakeProvider();
    const calls: string[][] = [];
    let running = 0;
    let maxRunning = 0;
    let release!: () => void;
    const firstDone = new Promise<void>((resolve) => (release = resolve));
    onTickedSymbols(
      provider,
      async (symbols) => {
        running += 1;
        maxRunning = Math.max(maxRunning, running);
        calls.push(symbols);
        if (calls.length === 1) await firstDone;
        running -= 1;
      },
      () => undefined,
    );
    provider.tick('A');
    await turn();
    provider.tick('B'); // arrives while A is being evaluated
    await turn();
    expect(calls).toEqual([['A']]);
    release();
    for (let i = 0; i < 5; i += 1) await turn();
    expect(calls).toEqual([['A'], ['B']]);
    expect(maxRunning).toBe(1);
  });

  it('reports a failed evaluation and goes on with the next ticks', async () => {
    const provider = fakeProvider();
    const errors: unknown[] = [];
    const calls: string[][] = [];
    onTickedSymbols(
      provider,
      async (symbols) => {
        calls.push(symbols);
        if (symbols.includes('BAD')) throw new Error('boom');
      },
      (error) => errors.push(error),
    );
    provider.tick('BAD');
    for (let i = 0; i < 3; i += 1) await turn();
    provider.tick('OK');
    for (let i = 0; i < 3; i += 1) await turn();
    expect(errors).toHaveLength(1);
    expect(calls).toEqual([['BAD'], ['OK']]);
  });

  it('stops on unsubscribe', async () => {
    const provider = fakeProvider();
    const calls: string[][] = [];
    const stop = onTickedSymbols(
      provider,
      async (symbols) => calls.push(symbols),
      () => undefined,
    );
    stop();
    provider.tick('A');
    await turn();
    expect(calls).toEqual([]);
  });
});
