import { linkTargets } from '../domain/destinations.js';
import type { RedirectTarget } from '../storage/links/repository.js';
import { adaptiveParts, targetOf } from './adapt/compile-link.js';
import type { SharedRules } from './adapt/shared-rules.js';
import type { CachedLink } from './link-cache.js';
import type { Site } from './sites.js';

/**
 * A URL as a Location header can carry it: Node refuses header values with characters outside
 * Latin-1, so non-ASCII characters are percent-encoded (and an IDN host turned to punycode) by the
 * WHATWG URL serializer, which leaves existing %XX escapes alone. Plain ASCII URLs are kept as given.
 */
export function locationSafe(url: string): string {
  if (/^[\x21-\x7e]*$/.test(url)) return url;
  try {
    return new URL(url).href;
  } catch {
    return url;
  }
}

/** The targets of a link that sets none (most links set no device targets): one frozen object for all of them. */
const NONE = Object.freeze({});

/** `m` with each URL made `safe`: the same object when that changes none of them, one shared empty object when empty. */
function safeMap<M extends Record<string, string | undefined>>(m: M, safe: (url: string) => string): M {
  const entries = Object.entries(m);
  if (entries.length === 0) return NONE as M;
  const out = entries.map(([k, v]) => [k, v === undefined ? v : safe(v)] as const);
  if (out.every(([k, v]) => v === m[k])) return m;
  return Object.fromEntries(out) as M;
}

/**
 * One copy of each workspace id and domain name however many cached links share it (each store read
 * makes new strings). Bounded: past `max` distinct values it starts over.
 */
export class Interned {
  private readonly values = new Map<string, string>();

  constructor(private readonly max = 10_000) {}

  of(value: string): string {
    const known = this.values.get(value);
    if (known !== undefined) return known;
    if (this.values.size >= this.max) this.values.clear();
    this.values.set(value, value);
    return value;
  }
}

/**
 * One frozen copy of each set of country targets however many cached links have it (each store read
 * parses its own), keyed by its JSON text: links made for one campaign often share them. Asked only
 * when a link is read into the cache, never on a hit. Bounded: past `max` distinct sets it starts over.
 */
export class SharedTargets {
  private readonly values = new Map<string, Readonly<Record<string, string>>>();

  constructor(private readonly max = 10_000) {}

  of(targets: Readonly<Record<string, string>>): Readonly<Record<string, string>> {
    if (targets === NONE) return targets;
    const text = JSON.stringify(targets);
    const known = this.values.get(text);
    if (known !== undefined) return known;
    if (this.values.size >= this.max) this.values.clear();
    const shared = Object.freeze({ ...targets });
    this.values.set(text, shared);
    return shared;
  }
}

/**
 * The entry of a plain link (no expiry, cap, password, device targets, rules, variants, preview,
 * wildcard or UTM values, every URL sent as stored): what most cached links are. It holds only
 * what differs from link to link; what every plain link has alike is on its prototype (below), and
 * its target URLs, asked for by the blocklist check only when the blocklist changes, are made from
 * its own fields on demand rather than kept as an array per link.
 */
class PlainEntry {
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

  constructor(
    readonly id: string,
    readonly workspaceId: string,
    readonly domain: string,
    readonly alias: string,
    readonly destination: string,
    readonly geoTargeting: CachedLink['geoTargeting'],
    readonly expiredUrl: string | null,
    readonly title: string | null,
    readonly noindex: boolean,
    readonly crawlable: boolean,
    readonly at: number,
  ) {}

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

/**
 * A cache entry. A plain link (most links) gets a PlainEntry: about 470 bytes of heap for a link
 * with one country target, against about 630 for the full entry. Any other link gets every property
 * in one object literal (a spread would add them outside the object), its target URLs as an array
 * of exactly their number; links without device or country targets share one empty object, and
 * workspace ids and domains are shared strings.
 */
export function entryOf(
  link: RedirectTarget,
  at: number,
  clicks: number,
  site: Site,
  shared: { names: Interned; targets: SharedTargets; rules: SharedRules },
): CachedLink {
  const { names } = shared;
  const target = (url: string) => targetOf(url, link.utm, locationSafe);
  const device = safeMap(link.deviceTargeting, target);
  const read = safeMap(link.geoTargeting, target);
  const geo = shared.targets.of(read);
  const destination = target(link.destination);
  const adaptive = adaptiveParts(link, site, target, shared.rules);
  const expiredUrl = link.expiredUrl ?? site.expiredUrl;
  const expired = expiredUrl === null ? null : targetOf(expiredUrl, null, locationSafe);
  const plain =
    link.expiresAt === null &&
    link.maxClicks === null &&
    link.passwordHash === null &&
    device.ios === undefined &&
    device.android === undefined &&
    adaptive.rules === null &&
    adaptive.variants === null &&
    adaptive.preview === null &&
    !adaptive.wildcard;
  // Every URL sent as stored (no UTM values, nothing to encode): its target URLs can be made from the entry's own fields.
  const asStored = device === NONE && (read === NONE || read === link.geoTargeting) && destination === link.destination && expired === expiredUrl;
  if (plain && asStored && clicks === 0) {
    return new PlainEntry(
      link.id,
      names.of(link.workspaceId),
      names.of(link.domain),
      link.alias,
      destination,
      geo,
      expired,
      link.title,
      adaptive.noindex,
      adaptive.crawlable,
      at,
    ) as CachedLink;
  }
  return {
    id: link.id,
    workspaceId: names.of(link.workspaceId),
    domain: names.of(link.domain),
    alias: link.alias,
    destination,
    geoTargeting: geo,
    deviceTargeting: device,
    expiresAt: link.expiresAt,
    expiredUrl: expired,
    maxClicks: link.maxClicks,
    passwordHash: link.passwordHash,
    rules: adaptive.rules,
    variants: adaptive.variants,
    preview: adaptive.preview,
    title: adaptive.title,
    wildcard: adaptive.wildcard,
    noindex: adaptive.noindex,
    crawlable: adaptive.crawlable,
    plain,
    targetUrls: linkTargets({ ...link, expiredUrl }).map((t) => t.url),
    clicks,
    at,
  };
}
