import type { ProbeResult } from './probe.js';

const MAX_ENTRIES = 10_000;

/**
 * What a target answered lately, so links sharing a URL (many links to one landing page) cost one
 * request per window, not one each; a probe under way is shared too. Bounded: the oldest entry goes
 * first.
 */
export class ProbeCache {
  private readonly entries = new Map<string, { at: number; result: Promise<ProbeResult> }>();
  /** Checks answered from the cache (or by a probe already under way) instead of a request of their own. */
  shared = 0;

  constructor(
    private readonly ttlMs: number,
    private readonly now: () => number,
  ) {}

  get size(): number {
    return this.entries.size;
  }

  get(url: string, probe: () => Promise<ProbeResult>): Promise<ProbeResult> {
    const now = this.now();
    const hit = this.entries.get(url);
    if (hit && now - hit.at < this.ttlMs) {
      this.shared++;
      return hit.result;
    }
    if (hit) this.entries.delete(url);
    if (this.entries.size >= MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value!);
    const result = probe();
    this.entries.set(url, { at: now, result });
    return result;
  }
}
