/**
 * Group commit (docs/decisions/049-picks-are-written-by-group-commit.md): the items handed in during one turn of the
 * event loop, and those handed in while earlier batches are being written, are written together by `write`, one
 * statement for up to `maxBatch` of them instead of one each. A lone item is written at the end of the turn it
 * arrived in (no timer, no added wait) unless `atOnce` batches are being written already: then it goes in the next
 * batch, taken as soon as one of them answers.
 *
 * Items of the same `key` are never in one batch (a statement cannot change one row twice), nor in two batches
 * written at once: an item waits while an earlier item of its key is written, so items of a key are written one
 * after the other in the order they arrived. When a batch fails, its items are written again one by one, so that one
 * bad item (a row another request deleted a moment ago) fails only its own caller.
 */
export function groupCommit<I, O>({
  key,
  maxBatch,
  atOnce = 1,
  write,
}: {
  key: (item: I) => string;
  maxBatch: number;
  /** Batches written at the same time at most. */
  atOnce?: number;
  /** Writes the items in one statement; answers each item's result, in their order. */
  write: (items: I[]) => Promise<O[]>;
}): (item: I) => Promise<O> {
  interface Waiting {
    item: I;
    key: string;
    resolve: (result: O) => void;
    reject: (error: unknown) => void;
  }
  let queue: Waiting[] = [];
  /** Keys of the items being written. */
  const writingKeys = new Set<string>();
  let writing = 0;
  let scheduled = false;

  /** The next batch, in arrival order: items whose key is being written, or waits behind another, stay queued. */
  const take = (): Waiting[] => {
    const batch: Waiting[] = [];
    const rest: Waiting[] = [];
    const held = new Set(writingKeys);
    for (const waiting of queue) {
      (batch.length < maxBatch && !held.has(waiting.key) ? batch : rest).push(waiting);
      held.add(waiting.key);
    }
    queue = rest;
    return batch;
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

  const startBatches = () => {
    scheduled = false;
    while (writing < atOnce && queue.length > 0) {
      const batch = take();
      if (batch.length === 0) return;
      writing += 1;
      for (const w of batch) writingKeys.add(w.key);
      void writeBatch(batch).then(() => {
        writing -= 1;
        for (const w of batch) writingKeys.delete(w.key);
        startBatches();
      });
    }
  };

  return (item) =>
    new Promise<O>((resolve, reject) => {
      queue.push({ item, key: key(item), resolve, reject });
      if (scheduled || writing >= atOnce) return;
      scheduled = true;
      setImmediate(startBatches);
    });
}
