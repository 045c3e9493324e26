import { linkTargets } from '../domain/destinations.js';
import { SharedTable } from './bounded-shared-table.js';
import type { CachedLink } from './cached-link.js';

/** The targets of a link that sets none (most links set no device targets): one frozen object for all of them. */
export const NONE = Object.freeze({});

/** How far (ms) an entry's read time may lie from its place's epoch: a small integer in V8 either way (31 bits or 32). */
const SPAN = 2 ** 30;

/**
 * What the plain links of one workspace on one domain with one expired URL in effect have alike: one
 * object for all of them rather than four fields per link. `epoch` is the read time the entries'
 * times count from, so each keeps a small integer rather than a boxed double (docs/adr/0212).
 */
export class Place {
  constructor(
    readonly workspaceId: string,
    readonly domain: string,
    readonly expiredUrl: string | null,
    readonly crawlable: boolean,
    readonly epoch: number,
  ) {}
}

/**
 * One Place for each workspace, domain, expired URL and crawlable flag, however many cached links
 * share it; made again when a read time lies too far from its epoch (after about 12 days). Asked only
 * when a link is read into the cache. Bounded: past `max` distinct places, or `maxChars` characters in
 * their keys (an expired URL may have 8,192: 10,000 of them held 82.8 MB), it starts over.
 */
export class Places {
  private readonly values: SharedTable<Place>;

  constructor(max = 10_000, maxChars?: number) {
    this.values = new SharedTable(max, maxChars);
  }

  /** The place given last: links read one after another are mostly of one workspace and domain (no key made then). */
  private last: Place | undefined;

  of(workspaceId: string, domain: string, expiredUrl: string | null, crawlable: boolean, at: number): Place {
    // A time not a whole number of ms (NaN, fractional) gets a full entry: its place is not kept, lest the next links count from it.
    if (!Number.isInteger(at)) return new Place(workspaceId, domain, expiredUrl, crawlable, at);
    const l = this.last;
    if (
      l !== undefined &&
      l.workspaceId === workspaceId &&
      l.domain === domain &&
      l.expiredUrl === expiredUrl &&
      l.crawlable === crawlable &&
      fitsPlace(l, at)
    ) {
      return l;
    }
    this.last = this.find(workspaceId, domain, expiredUrl, crawlable, at);
    return this.last;
  }

  private find(workspaceId: string, domain: string, expiredUrl: string | null, crawlable: boolean, at: number): Place {
    // Lengths before the names, and the URL last after a mark of whether there is one: no two places share a key.
    const key = `${crawlable ? 1 : 0}${workspaceId.length}:${workspaceId}${domain.length}:${domain}${expiredUrl === null ? 'n' : `u${expiredUrl}`}`;
    const known = this.values.get(key);
    if (known !== undefined && fitsPlace(known, at)) return known;
    return this.values.set(key, new Place(workspaceId, domain, expiredUrl, crawlable, at));
  }
}

/** Whether `at` can be kept as an offset from `place`'s epoch: a whole number of milliseconds (Date's), near it. */
export function fitsPlace(place: Place, at: number): boolean {
  return Number.isInteger(at) && Math.abs(at - place.epoch) < SPAN;
}

/**
 * The entry of a plain link (no expiry, cap, password, device targets, rules, variants, preview,
 * wildcard or UTM values, every URL sent as stored): what most cached links are. It holds only
 * what differs from link to link (id, alias, destination, country targets, title) and its Place (what
 * the links of its workspace and domain share); its read time as an integer offset from the place's
 * epoch (no boxed double). What every plain link has alike is on its prototype (below), and its target
 * URLs, asked for by the blocklist check only when the blocklist changes, are made from its fields.
 * Seven fields: 80 bytes of heap, against 112 and a 16-byte boxed time with eleven.
 */
export class PlainEntry {
  declare readonly expiresAt: null;
  declare readonly maxClicks: null;
  declare readonly passwordHash: null;
  declare readonly deviceTargeting: CachedLink['deviceTargeting'];
  declare readonly rules: null;
  declare readonly variants: null;
  declare readonly preview: null;
  declare readonly wildcard: false;
  declare readonly plain: true;
  declare clicks: number;
  private readonly since: number;

  constructor(
    readonly id: string,
    readonly alias: string,
    readonly destination: string,
    readonly geoTargeting: CachedLink['geoTargeting'],
    readonly title: string | null,
    private readonly place: Place,
    at: number,
  ) {
    this.since = at - place.epoch;
  }

  get workspaceId(): string {
    return this.place.workspaceId;
  }

  get domain(): string {
    return this.place.domain;
  }

  get expiredUrl(): string | null {
    return this.place.expiredUrl;
  }

  get crawlable(): boolean {
    return this.place.crawlable;
  }

  get noindex(): boolean {
    return !this.place.crawlable;
  }

  get at(): number {
    return this.place.epoch + this.since;
  }

  /** Every target URL as stored (a plain link's are its destination, country targets and the expired URL in effect). */
  get targetUrls(): readonly string[] {
    return linkTargets(this).map((t) => t.url);
  }
}

for (const [name, value] of Object.entries({
  expiresAt: null,
  maxClicks: null,
  passwordHash: null,
  deviceTargeting: NONE,
  rules: null,
  variants: null,
  preview: null,
  wildcard: false,
  plain: true,
})) {
  Object.defineProperty(PlainEntry.prototype, name, { value, enumerable: true });
}
// A capped link counts its clicks on its own entry; a plain link has no cap, so this stays 0 (writable: an assignment shadows it).
Object.defineProperty(PlainEntry.prototype, 'clicks', { value: 0, enumerable: true, writable: true });
