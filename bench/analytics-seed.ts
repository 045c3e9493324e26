/**
 * A year of clicks for the analytics bench: every link has clicks in every hour, with a few values
 * of each dimension (three countries, two referrers, two device classes, two browsers, two OS
 * families; bot visits every third hour), paired into a handful of combinations per link-hour.
 * Folded into the sheets by the stores' own closing code (analytics-sqlite-seed.ts,
 * analytics-mongo-seed.ts), so the store holds what live redirects would leave there.
 */
import { comboKey } from '../src/storage/clicks/combos.js';
import { type LegacyDim, legacyCombos } from '../src/storage/clicks/legacy.js';
import { HOUR_MS, type HourCounts } from '../src/storage/clicks/repository.js';

const COUNTRIES = ['US', 'DE', 'GB', 'FR', 'IN', 'BR', 'JP', 'CA'];
const REFERRERS = ['google.com', 't.co', 'news.ycombinator.com', 'linkedin.com', 'reddit.com', 'newsletter.example'];
const BROWSERS = ['Chrome', 'Safari', 'Firefox', 'Microsoft Edge', 'Samsung Internet for Android'];
const SYSTEMS = ['Windows', 'macOS', 'iOS', 'Android', 'Linux'];
export const SEED_TAGS = ['launch', 'newsletter', 'social', 'ads', 'partners', 'blog', 'docs', 'events'];

export interface SeedLink {
  id: string;
  /** Its position: busier links first, each its own mix of values. */
  index: number;
  /** Its tag keys (MongoDB's seed writes the tags' sheets too). */
  tags?: readonly string[];
}

/** A small deterministic hash of a link and an hour (the same store contents on every run). */
function mix(a: number, b: number): number {
  let x = Math.imul(a + 1, 0x9e3779b1) ^ Math.imul(b + 1, 0x85ebca6b);
  x ^= x >>> 15;
  return Math.imul(x, 0x2c1b3c6d) >>> 0;
}

/** The counts of link `l` in hour number `h` (since the first seeded hour) starting at `hour`. */
export function linkHour(workspaceId: string, l: SeedLink, h: number, hour: number, domain: string): HourCounts {
  const x = mix(l.index, h);
  const hourOfDay = (hour / HOUR_MS) % 24;
  const base = 2 + Math.floor(40 / (1 + l.index / 50)); // a few busy links, a long tail
  const clicks = base + (x % base) + (hourOfDay >= 8 && hourOfDay < 22 ? base : 0);
  const bots = h % 3 === 0 ? 1 + (x % 3) : 0;
  const pick = (values: string[], k: number) => values[(x + l.index + k * 3) % values.length]!;
  const dims: Partial<Record<LegacyDim, [string, number][]>> = {};
  const split = (dim: LegacyDim, parts: [string, number][]) => {
    dims[dim] = parts.filter(([, n]) => n > 0);
  };
  const half = Math.ceil(clicks / 2);
  const quarter = Math.ceil((clicks - half) / 2);
  split('country', [
    [pick(COUNTRIES, 0), half],
    [pick(COUNTRIES, 1), quarter],
    [pick(COUNTRIES, 2), clicks - half - quarter],
  ]);
  // Some clicks come without a referrer (they count under none).
  split('referrer', [
    [pick(REFERRERS, 0), Math.floor(clicks / 3)],
    [pick(REFERRERS, 1), Math.floor(clicks / 5)],
  ]);
  split('device', [
    ['desktop', half],
    [x % 7 === 0 ? 'tablet' : 'mobile', clicks - half],
  ]);
  split('browser', [
    [pick(BROWSERS, 0), half],
    [pick(BROWSERS, 1), clicks - half],
  ]);
  split('os', [
    [pick(SYSTEMS, 0), half],
    [pick(SYSTEMS, 1), clicks - half],
  ]);
  // The per-dimension counts paired into a handful of combinations (the same marginals as before).
  return { linkId: l.id, workspaceId, hour, clicks, bots, combos: legacyCombos(clicks, bots, dims, domain) };
}

/** A combination for the flush-stall measurement: one of a few countries and devices. */
export function keyOfBench(domain: string, i: number): string {
  return comboKey(false, { country: COUNTRIES[i % COUNTRIES.length]!, device: i % 2 === 0 ? 'desktop' : 'mobile', trigger: 'link', domain });
}
