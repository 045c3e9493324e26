import type { HourCounts } from './repository.js';

/**
 * One link's visits in one hour, as the recorder counts them between two flushes. Nearly every
 * link-hour sees a single combination before it is written (one visitor, or visitors alike), so the
 * first one is held in two fields and a Map is made only for a second: each link-hour that waits
 * for the flush (a second, through several young-generation collections that copy what is alive)
 * is one small object instead of an object and a Map (docs/adr/0178). The store reads `combos`,
 * made when asked, from a link-hour no longer counted into (the flush has swapped it out).
 */
export class LinkHour implements HourCounts {
  clicks = 0;
  bots = 0;
  private key: string | null = null;
  private n = 0;
  private more: Map<string, number> | null = null;

  constructor(
    readonly linkId: string,
    readonly workspaceId: string,
    readonly hour: number,
  ) {}

  /** Count one visit under `key`; true when that is a combination this link-hour did not hold. */
  add(key: string): boolean {
    if (this.key === key) {
      this.n++;
      return false;
    }
    if (this.key === null) {
      this.key = key;
      this.n = 1;
      return true;
    }
    this.more ??= new Map();
    const n = this.more.get(key);
    this.more.set(key, (n ?? 0) + 1);
    return n === undefined;
  }

  /** The combination counted when it is the only one, else null; and its visits. */
  get onlyKey(): string | null {
    return this.more === null ? this.key : null;
  }
  get onlyCount(): number {
    return this.n;
  }

  has(key: string): boolean {
    return this.key === key || (this.more?.has(key) ?? false);
  }

  /** Visits by combination key, the first combination counted first. */
  get combos(): Map<string, number> {
    const m = new Map<string, number>();
    if (this.key !== null) m.set(this.key, this.n);
    if (this.more) for (const [k, n] of this.more) m.set(k, n);
    return m;
  }
}
