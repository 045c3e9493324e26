/**
 * One process's view of the chains of one limiter key (see shared-rate-limit.ts): which chains it
 * believes free, and which it knows busy and until when (a min-heap on that time). Chains never
 * touched are free; they are handed out from a random offset so that instances do not all start on
 * the same chains.
 */
export class ChainView {
  private readonly free: number[] = [];
  private readonly until: number[] = [];
  private readonly chains: number[] = [];
  private untouched = 0;
  private readonly offset: number;
  lastUsed = 0;

  constructor(readonly limit: number) {
    this.offset = Math.floor(Math.random() * limit);
  }

  /** Chains known busy (claimed within the window). */
  get busy(): number {
    return this.chains.length;
  }

  /** Chains believed free. */
  get available(): number {
    return this.free.length + (this.limit - this.untouched);
  }

  /** When the first busy chain frees (ms), or null. */
  get nextFree(): number | null {
    return this.until.length > 0 ? this.until[0]! : null;
  }

  /** Move the chains whose claim has left the window to the free list. */
  release(nowMs: number): void {
    while (this.until.length > 0 && this.until[0]! <= nowMs) this.free.push(this.pop());
  }

  /** A chain believed free (out of the view until `busyUntil` or `freeAgain` puts it back), or null. */
  pick(): number | null {
    const c = this.free.pop();
    if (c !== undefined) return c;
    if (this.untouched >= this.limit) return null;
    return (this.offset + this.untouched++) % this.limit;
  }

  busyUntil(chain: number, untilMs: number): void {
    this.until.push(untilMs);
    this.chains.push(chain);
    for (let i = this.until.length - 1; i > 0; ) {
      const parent = (i - 1) >> 1;
      if (this.until[parent]! <= this.until[i]!) break;
      this.swap(i, parent);
      i = parent;
    }
  }

  freeAgain(chain: number): void {
    this.free.push(chain);
  }

  private pop(): number {
    const chain = this.chains[0]!;
    const lastUntil = this.until.pop()!;
    const lastChain = this.chains.pop()!;
    if (this.until.length > 0) {
      this.until[0] = lastUntil;
      this.chains[0] = lastChain;
      for (let i = 0; ; ) {
        const l = 2 * i + 1;
        const r = l + 1;
        let m = i;
        if (l < this.until.length && this.until[l]! < this.until[m]!) m = l;
        if (r < this.until.length && this.until[r]! < this.until[m]!) m = r;
        if (m === i) break;
        this.swap(i, m);
        i = m;
      }
    }
    return chain;
  }

  private swap(i: number, j: number): void {
    [this.until[i], this.until[j]] = [this.until[j]!, this.until[i]!];
    [this.chains[i], this.chains[j]] = [this.chains[j]!, this.chains[i]!];
  }
}
