interface Pending {
  write: () => unknown;
  resolve: (value: unknown) => void;
  reject: (e: unknown) => void;
}

/**
 * Group commit: writes queued in the same turn of the event loop run in one transaction at the next
 * (setImmediate), each in its own savepoint, so a write that throws (a unique key taken) fails alone
 * and the others commit. A commit is most of a small write's cost (it appends the changed pages to
 * the WAL, and now and then checkpoints), so concurrent requests share one: a link created, its
 * health check scheduled, another request's link (docs/adr/0175). Each promise settles after the
 * commit, as a write of its own would.
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
