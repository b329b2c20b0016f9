// Ids drawn from a database sequence a block at a time (the "pooled" allocation of sequence ids):
// a writer that must know a row's id before the statement that writes it — to name it in a ledger
// key written by the same statement — takes ids from the block in memory and draws the next block
// with one round trip when it runs out. An id is handed out once; ids of a block left unused when
// the process stops are a gap, as a rolled-back `nextval` is. Ids from one process rise; across two
// nodes they interleave by block, so they say nothing about which row came first (`created_at` does).

export type IdBlock = {
  /** `count` ids no other caller (of this process or another) is given. */
  take(count: number): Promise<bigint[]>;
};

export function createIdBlock(draw: (count: number) => Promise<bigint[]>, blockSize: number): IdBlock {
  if (!Number.isInteger(blockSize) || blockSize < 1)
    throw new Error('id block: blockSize must be at least 1');
  const ready: bigint[] = [];
  let drawing: Promise<void> | null = null;
  return {
    async take(count) {
      while (ready.length < count) {
        drawing ??= draw(Math.max(blockSize, count - ready.length))
          .then((drawn) => {
            ready.push(...drawn);
          })
          .finally(() => {
            drawing = null;
          });
        await drawing;
      }
      return ready.splice(0, count);
    },
  };
}
