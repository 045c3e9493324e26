/**
 * The clicks store's answers worked out the plain way, visit by visit, for the contract suites to
 * compare with: whatever sheets, grains and slots a store reads, its answers must equal these.
 */
import { CLICK_FIELDS, type ClickField, DIRECT, DIRECT_FIELDS } from '../../src/domain/click-fields.js';
import { continentOf } from '../../src/domain/continents.js';
import type { ClickAnswer, ClickQuery, HourCounts, KeyCount } from '../../src/storage/clicks/repository.js';
import { HOUR_MS } from '../../src/storage/clicks/repository.js';
import type { Repositories } from '../../src/storage/repositories.js';
import { hc, newLink, type Values, workspace } from './_harness.js';

export interface Recorded {
  linkId: string;
  workspaceId: string;
  hour: number;
  values: Values;
  n: number;
}

const shown = (f: ClickField, v: Values): string | null => {
  const value = f === 'domain' ? (v.domain ?? 'go.example') : f === 'trigger' ? (v.trigger ?? 'link') : (v[f] ?? null);
  return value === null && DIRECT_FIELDS.has(f) ? DIRECT : value;
};

const byClicks = (a: KeyCount, b: KeyCount) => b.clicks - a.clicks || (a.key < b.key ? -1 : 1);

export function expected(visits: readonly Recorded[], q: ClickQuery): ClickAnswer {
  const from = Math.ceil(q.from / HOUR_MS) * HOUR_MS;
  const to = Math.ceil(q.to / HOUR_MS) * HOUR_MS;
  const out: ClickAnswer = { total: { clicks: 0, bots: 0 }, groups: {} };
  const buckets = q.buckets ? q.buckets.map(() => 0) : null;
  const groups = new Map<string, Map<string, number>>((q.groups ?? []).map((g) => [g, new Map()]));
  for (const v of visits) {
    if (v.workspaceId !== q.workspaceId || v.hour < from || v.hour >= to) continue;
    if (q.linkIds && !q.linkIds.includes(v.linkId)) continue;
    if (q.excludeLinkIds?.includes(v.linkId)) continue;
    const pass = Object.entries(q.filter ?? {}).every(([f, ff]) => {
      const value = shown(f as ClickField, v.values);
      if (ff?.in && (value === null || !ff.in.includes(value))) return false;
      if (ff?.not_in && value !== null && ff.not_in.includes(value)) return false;
      return true;
    });
    if (!pass) continue;
    if (v.values.bot) {
      out.total.bots += v.n;
      continue;
    }
    out.total.clicks += v.n;
    if (buckets && q.buckets) {
      let b = -1;
      q.buckets.forEach((s, i) => {
        if (s <= v.hour) b = i;
      });
      if (b >= 0) buckets[b]! += v.n;
    }
    for (const [g, m] of groups) {
      const key = g === 'link' ? v.linkId : shown(g as ClickField, v.values);
      if (key !== null) m.set(key, (m.get(key) ?? 0) + v.n);
    }
  }
  if (buckets) out.buckets = buckets;
  for (const [g, m] of groups) out.groups[g as ClickField] = [...m].map(([key, clicks]) => ({ key, clicks })).sort(byClicks);
  return out;
}

/** A small deterministic generator (the same visits on every run). */
export function rng(seed: number): () => number {
  let x = seed >>> 0;
  return () => {
    x = (Math.imul(x ^ (x >>> 15), 0x2c1b3c6d) + 0x9e3779b9) >>> 0;
    return x / 2 ** 32;
  };
}

const pick = <T>(r: () => number, xs: readonly T[]): T => xs[Math.floor(r() * xs.length)]!;

/** Random visits of `links` over `hours` hours from `start`: a few values per field, some unknown, some bots. */
export function randomVisits(r: () => number, workspaceId: string, links: readonly string[], start: number, hours: number, count: number): Recorded[] {
  const out: Recorded[] = [];
  for (let i = 0; i < count; i++) {
    const bot = r() < 0.1;
    const country = pick(r, ['DE', 'FR', 'US', null]);
    const values: Values = {
      bot,
      country,
      continent: continentOf(country),
      region: country === 'DE' ? pick(r, ['DE-BE', 'DE-BY', null]) : null,
      city: country === 'DE' ? pick(r, ['Berlin', 'Munich', null]) : null,
      referrer: pick(r, ['news.example', 't.co', null]),
      device: bot ? null : pick(r, ['desktop', 'mobile', 'tablet']),
      browser: bot ? null : pick(r, ['Chrome', 'Safari', null]),
      os: bot ? null : pick(r, ['Windows', 'iOS']),
      utm_source: pick(r, ['newsletter', null, null]),
      utm_campaign: pick(r, ['spring', 'autumn', null]),
      trigger: pick(r, ['link', 'qr']),
      language: pick(r, ['de', 'en', null]),
      variant: pick(r, [null, 'a', 'b']),
      domain: pick(r, ['go.example', 'go.example', 'l.example']),
    };
    if (values.referrer) values.referrer_url = `https://${values.referrer}/${pick(r, ['a', 'b'])}`;
    out.push({ linkId: pick(r, links), workspaceId, hour: start + Math.floor(r() * hours) * HOUR_MS, values, n: 1 + Math.floor(r() * 3) });
  }
  return out;
}

export const ALL_GROUPS = [...CLICK_FIELDS, 'link'] as const;

/** Group recorded visits into link-hours as the recorder would. */
export function asHours(visits: readonly Recorded[]): HourCounts[] {
  const byKey = new Map<string, [string, string, number, [Recorded['values'], number][]]>();
  for (const v of visits) {
    const k = `${v.linkId}|${v.hour}`;
    const e = byKey.get(k) ?? [v.linkId, v.workspaceId, v.hour, []];
    e[3].push([v.values, v.n]);
    byKey.set(k, e);
  }
  return [...byKey.values()].map(([l, w, h, vs]) => hc(l, w, h, vs));
}

/** A workspace's four links (tagged `launch`, `launch` and `social`, none, `social`) and the visits recorded on them. */
export interface SeededClicks {
  ws: string;
  links: string[];
  /** The links tagged `launch`, as the store lists them. */
  launch: string[];
  visits: Recorded[];
}

/** A new workspace with the four links of `SeededClicks`. */
export async function fourTaggedLinks(repos: Repositories): Promise<{ ws: string; links: string[] }> {
  const ws = (await repos.workspaces.create(workspace())).id;
  const links: string[] = [];
  for (const tags of [['launch'], ['launch', 'social'], [], ['social']]) links.push((await repos.links.insert(newLink(ws, { tags }))).id);
  return { ws, links };
}
