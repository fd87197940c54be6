// Group commit (docs/decisions/022-group-commit-for-leads.md): writes that arrive while a batch is being written
// wait in a queue, and the next batch takes all of them in one transaction. Nothing waits for a timer: alone, a
// write is flushed at once (after the current turn of the event loop, so the requests of that turn join it); under
// load, batches grow by themselves to what arrived during the previous flush. Each caller's promise settles only
// after the transaction holding its item has committed (or failed).

interface GroupCommitOptions<I, R> {
  /** Writes `items` in one transaction and returns one result per item, in order. Throws to fail the batch. */
  write(items: I[]): Promise<R[]>;
  /** The most items one transaction takes. */
  maxBatch: number;
  /**
   * Errors that writing item by item cannot cure (the database is unreachable): they fail the whole batch at once.
   * Any other error of a batch is retried item by item, so one bad item fails alone.
   */
  isFatal(error: unknown): boolean;
}

interface Waiting<I, R> {
  item: I;
  resolve(result: R): void;
  reject(error: unknown): void;
}

export class GroupCommit<I, R> {
  readonly #options: GroupCommitOptions<I, R>;
  #queue: Waiting<I, R>[] = [];
  #flushing: Promise<void> | undefined;
  #batches = 0;

  constructor(options: GroupCommitOptions<I, R>) {
    this.#options = options;
  }

  /** Queues `item`; resolves with its result once the transaction that wrote it has committed. */
  submit(item: I): Promise<R> {
    return new Promise<R>((resolve, reject) => {
      this.#queue.push({ item, resolve, reject });
      this.#flushing ??= this.#run();
    });
  }

  /** Transactions attempted so far (batches and single retries): the sizes tell how well writes are grouped. */
  get batches(): number {
    return this.#batches;
  }

  /** Resolves once nothing is queued or being written (at shutdown, before the database closes). */
  async drain(): Promise<void> {
    while (this.#flushing) await this.#flushing;
  }

  async #run(): Promise<void> {
    // The requests whose bodies arrived in this turn of the event loop join the first batch.
    await new Promise<void>((resolve) => setImmediate(resolve));
    try {
      while (this.#queue.length) await this.#flush(this.#queue.splice(0, this.#options.maxBatch));
    } finally {
      this.#flushing = undefined;
    }
  }

  async #write(items: I[]): Promise<R[]> {
    this.#batches++;
    const results = await this.#options.write(items);
    if (results.length !== items.length) {
      throw new Error(`group commit: ${results.length} results for ${items.length} items`);
    }
    return results;
  }

  async #flush(batch: Waiting<I, R>[]): Promise<void> {
    try {
      const results = await this.#write(batch.map((w) => w.item));
      for (const [i, w] of batch.entries()) w.resolve(results[i] as R);
      return;
    } catch (error) {
      if (batch.length === 1 || this.#options.isFatal(error)) {
        for (const w of batch) w.reject(error);
        return;
      }
    }
    // The batch rolled back as a whole. Each item alone, in its own transaction: the good ones commit, the bad
    // one fails with its own error. Should the database go away meanwhile, the rest fail with that at once.
    for (const [i, w] of batch.entries()) {
      try {
        const [result] = await this.#write([w.item]);
        w.resolve(result as R);
      } catch (error) {
        w.reject(error);
        if (this.#options.isFatal(error)) {
          for (const rest of batch.slice(i + 1)) rest.reject(error);
          return;
        }
      }
    }
  }
}
