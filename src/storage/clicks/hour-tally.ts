import { isBotKey } from './combos.js';
import { LinkHour } from './link-hour.js';
import { HOUR_MS } from './repository.js';

/**
 * Visits counted per link and UTC hour by combination: the link-hours a flush writes. Where the
 * visits are counted depends on the store (docs/adr/0196): the SQLite writer thread counts the
 * records it receives here, the MongoDB adapter counts a batch's records at its flush in typed
 * arrays (`CountedVisits`), and the recorder counts here only past its bound on records (the store
 * unreachable for long). Each link's current hour is found by its id; other hours (around the turn
 * of an hour, a clock going back) by link and hour.
 */
export class HourTally {
  private current = new Map<string, LinkHour>();
  private other = new Map<string, LinkHour>();
  /** Distinct counters held: link-hours and their combinations. */
  cells = 0;
  /** Visits counted. */
  visits = 0;

  get size(): number {
    return this.current.size + this.other.size;
  }

  /** Whether a visit to this link at `hour` under `key` would only add to counters held. */
  holds(linkId: string, hour: number, key: string): boolean {
    const h = this.current.get(linkId);
    return h !== undefined && h.hour === hour && h.has(key);
  }

  /** Count one visit (a bot's when its key says so); answers its link-hour. */
  add(linkId: string, workspaceId: string, atMs: number, key: string): LinkHour {
    const hour = atMs - (atMs % HOUR_MS);
    let h = this.current.get(linkId);
    if (h === undefined || h.hour !== hour) h = this.hourOf(linkId, workspaceId, hour, h);
    this.visits++;
    if (h.add(key)) this.cells++;
    if (isBotKey(key)) h.bots++;
    else h.clicks++;
    return h;
  }

  private hourOf(linkId: string, workspaceId: string, hour: number, previous: LinkHour | undefined): LinkHour {
    if (previous) this.other.set(`${linkId}|${previous.hour}`, previous);
    let h: LinkHour | undefined;
    // Other hours are held only around the turn of an hour: the usual new link-hour skips the lookup.
    if (this.other.size > 0) {
      const key = `${linkId}|${hour}`;
      h = this.other.get(key);
      if (h) this.other.delete(key);
    }
    if (!h) {
      h = new LinkHour(linkId, workspaceId, hour);
      this.cells++;
    }
    this.current.set(linkId, h);
    return h;
  }

  /** People's clicks counted for one link, in every hour. */
  clicksOf(linkId: string): number {
    let n = this.current.get(linkId)?.clicks ?? 0;
    for (const h of this.other.values()) if (h.linkId === linkId) n += h.clicks;
    return n;
  }

  /** The link-hours counted (each link's current hour first, in order of first visit). */
  hours(): LinkHour[] {
    return [...this.current.values(), ...this.other.values()];
  }
}
