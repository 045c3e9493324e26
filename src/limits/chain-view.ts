import { MinHeap } from './min-heap.js';

/**
 * One process's view of the chains of one limiter key (see shared-rate-limit.ts): which chains it
 * believes free, and which it knows busy: until when to leave each alone (a min-heap on that time),
 * and by when each is surely free again (exact for this process's own claims, an upper bound for
 * another's), which is what Retry-After reports. Chains never touched are free; they are handed
 * out from a random offset so that instances do not all start on the same chains.
 */
export class ChainView {
  private readonly free: number[] = [];
  private readonly probe = new MinHeap();
  /** Surely-free times, with stale entries skipped against `sure` (the current one per busy chain). */
  private readonly sureHeap = new MinHeap();
  private readonly sure = new Map<number, number>();
  private untouched = 0;
  private readonly offset: number;
  lastUsed = 0;

  constructor(readonly limit: number) {
    this.offset = Math.floor(Math.random() * limit);
  }

  /** Chains believed free. */
  get available(): number {
    return this.free.length + (this.limit - this.untouched);
  }

  /** By when (ms) some busy chain is surely free, or null when none is known busy. */
  get surelyFreeAt(): number | null {
    for (let top = this.sureHeap.peek(); top; top = this.sureHeap.peek()) {
      if (this.sure.get(top.value) === top.key) return top.key;
      this.sureHeap.pop();
    }
    return null;
  }

  /** Move the chains whose time to be left alone has passed to the free list. */
  release(nowMs: number): void {
    for (let top = this.probe.peek(); top && top.key <= nowMs; top = this.probe.peek()) {
      const chain = this.probe.pop()!;
      this.sure.delete(chain);
      this.free.push(chain);
    }
  }

  /** A chain believed free (out of the view until `busyUntil` or `freeAgain` puts it back), or null. */
  pick(): number | null {
    const c = this.free.pop();
    if (c !== undefined) return c;
    if (this.untouched >= this.limit) return null;
    return (this.offset + this.untouched++) % this.limit;
  }

  /** Leave a chain alone until `probeAtMs`; it is surely free by `surelyFreeAtMs`. */
  busyUntil(chain: number, probeAtMs: number, surelyFreeAtMs = probeAtMs): void {
    this.probe.push(probeAtMs, chain);
    this.sure.set(chain, surelyFreeAtMs);
    this.sureHeap.push(surelyFreeAtMs, chain);
  }

  freeAgain(chain: number): void {
    this.free.push(chain);
  }
}
