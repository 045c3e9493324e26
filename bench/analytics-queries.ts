/**
 * The analytics reads the bench times, each over a year and over 30 days (its reference): in process
 * (the service, no HTTP) and over HTTP (GET /v1/analytics and GET /v1/links/{id}/stats).
 */
import { systemCaller } from '../src/domain/caller.js';
import type { Services } from '../src/wiring/all-services.js';
import { DOMAIN } from './fixtures.js';

const DAY_MS = 86_400_000;

export interface Query {
  label: string;
  /** In process, over the window [from, to] (ISO dates). */
  direct(s: Services, t: Target, from: string, to: string): Promise<unknown>;
  /** The same over HTTP: a path with its query string. */
  path(t: Target, from: string, to: string): string;
}

/** The workspace the queries read, and the link whose statistics they read. */
export interface Target {
  workspaceId: string;
  linkId: string;
}

const FILTERS = new Set(['country', 'device', 'referrer', 'browser', 'tag', 'domain', 'referrer_source', 'referrer_kind']);

/** Filter parameters as REST takes them, and as the GraphQL-shaped input the service takes. */
function serviceInput(params: Record<string, string>): Record<string, unknown> {
  const filter: Record<string, { in?: string[]; not_in?: string[] }> = {};
  const rest: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(params)) {
    if (!FILTERS.has(k)) rest[k] = v;
    else if (v.startsWith('!')) filter[k] = { not_in: v.split(',').map((x) => x.slice(1)) };
    else filter[k] = { in: v.split(',') };
  }
  return Object.keys(filter).length > 0 ? { ...rest, filter } : rest;
}

const analytics = (label: string, params: Record<string, string>): Query => ({
  label,
  direct: (s, t, from, to) => s.analytics.report(systemCaller(t.workspaceId, 'bench'), { ...serviceInput(params), from, to }),
  path: (_t, from, to) => `/v1/analytics?${new URLSearchParams({ ...params, from, to })}`,
});

/** With `filtered`, the reads with one or two dimension filters (their bar: 250 ms over 30 days, 2 s over 365). */
export const QUERIES: (Query & { filtered?: true })[] = [
  analytics('timeseries by day, UTC', { group_by: 'timeseries', interval: 'day' }),
  analytics('timeseries by day, Europe/Berlin', { group_by: 'timeseries', interval: 'day', timezone: 'Europe/Berlin' }),
  analytics('group_by=countries', { group_by: 'countries' }),
  // Against the previous period (docs/adr/0213): the same read over two windows, side by side.
  analytics('timeseries by day, UTC, compare=previous', { group_by: 'timeseries', interval: 'day', compare: 'previous' }),
  analytics('group_by=countries, compare=previous', { group_by: 'countries', compare: 'previous' }),
  analytics('group_by=links (top 10)', { group_by: 'links' }),
  analytics('group_by=tags', { group_by: 'tags' }),
  analytics('domain=…, timeseries, Berlin', { group_by: 'timeseries', timezone: 'Europe/Berlin', domain: DOMAIN }),
  analytics('tag=launch, group_by=countries', { group_by: 'countries', tag: 'launch' }),
  analytics('tag=launch, timeseries, Berlin', { group_by: 'timeseries', timezone: 'Europe/Berlin', tag: 'launch' }),
  { ...analytics('country=DE, group_by=devices', { group_by: 'devices', country: 'DE' }), filtered: true },
  { ...analytics('device=mobile&referrer=!t.co, countries', { group_by: 'countries', device: 'mobile', referrer: '!t.co' }), filtered: true },
  { ...analytics('country=DE, timeseries, Berlin', { group_by: 'timeseries', timezone: 'Europe/Berlin', country: 'DE' }), filtered: true },
  { ...analytics('browser=Safari, group_by=links', { group_by: 'links', browser: 'Safari' }), filtered: true },
  // A source or kind filter (docs/adr/0216) beside the same read filtered by the source's hosts: its cost is the probe of the window's hosts.
  { ...analytics('referrer=t.co,x.com, group_by=countries', { group_by: 'countries', referrer: 't.co,x.com' }), filtered: true },
  { ...analytics('referrer_source=X, group_by=countries', { group_by: 'countries', referrer_source: 'X' }), filtered: true },
  { ...analytics('referrer_kind=social, group_by=countries', { group_by: 'countries', referrer_kind: 'social' }), filtered: true },
  { ...analytics('referrer=!t.co,!x.com, timeseries, compare', { group_by: 'timeseries', referrer: '!t.co,!x.com', compare: 'previous' }), filtered: true },
  { ...analytics('referrer_source=!X, timeseries, compare', { group_by: 'timeseries', referrer_source: '!X', compare: 'previous' }), filtered: true },
  {
    label: 'link stats of one link',
    direct: (s, t, from, to) => s.stats.forLink(systemCaller(t.workspaceId, 'bench'), t.linkId, { from, to }),
    path: (t, from, to) => `/v1/links/${t.linkId}/stats?${new URLSearchParams({ from, to })}`,
  },
];

/** The windows: `days` whole UTC days ending today. */
export function window(days: number, nowMs = Date.now()): { from: string; to: string } {
  const iso = (t: number) => new Date(t).toISOString().slice(0, 10);
  return { from: iso(nowMs - (days - 1) * DAY_MS), to: iso(nowMs) };
}

export interface Timing {
  median: number;
  max: number;
}

/** Median and max (ms) of `runs` sequential calls, after one unmeasured call (statements prepared, pages cached). */
export async function time(runs: number, fn: () => Promise<unknown>): Promise<Timing> {
  await fn();
  const ms: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    await fn();
    ms.push(performance.now() - t);
  }
  ms.sort((a, b) => a - b);
  return { median: ms[Math.floor(runs / 2)]!, max: ms[runs - 1]! };
}

const ms = (v: number) => (v >= 100 ? v.toFixed(0) : v.toFixed(1));
export const fmtTiming = (t: Timing) => `${ms(t.median)} ms (max ${ms(t.max)})`;

/** An HTTP GET that must answer 200; its body is read (the time includes sending it). */
export async function get(base: string, key: string, path: string): Promise<void> {
  const res = await fetch(`${base}${path}`, { headers: { authorization: `Bearer ${key}` } });
  const body = await res.text();
  if (res.status !== 200) throw new Error(`GET ${path} answered ${res.status}: ${body.slice(0, 300)}`);
}
