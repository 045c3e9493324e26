import type { ClickField } from '../../../domain/click-fields.js';
import type { ClickAnswer, ClickQuery, ComboFilter } from '../repository.js';
import { bucketFinder, ceilHour, DAY_MS, nextMonth, type PartialDay, planWindow, runs, type Whole } from './plan.js';
import type { ClickSource, Grain, Sheet, SheetField, SheetRequest } from './source.js';
import { Tally } from './tally.js';

/** The filter without empty entries; null when nothing is left. */
export function activeFilter(f: ComboFilter | null | undefined): ComboFilter | null {
  if (!f) return null;
  const out: ComboFilter = {};
  for (const [k, v] of Object.entries(f)) if (v && ((v.in?.length ?? 0) > 0 || (v.not_in?.length ?? 0) > 0)) out[k as ClickField] = v;
  return Object.keys(out).length > 0 ? out : null;
}

/** How a read uses the sheets: which kind, which of them, and whether it must look at combinations. */
interface Shape {
  kind: 'domain' | 'link';
  keys?: readonly string[];
  exclude: ReadonlySet<string> | null;
  /** Sheets are read by combination (a filter beyond the domain sheets' own, or a breakdown by field). */
  combos: boolean;
  /** A breakdown by domain read off the domain sheets' keys. */
  domainByKey: boolean;
  /** Links' counts from the domain sheets' per-link maps. */
  linksFromDomain: boolean;
}

function shapeOf(q: ClickQuery, filter: ComboFilter | null, fields: readonly ClickField[], byLink: boolean): Shape {
  if (q.linkIds)
    return { kind: 'link', keys: q.linkIds, exclude: null, combos: filter !== null || fields.length > 0, domainByKey: false, linksFromDomain: false };
  const { domain, ...rest } = filter ?? {};
  const beyond = Object.keys(rest).length > 0;
  // Clicks by link under a filter: every link's own sheets (the domain sheets know links only in total).
  if (byLink && filter !== null) return { kind: 'link', exclude: null, combos: true, domainByKey: false, linksFromDomain: false };
  const keys = domain?.in ? domain.in.filter((d) => !domain.not_in?.includes(d)) : undefined;
  const domainByKey = !beyond && fields.length === 1 && fields[0] === 'domain';
  return {
    kind: 'domain',
    ...(keys ? { keys } : {}),
    exclude: domain?.not_in ? new Set(domain.not_in) : null,
    combos: beyond || (fields.length > 0 && !domainByKey),
    domainByKey,
    linksFromDomain: byLink,
  };
}

/**
 * One read over the sheets and the open hours (docs/adr/0092): exact for any filter, breakdown,
 * bucketing and window, reading whole months and days where the buckets allow and hours elsewhere.
 */
export async function evaluate(src: ClickSource & { pause?(): Promise<void> }, q: ClickQuery): Promise<ClickAnswer> {
  const groups = q.groups ?? [];
  const fields = groups.filter((g): g is ClickField => g !== 'link');
  const byLink = groups.includes('link');
  const tally = new Tally(q, src, fields);
  const from = ceilHour(q.from);
  const to = ceilHour(q.to);
  if (from >= to) return tally.answer();
  const bucketOf = bucketFinder(q.buckets);
  const plan = planWindow(from, to, bucketOf);
  const filter = activeFilter(q.filter);
  const shape = shapeOf(q, filter, fields, byLink);
  const linkKey = (s: Sheet) => (shape.kind === 'link' ? s.key : undefined);
  const read = (grain: Grain, a: number, b: number, fieldsWanted: SheetField[]) => {
    const r: SheetRequest = { workspaceId: q.workspaceId, kind: shape.kind, grain, from: a, to: b, fields: fieldsWanted };
    if (shape.keys) r.keys = shape.keys;
    return src.sheets(r);
  };
  const wholeFields: SheetField[] = [...(shape.combos ? (['c'] as const) : []), ...(shape.linksFromDomain ? (['l'] as const) : [])];

  const wholes = async (grain: Grain, pieces: Whole[], step: (p: number) => number) => {
    const bucket = new Map(pieces.map((p) => [p.period, p.bucket]));
    for (const [a, b] of runs([...bucket.keys()], step)) {
      const sheets = (await read(grain, a, b, wholeFields)).filter((s) => !shape.exclude?.has(s.key) && bucket.has(s.period));
      if (shape.combos) await tally.learn(sheets.map((s) => s.c));
      for (const s of sheets) {
        const at = bucket.get(s.period)!;
        if (shape.combos) tally.addCombos(s.c, at, linkKey(s));
        else {
          tally.addTotals(s.tot, s.bots, at);
          if (shape.domainByKey) tally.addGroup(0, s.key, s.tot);
          if (shape.kind === 'link') tally.addLink(s.key, s.tot);
        }
        if (shape.linksFromDomain) tally.addLinks(s.l);
      }
      await src.pause?.();
    }
  };
  await wholes('month', plan.months, nextMonth);
  await wholes('day', plan.days, (p) => p + DAY_MS);
  for (const day of plan.partial) await partialDay(day);

  async function partialDay(day: PartialDay): Promise<void> {
    if (shape.combos) await partialByCombos(day);
    else {
      const sheets = (await read('day', day.period, day.period + DAY_MS, ['hc', 'hb'])).filter((s) => !shape.exclude?.has(s.key));
      for (const s of sheets) {
        for (const [h, b] of day.hours) {
          const c = s.hc?.[h] ?? 0;
          tally.addTotals(c, s.hb?.[h] ?? 0, b);
          if (shape.domainByKey) tally.addGroup(0, s.key, c);
          if (shape.kind === 'link') tally.addLink(s.key, c);
        }
      }
    }
    if (shape.linksFromDomain) {
      const r: SheetRequest = { workspaceId: q.workspaceId, kind: 'link', grain: 'day', from: day.period, to: day.period + DAY_MS, fields: ['hc'] };
      for (const s of await src.sheets(r)) for (const h of day.hours.keys()) tally.addLink(s.key, s.hc?.[h] ?? 0);
    }
  }

  /**
   * A day whose hours fall in more than one bucket, by combination. A whole day (a time zone's
   * buckets cut it) reads its day counts into the bucket most of its hours fall in, and moves only
   * the other hours (one, for a whole-hour offset) to theirs; a day at the window's ends reads its hours.
   */
  async function partialByCombos(day: PartialDay): Promise<void> {
    const votes = new Map<number, number>();
    for (const b of day.hours.values()) votes.set(b, (votes.get(b) ?? 0) + 1);
    const whole = day.hours.size === 24;
    const main = whole ? [...votes].sort((a, b) => b[1] - a[1])[0]![0] : -1;
    const moved = [...day.hours].filter(([, b]) => b !== main);
    const r: SheetRequest = {
      workspaceId: q.workspaceId,
      kind: shape.kind,
      grain: 'day',
      from: day.period,
      to: day.period + DAY_MS,
      fields: whole ? ['c', 'x'] : ['x'],
    };
    r.xHours = moved.map(([h]) => h);
    if (shape.keys) r.keys = shape.keys;
    const sheets = (await src.sheets(r)).filter((s) => !shape.exclude?.has(s.key));
    await tally.learn(sheets.flatMap((s) => [s.c, ...moved.map(([h]) => s.x?.[h])]));
    for (const s of sheets) {
      if (whole) tally.addCombos(s.c, main, linkKey(s));
      for (const [h, b] of moved) {
        if (whole) tally.addCombos(s.x?.[h], main, linkKey(s), -1);
        tally.addCombos(s.x?.[h], b, linkKey(s));
      }
    }
  }

  const open = await src.open({ workspaceId: q.workspaceId, ...(q.linkIds ? { linkIds: q.linkIds } : {}), from, to });
  const viaCombos = filter !== null || fields.length > 0;
  if (viaCombos) await tally.learn(open.map((o) => o.c));
  for (const o of open) {
    const b = bucketOf(o.hour);
    if (b < 0) continue;
    if (viaCombos) tally.addCombos(o.c, b, o.linkId);
    else {
      tally.addTotals(o.clicks, o.bots, b);
      if (byLink) tally.addLink(o.linkId, o.clicks);
    }
  }
  return tally.answer();
}
