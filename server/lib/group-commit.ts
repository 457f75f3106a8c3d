/**
 * Group commit (docs/decisions/049-picks-are-written-by-group-commit.md): the items handed in during one turn of the
 * event loop, and those handed in while a batch is being written, are written together by `write`, one statement
 * for up to `maxBatch` of them instead of one each. A lone item is written at the end of the turn it arrived in (no
 * timer, no added wait). One batch at a time: the next is taken when the last one has answered.
 *
 * Items of the same `key` are never in one batch (a statement cannot change one row twice): the n-th of a key
 * goes in the n-th round of batches, written after the earlier rounds, so items of a key are written in the order
 * they arrived. When a batch fails, its items are written again one by one, so that one bad item (a row another
 * request deleted a moment ago) fails only its own caller.
 */
export function groupCommit<I, O>({
  key,
  maxBatch,
  write,
}: {
  key: (item: I) => string;
  maxBatch: number;
  /** Writes the items in one statement; answers each item's result, in their order. */
  write: (items: I[]) => Promise<O[]>;
}): (item: I) => Promise<O> {
  interface Waiting {
    item: I;
    resolve: (result: O) => void;
    reject: (error: unknown) => void;
  }
  let queue: Waiting[] = [];
  let writing = false;

  const batches = (taken: Waiting[]): Waiting[][] => {
    const rounds: Waiting[][] = [];
    const seen = new Map<string, number>();
    for (const waiting of taken) {
      const k = key(waiting.item);
      const n = seen.get(k) ?? 0;
      seen.set(k, n + 1);
      (rounds[n] ??= []).push(waiting);
    }
    return rounds.flatMap((round) =>
      Array.from({ length: Math.ceil(round.length / maxBatch) }, (_, i) => round.slice(i * maxBatch, (i + 1) * maxBatch)),
    );
  };

  const writeBatch = async (batch: Waiting[]) => {
    try {
      const results = await write(batch.map((w) => w.item));
      batch.forEach((w, i) => w.resolve(results[i]!));
    } catch (error) {
      if (batch.length === 1) return batch[0]!.reject(error);
      for (const w of batch) await writeBatch([w]);
    }
  };

  const flush = async () => {
    while (queue.length > 0) {
      const taken = queue;
      queue = [];
      for (const batch of batches(taken)) await writeBatch(batch);
    }
    writing = false;
  };

  return (item) =>
    new Promise<O>((resolve, reject) => {
      queue.push({ item, resolve, reject });
      if (writing) return;
      writing = true;
      setImmediate(() => void flush());
    });
}
