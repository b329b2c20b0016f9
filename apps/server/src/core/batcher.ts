// Natural batching for hot reads and writes: a request that arrives while a batch is running waits
// for the next one, which takes everything queued meanwhile (up to `maxSize`). Under no load a batch
// is one request and starts at once (no timer, no added latency); under load a batch grows with the
// concurrency, so one statement serves many requests. This is how order placement reaches its
// throughput (bench/README.md): a statement costs a round trip and a plan, whatever its row count.
//
// `run` answers one result per input, in order: a value, or an Error for that input alone (the
// others still get theirs). If `run` throws, every input of the batch gets that error. Inputs with
// the same `keyOf` never share a batch (one placement per user at a time keeps each user's checks
// independent of the others in the statement); a later one waits for the next batch.

export type BatchOutcome<O> = O | Error;

type Waiting<I, O> = {
  input: I;
  resolve: (value: O) => void;
  reject: (error: unknown) => void;
};

export type Batcher<I, O> = {
  submit(input: I): Promise<O>;
  /** Batches run so far and inputs they took (for tests and benchmarks). */
  stats(): { batches: number; inputs: number };
};

export function createBatcher<I, O>(options: {
  run: (inputs: readonly I[]) => Promise<ReadonlyArray<BatchOutcome<O>>>;
  maxSize: number;
  /** Batches running at the same time (each on its own connection); 1 by default. */
  concurrency?: number;
  keyOf?: (input: I) => string;
}): Batcher<I, O> {
  const { run, maxSize, keyOf } = options;
  const concurrency = options.concurrency ?? 1;
  if (!Number.isInteger(maxSize) || maxSize < 1) throw new Error('batcher: maxSize must be at least 1');
  let queue: Array<Waiting<I, O>> = [];
  let running = 0;
  let batches = 0;
  let inputs = 0;

  function take(): Array<Waiting<I, O>> {
    const batch: Array<Waiting<I, O>> = [];
    const rest: Array<Waiting<I, O>> = [];
    const keys = new Set<string>();
    for (const waiting of queue) {
      const key = keyOf?.(waiting.input);
      if (batch.length >= maxSize || (key !== undefined && keys.has(key))) {
        rest.push(waiting);
        continue;
      }
      if (key !== undefined) keys.add(key);
      batch.push(waiting);
    }
    queue = rest;
    return batch;
  }

  async function runBatch(batch: Array<Waiting<I, O>>): Promise<void> {
    batches += 1;
    inputs += batch.length;
    try {
      const outcomes = await run(batch.map((waiting) => waiting.input));
      if (outcomes.length !== batch.length)
        throw new Error(`batcher: ${outcomes.length} outcomes for ${batch.length} inputs`);
      batch.forEach((waiting, index) => {
        const outcome = outcomes[index] as BatchOutcome<O>;
        if (outcome instanceof Error) waiting.reject(outcome);
        else waiting.resolve(outcome);
      });
    } catch (error) {
      for (const waiting of batch) waiting.reject(error);
    }
  }

  function pump(): void {
    while (running < concurrency && queue.length > 0) {
      const batch = take();
      running += 1;
      void runBatch(batch).finally(() => {
        running -= 1;
        pump();
      });
    }
  }

  return {
    submit(input: I): Promise<O> {
      return new Promise<O>((resolve, reject) => {
        queue.push({ input, resolve, reject });
        pump();
      });
    },
    stats: () => ({ batches, inputs }),
  };
}
