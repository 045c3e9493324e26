import { HOUR_MS } from '../repository.js';
import { monthStart, nextMonth, type Plan, runs } from './plan.js';
import type { Shape } from './shape.js';
import type { ClickSource, Counts, SheetRequest } from './source.js';
import { eachSheet, periodsPerRead } from './stream.js';
import type { Tally } from './tally.js';

/** One key's month, every slot's sheet added up. */
export interface Month {
  tot: number;
  bots: number;
  hc: Counts;
  hb: Counts;
}

const addInto = (to: Counts, from: Counts | undefined) => {
  for (const h in from) to[h] = (to[h] ?? 0) + from[h]!;
};
const sum = (m: Counts) => {
  let n = 0;
  for (const h in m) n += m[h]!;
  return n;
};
/** Hours that add up to the totals: every count of the month has its hour (docs/adr/0099). */
export const complete = (m: Month) => sum(m.hc) === m.tot && sum(m.hb) === m.bots;

/** The hours of these months by key, every slot's sheet added up (a month without sheets: no keys). */
export async function monthHours(
  src: ClickSource,
  workspaceId: string,
  kind: 'domain' | 'link' | 'tag',
  keys: readonly string[] | undefined,
  exclude: ReadonlySet<string> | null,
  wanted: ReadonlySet<number>,
): Promise<Map<number, Map<string, Month>>> {
  const months = new Map<number, Map<string, Month>>([...wanted].map((m) => [m, new Map()]));
  for (const [from, to] of runs([...wanted], nextMonth, periodsPerRead(src, 31))) {
    const r: SheetRequest = { workspaceId, kind, grain: 'month', from, to, fields: ['hc', 'hb'] };
    if (keys) r.keys = keys;
    await eachSheet(src, r, (s) => {
      const byKey = months.get(s.period);
      if (!byKey || exclude?.has(s.key)) return;
      const m = byKey.get(s.key) ?? { tot: 0, bots: 0, hc: {}, hb: {} };
      m.tot += s.tot;
      m.bots += s.bots;
      addInto(m.hc, s.hc);
      addInto(m.hb, s.hb);
      byKey.set(s.key, m);
    });
  }
  return months;
}

/**
 * The plan's days and cut days read off the month sheets' hours (docs/adr/0099) where the store keeps
 * them: an unfiltered series by day or hour (any zone) reads one month sheet per key and month, not a
 * day sheet per day. A month whose sheets' hours do not add up to their totals (sheets written before
 * the hours were counted) keeps its days in the plan, read from the day sheets as before. Only counts
 * by key are needed here (no combinations, no clicks by link of a domain sheet).
 */
export async function fromMonthHours(src: ClickSource, workspaceId: string, shape: Shape, tally: Tally, plan: Plan, sign: 1 | -1): Promise<void> {
  if (!src.monthHours || shape.combos || shape.linksFromDomain) return;
  const wanted = new Set([...plan.days, ...plan.partial].map((d) => monthStart(d.period)));
  if (wanted.size === 0) return;
  const months = await monthHours(src, workspaceId, shape.kind, shape.keys, shape.exclude, wanted);
  const served = new Set([...months].filter(([, keys]) => [...keys.values()].every(complete)).map(([m]) => m));
  const add = (period: number, hours: Iterable<[number, number]>) => {
    const month = monthStart(period);
    const at = (period - month) / HOUR_MS;
    for (const [key, m] of months.get(month)!) {
      for (const [h, b] of hours) {
        const c = sign * (m.hc[at + h] ?? 0);
        tally.addTotals(c, sign * (m.hb[at + h] ?? 0), b);
        if (shape.domainByKey) tally.addGroup(0, key, c);
        if (shape.kind === 'link') tally.addLink(key, c);
      }
    }
  };
  const allDay = (b: number) => Array.from({ length: 24 }, (_, h): [number, number] => [h, b]);
  for (const d of plan.days) if (served.has(monthStart(d.period))) add(d.period, allDay(d.bucket));
  for (const d of plan.partial) if (served.has(monthStart(d.period))) add(d.period, d.hours);
  plan.days = plan.days.filter((d) => !served.has(monthStart(d.period)));
  plan.partial = plan.partial.filter((d) => !served.has(monthStart(d.period)));
}
