interface HostTurns {
  /** Resolves when the host's previous request has started and its gap passed. */
  tail: Promise<void>;
  pending: number;
  lastStart: number;
}

/** Idle hosts are forgotten once this many are remembered. */
const SWEEP_AT = 1000;

/**
 * Bounded, polite concurrency for the health checker: at most `maxInFlight` requests at once, and
 * per host one request at a time with at least `gapMs` between starts (4 a second by default), so
 * checking many links to one site never floods it. Idle hosts are forgotten as others arrive.
 */
export class HostPacer {
  private inFlight = 0;
  private readonly waiting: (() => void)[] = [];
  private readonly hosts = new Map<string, HostTurns>();
  /** Requests started (a metric and the load measurement). */
  started = 0;

  constructor(
    private readonly gapMs = 250,
    private readonly maxInFlight = 16,
    private readonly now: () => number = () => Date.now(),
    private readonly sleep: (ms: number) => Promise<void> = (ms) => new Promise((r) => setTimeout(r, ms).unref()),
  ) {}

  /** Hosts remembered (bounded: see SWEEP_AT). */
  get hostCount(): number {
    return this.hosts.size;
  }

  get running(): number {
    return this.inFlight;
  }

  async run<T>(host: string, fn: () => Promise<T>): Promise<T> {
    if (this.hosts.size >= SWEEP_AT) this.sweep();
    let entry = this.hosts.get(host);
    if (!entry) {
      entry = { tail: Promise.resolve(), pending: 0, lastStart: Number.NEGATIVE_INFINITY };
      this.hosts.set(host, entry);
    }
    const h = entry;
    h.pending++;
    const turn = h.tail.then(async () => {
      const wait = h.lastStart + this.gapMs - this.now();
      if (wait > 0) await this.sleep(wait);
      await this.slot();
      h.lastStart = this.now();
      this.started++;
    });
    let done!: () => void;
    // The next request to this host starts once this one has ended.
    h.tail = turn.then(() => new Promise<void>((r) => (done = r)));
    await turn;
    try {
      return await fn();
    } finally {
      this.free();
      h.pending--;
      done();
    }
  }

  private async slot(): Promise<void> {
    if (this.inFlight < this.maxInFlight) {
      this.inFlight++;
      return;
    }
    // The slot is handed over by `free`, so no newcomer can take it in between.
    await new Promise<void>((r) => this.waiting.push(r));
  }

  private free(): void {
    const next = this.waiting.shift();
    if (next) next();
    else this.inFlight--;
  }

  private sweep(): void {
    const before = this.now() - this.gapMs;
    for (const [host, h] of this.hosts) if (h.pending === 0 && h.lastStart < before) this.hosts.delete(host);
  }
}
