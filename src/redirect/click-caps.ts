import type { CountersRepository } from '../storage/counters/repository.js';
import type { CachedLink } from './cached-link.js';

const MAX_LINKS = 100_000;

/**
 * A capped link's clicks taken from the shared store before the redirect, so `max_clicks` is exact
 * across instances (docs/adr/0093): click number n of a link is the unique marker `cap:{id}:{n}`,
 * and a visit is served only when its insert wins a number up to the cap. Only inserts, no
 * read-modify-write (FerretDB is not atomic). Each process hands out numbers from its own pointer
 * (never twice here), starting after the link's counted clicks; a number another instance took is
 * skipped on its duplicate key. A number whose insert failed is tried again by the next visit, so an
 * outage never loses one of the cap's clicks.
 */
export class SharedClickCaps {
  private readonly next = new Map<string, number>();
  private readonly retry = new Map<string, number[]>();

  constructor(private readonly counters: Pick<CountersRepository, 'mark'>) {}

  /** Take one click of the link's cap: true when it is this visit's, false when the cap is used up. */
  async take(link: CachedLink): Promise<boolean> {
    const max = link.maxClicks ?? Number.POSITIVE_INFINITY;
    for (;;) {
      const n = this.number(link);
      if (n > max) return false;
      let won: boolean;
      try {
        won = await this.counters.mark(`cap:${link.id}:${n}`);
      } catch (e) {
        const again = this.retry.get(link.id) ?? [];
        again.push(n);
        this.retry.set(link.id, again);
        throw e;
      }
      if (won) return true;
    }
  }

  /** The next number to try: one whose insert failed, else one past everything seen (synchronously, so never twice here). */
  private number(link: CachedLink): number {
    const again = this.retry.get(link.id);
    if (again) {
      const n = again.pop()!;
      if (again.length === 0) this.retry.delete(link.id);
      return n;
    }
    const n = Math.max(this.next.get(link.id) ?? 0, link.clicks) + 1;
    if (!this.next.has(link.id) && this.next.size >= MAX_LINKS) this.next.delete(this.next.keys().next().value!);
    this.next.set(link.id, n);
    return n;
  }
}
