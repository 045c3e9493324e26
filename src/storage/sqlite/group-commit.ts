interface Pending {
  write: () => unknown;
  resolve: (value: unknown) => void;
  reject: (e: unknown) => void;
}

/**
 * Group commit: writes queued in the same turn of the event loop run in one transaction at the next
 * (setImmediate). A commit is most of a small write's cost (it appends the changed pages to the WAL,
 * and now and then checkpoints), so concurrent requests share one: a link created, its health check
 * scheduled, another request's link (docs/adr/0175). Each promise settles after the commit, as a
 * write of its own would.
 *
 * A write that throws (a unique key taken) fails alone and the others commit. The group first runs
 * without savepoints: a savepoint copies every page it changes into SQLite's statement journal,
 * which spills to a temporary file past 64 KiB, and a link created changes more than that (two
 * writes per page copied, about a tenth of a creation's CPU, docs/adr/0189). If a write throws, that
 * transaction is rolled back and the group runs again, each write in its own savepoint. So a write
 * must be statements only, with no effect outside the transaction: it may run twice.
 */
export class GroupCommit {
  private pending: Pending[] = [];

  /**
   * `tx` runs a function in a transaction (a savepoint inside one). At most `maxGroup` writes go in
   * one transaction, so a burst of requests never holds the event loop for one long transaction:
   * the rest wait for the next turn.
   */
  constructor(
    private readonly tx: (fn: () => unknown) => unknown,
    private readonly maxGroup = 64,
  ) {}

  /** Run `write` (synchronous: statements only) in the next group's transaction. */
  run<T>(write: () => T): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.pending.push({ write, resolve: resolve as (value: unknown) => void, reject });
      if (this.pending.length === 1) setImmediate(() => this.flush());
    });
  }

  private flush(): void {
    const batch = this.pending.splice(0, this.maxGroup);
    if (this.pending.length > 0) setImmediate(() => this.flush());
    let values: unknown[];
    try {
      values = this.tx(() => batch.map(({ write }) => write())) as unknown[];
    } catch (e) {
      // Rolled back, whichever write (or the commit) threw. A write alone fails with its error;
      // a group runs again, each write in its savepoint.
      if (batch.length === 1) batch[0]!.reject(e);
      else this.oneByOne(batch);
      return;
    }
    batch.forEach((item, i) => {
      item.resolve(values[i]);
    });
  }

  /** The group again, each write in its savepoint: one that throws fails alone, the others commit. */
  private oneByOne(batch: Pending[]): void {
    const results: ({ ok: unknown } | { err: unknown })[] = [];
    try {
      this.tx(() => {
        for (const { write } of batch) {
          try {
            results.push({ ok: this.tx(write) });
          } catch (e) {
            results.push({ err: e });
          }
        }
      });
    } catch (e) {
      for (const item of batch) item.reject(e);
      return;
    }
    batch.forEach((item, i) => {
      const r = results[i]!;
      if ('ok' in r) item.resolve(r.ok);
      else item.reject(r.err);
    });
  }
}
