import { describe, expect, it } from 'vitest';
import { createBatcher } from './batcher';

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

function controlledRun() {
  const calls: number[][] = [];
  const pending: Array<() => void> = [];
  const run = (inputs: readonly number[]) => {
    calls.push([...inputs]);
    return new Promise<Array<number | Error>>((resolve) => {
      pending.push(() =>
        resolve(inputs.map((value) => (value < 0 ? new Error(`negative ${value}`) : value * 10))),
      );
    });
  };
  return { calls, pending, run };
}

describe('natural batching', () => {
  it('runs a lone request at once, then batches what arrives while one runs', async () => {
    const { calls, pending, run } = controlledRun();
    const batcher = createBatcher({ run, maxSize: 100 });
    const first = batcher.submit(1);
    expect(calls).toEqual([[1]]);
    const later = [2, 3, 4].map((value) => batcher.submit(value));
    expect(calls).toHaveLength(1);
    pending.shift()!();
    expect(await first).toBe(10);
    await tick();
    expect(calls).toEqual([[1], [2, 3, 4]]);
    pending.shift()!();
    expect(await Promise.all(later)).toEqual([20, 30, 40]);
    expect(batcher.stats()).toEqual({ batches: 2, inputs: 4 });
  });

  it('fails only the input whose outcome is an error, and every input when the run throws', async () => {
    const { pending, run } = controlledRun();
    const batcher = createBatcher({ run, maxSize: 10 });
    const blocker = batcher.submit(0);
    const good = batcher.submit(5);
    const bad = batcher.submit(-1);
    pending.shift()!();
    await blocker;
    await tick();
    pending.shift()!();
    expect(await good).toBe(50);
    await expect(bad).rejects.toThrow('negative -1');

    const throwing = createBatcher<number, number>({
      run: () => Promise.reject(new Error('connection lost')),
      maxSize: 10,
    });
    await expect(Promise.all([throwing.submit(1), throwing.submit(2)])).rejects.toThrow('connection lost');
  });

  it('never puts two inputs with the same key in one batch, and keeps batches under maxSize', async () => {
    const { calls, pending, run } = controlledRun();
    const batcher = createBatcher({ run, maxSize: 2, keyOf: (value: number) => String(value % 3) });
    const all = [0, 1, 3, 4, 2, 5].map((value) => batcher.submit(value));
    // 0 ran alone at once; then 1 and 3 (keys 1, 0); 4 shares key 1 with 1, so it waits; and so on.
    for (let round = 0; round < 6 && pending.length > 0; round += 1) {
      pending.shift()!();
      await tick();
    }
    expect(await Promise.all(all)).toEqual([0, 10, 30, 40, 20, 50]);
    for (const batch of calls) {
      expect(batch.length).toBeLessThanOrEqual(2);
      expect(new Set(batch.map((value) => value % 3)).size).toBe(batch.length);
    }
    expect(calls.flat().sort()).toEqual([0, 1, 2, 3, 4, 5]);
  });

  it('runs up to `concurrency` batches at the same time', async () => {
    const { calls, pending, run } = controlledRun();
    const batcher = createBatcher({ run, maxSize: 1, concurrency: 2 });
    const all = [1, 2, 3].map((value) => batcher.submit(value));
    expect(calls).toEqual([[1], [2]]);
    pending.shift()!();
    await tick();
    expect(calls).toEqual([[1], [2], [3]]);
    pending.splice(0).forEach((resolve) => resolve());
    expect(await Promise.all(all)).toEqual([10, 20, 30]);
  });
});
