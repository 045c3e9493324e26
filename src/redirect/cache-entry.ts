import { linkTargets } from '../domain/destinations.js';
import type { RedirectTarget } from '../storage/links/repository.js';
import { adaptiveParts, targetOf } from './adapt/compile-link.js';
import type { SharedRules } from './adapt/shared-rules.js';
import { SharedTable } from './bounded-shared-table.js';
import type { CachedLink } from './cached-link.js';
import { fitsPlace, NONE, type Places, PlainEntry } from './plain-entry.js';
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
  private readonly values: SharedTable<string>;

  constructor(max = 10_000) {
    this.values = new SharedTable(max);
  }

  of(value: string): string {
    return this.values.get(value) ?? this.values.set(value, value);
  }
}

/**
 * One frozen copy of each set of country targets however many cached links have it (each store read
 * parses its own), keyed by its JSON text: links made for one campaign often share them. Asked only
 * when a link is read into the cache, never on a hit. Bounded: past `max` distinct sets, or `maxChars`
 * characters in their texts (a target URL may have 8,192: 10,000 of them held 161.6 MB), it starts over.
 */
export class SharedTargets {
  private readonly values: SharedTable<Readonly<Record<string, string>>>;

  constructor(max = 10_000, maxChars?: number) {
    this.values = new SharedTable(max, maxChars);
  }

  of(targets: Readonly<Record<string, string>>): Readonly<Record<string, string>> {
    if (targets === NONE) return targets;
    const text = JSON.stringify(targets);
    return this.values.get(text) ?? this.values.set(text, Object.freeze({ ...targets }));
  }
}

/**
 * A cache entry. A plain link (most links) gets a PlainEntry (src/redirect/plain-entry.ts): seven
 * fields, what its workspace and domain share in one Place (docs/adr/0212). Any other link gets every property
 * in one object literal (a spread would add them outside the object), its target URLs as an array
 * of exactly their number; links without device or country targets share one empty object, and
 * workspace ids and domains are shared strings.
 */
export function entryOf(
  link: RedirectTarget,
  at: number,
  clicks: number,
  site: Site,
  shared: { names: Interned; targets: SharedTargets; rules: SharedRules; places: Places },
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
  if (plain && asStored && clicks === 0 && adaptive.noindex === !adaptive.crawlable) {
    const place = shared.places.of(names.of(link.workspaceId), names.of(link.domain), expired, adaptive.crawlable, at);
    if (fitsPlace(place, at)) return new PlainEntry(link.id, link.alias, destination, geo, link.title, place, at) as CachedLink;
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
