/**
 * Stale-if-error for the redirect cache (docs/adr/0022). While reads of the store succeed, a link
 * past its freshness is read again on the request that finds it so (as a miss is). Once a read
 * fails, the store counts as failing: links past their freshness (but read less than
 * LSK_STALE_MAX_S ago) are then answered at once from the cache, synchronously, and one re-read at a
 * time (at most one a second) is tried off the request path. The first read that succeeds ends it.
 */
export class StaleIfError {
  /** When reads started failing (service clock, ms); 0 while they succeed. */
  private failingSince = 0;
  private probing = false;
  private lastProbe = Number.NEGATIVE_INFINITY;
  /** Redirects answered from a link past its freshness because the store could not be read. */
  served = 0;

  constructor(private readonly probeEveryMs = 1000) {}

  get failing(): boolean {
    return this.failingSince !== 0;
  }

  failed(nowMs: number): void {
    if (this.failingSince === 0) this.failingSince = nowMs;
  }

  succeeded(): void {
    this.failingSince = 0;
  }

  /** Counts a stale answer and hands the entry back. */
  serve<T>(entry: T): T {
    this.served++;
    return entry;
  }

  /** Runs `read` off the request path unless one is under way or one started less than a second ago. */
  probe(nowMs: number, read: () => Promise<unknown>): void {
    if (this.probing || nowMs - this.lastProbe < this.probeEveryMs) return;
    this.probing = true;
    this.lastProbe = nowMs;
    read()
      .catch(() => undefined)
      .finally(() => {
        this.probing = false;
      });
  }
}
