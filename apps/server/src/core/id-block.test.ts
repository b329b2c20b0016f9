import { describe, expect, it } from 'vitest';
import { createIdBlock } from './id-block';

describe('createIdBlock', () => {
  it('draws a block at a time and never hands out one id twice, even to callers racing a draw', async () => {
    let next = 1n;
    const draws: number[] = [];
    const block = createIdBlock(async (count) => {
      draws.push(count);
      await new Promise((resolve) => setTimeout(resolve, 1));
      return Array.from({ length: count }, () => next++);
    }, 10);
    const taken = await Promise.all([3, 4, 5, 25, 1, 2].map((count) => block.take(count)));
    expect(taken.map((ids) => ids.length)).toEqual([3, 4, 5, 25, 1, 2]);
    const all = taken.flat();
    expect(new Set(all).size).toBe(all.length);
    // Every id drawn comes from a draw of at least a block; no more drawn than the takes needed
    // plus one block left over.
    expect(draws.every((count) => count >= 10)).toBe(true);
    expect(Number(next - 1n)).toBeLessThan(all.length + 10 + 25);
  });

  it('passes a failed draw to its caller and draws again on the next take', async () => {
    let fails = true;
    const block = createIdBlock(async (count) => {
      if (fails) throw new Error('connection lost');
      return Array.from({ length: count }, (_, index) => BigInt(index + 1));
    }, 4);
    await expect(block.take(2)).rejects.toThrow('connection lost');
    fails = false;
    expect(await block.take(2)).toEqual([1n, 2n]);
    expect(await block.take(2)).toEqual([3n, 4n]);
  });
});
