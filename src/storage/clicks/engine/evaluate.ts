import type { ClickField } from '../../../domain/click-fields.js';
import type { ClickAnswer, ClickQuery, ComboFilter } from '../repository.js';
import { fromMonthHours } from './month-hours.js';
import { partialDays } from './partial.js';
import { bucketFinder, ceilHour, DAY_MS, nextMonth, planWindow, runs, type Whole } from './plan.js';
import { type Shape, shapeOf, tagShape } from './shape.js';
import type { ClickSource, ComboSet, Grain, Sheet, SheetField, SheetRequest } from './source.js';
import { eachSheet, periodsPerRead } from './stream.js';
import { addSums, countedCombos, sumsPay } from './sums.js';
import { quietReach, quietUntil } from './tail.js';
import { Tally } from './tally.js';

/** The filter without empty entries; null when nothing is left. */
export function activeFilter(f: ComboFilter | null | undefined): ComboFilter | null {
  if (!f) return null;
  const out: ComboFilter = {};
  for (const [k, v] of Object.entries(f)) if (v && ((v.in?.length ?? 0) > 0 || (v.not_in?.length ?? 0) > 0)) out[k as ClickField] = v;
  return Object.keys(out).length > 0 ? out : null;
}

export type Source = ClickSource & { pause?(): Promise<void> };

/**
 * One read over the sheets and the open hours (docs/adr/0092): exact for any filter, breakdown,
 * bucketing and window, reading whole months and days where the buckets allow and hours elsewhere.
 * Links left out (`excludeLinkIds`, a NOT IN on links) are read as the workspace minus their own
 * sheets (docs/adr/0097), so the read is bounded by the links left out, not by the links kept.
 */
export async function evaluate(src: Source, q: ClickQuery): Promise<ClickAnswer> {
  const groups = q.groups ?? [];
  const fields = groups.filter((g): g is ClickField => g !== 'link');
  const byLink = groups.includes('link');
  const tally = new Tally(q, src, fields);
  const from = ceilHour(q.from);
  const to = ceilHour(q.to);
  if (from >= to) return tally.answer();
  const filter = activeFilter(q.filter);
  const left = q.excludeLinkIds && q.excludeLinkIds.length > 0 ? new Set(q.excludeLinkIds) : null;
  // Listed once per read, and only when a pass reads sheets by combination.
  let listed: Promise<ComboSet | null> | undefined;
  const counted = () => (listed ??= countedCombos(src, q.workspaceId, tally));
  if (q.linkIds) {
    const keys = left ? q.linkIds.filter((id) => !left.has(id)) : q.linkIds;
    // Exactly one tag's links: its own sheets, when the store keeps them in step (docs/adr/0098).
    const shape = (left ? null : await tagShape(src, q.workspaceId, q.tag, keys, filter, fields, byLink)) ?? shapeOf(keys, filter, fields, byLink);
    await accumulate(src, q, tally, { from, to, shape, sign: 1, skipOpen: null, counted });
    return tally.answer();
  }
  const shape = shapeOf(undefined, filter, fields, byLink);
  // Every link's own sheets are read anyway (clicks by link under a filter): the links left out are skipped.
  if (left && shape.kind === 'link') shape.exclude = left;
  await accumulate(src, q, tally, { from, to, shape, sign: 1, skipOpen: left, counted });
  if (left && shape.kind === 'domain') {
    const minus = shapeOf([...left], filter, fields, byLink);
    await accumulate(src, q, tally, { from, to, shape: minus, sign: -1, skipOpen: null, noOpen: true, counted });
  }
  return tally.answer();
}

interface Pass {
  from: number;
  to: number;
  shape: Shape;
  /** 1 adds, -1 takes away (links left out). */
  sign: 1 | -1;
  /** Open hours of these links are not read. */
  skipOpen: ReadonlySet<string> | null;
  noOpen?: boolean;
  /** The combinations the read counts, when the store sums whole sheets over them (docs/adr/0102). */
  counted: () => Promise<ComboSet | null>;
}

async function accumulate(src: Source, q: ClickQuery, tally: Tally, p: Pass): Promise<void> {
  const { from, to, shape, sign } = p;
  const bucketOf = bucketFinder(q.buckets);
  // The open hours first: a store closing hours beside its reads takes the sheets back to this moment (docs/adr/0231).
  const openLinks = shape.kind === 'tag' ? shape.linkKeys : shape.kind === 'link' ? shape.keys : undefined;
  const reach = quietReach(from, to, bucketOf);
  const open = p.noOpen ? [] : await src.open({ workspaceId: q.workspaceId, ...(openLinks ? { linkIds: openLinks } : {}), from, to, reach });
  // Past the window's end a month (or day) with nothing closed in it is read whole (docs/adr/0097).
  const plan = planWindow(from, await quietUntil(src, q.workspaceId, shape, from, to, bucketOf), bucketOf);
  // Unfiltered days and hours off the month sheets, where the store counts hours there (docs/adr/0099).
  await fromMonthHours(src, q.workspaceId, shape, tally, plan, sign);
  const linkKey = (s: Sheet) => (shape.kind === 'link' ? s.key : undefined);
  const request = (grain: Grain, a: number, b: number, fieldsWanted: SheetField[]) => {
    const r: SheetRequest = { workspaceId: q.workspaceId, kind: shape.kind, grain, from: a, to: b, fields: fieldsWanted };
    if (shape.keys) r.keys = shape.keys;
    return r;
  };
  const wholeFields: SheetField[] = [...(shape.combos ? (['c'] as const) : []), ...(shape.linksFromDomain ? (['l'] as const) : [])];

  const set = sumsPay(shape) && (plan.months.length > 0 || plan.days.length > 0) ? await p.counted() : null;

  const wholes = async (grain: Grain, pieces: Whole[], step: (p: number) => number) => {
    const bucket = new Map(pieces.map((w) => [w.period, w.bucket]));
    for (const [a, b] of runs([...bucket.keys()], step, periodsPerRead(src, 31))) {
      if (set) {
        await addSums(src, request(grain, a, b, ['c']), set, shape, tally, bucket, sign);
        await src.pause?.();
        continue;
      }
      const fold = (s: Sheet) => {
        const at = bucket.get(s.period);
        if (at === undefined || shape.exclude?.has(s.key)) return;
        if (shape.combos) tally.addCombos(s.c, at, linkKey(s), sign);
        else {
          tally.addTotals(sign * s.tot, sign * s.bots, at);
          if (shape.domainByKey) tally.addGroup(0, s.key, sign * s.tot);
          if (shape.kind === 'link') tally.addLink(s.key, sign * s.tot);
        }
        if (shape.linksFromDomain) tally.addLinks(s.l, sign);
      };
      await eachSheet(src, request(grain, a, b, wholeFields), fold, tally);
      await tally.settle();
      await src.pause?.();
    }
  };
  await wholes('month', plan.months, nextMonth);
  await wholes('day', plan.days, (d) => d + DAY_MS);
  await partialDays(src, q.workspaceId, shape, tally, plan.partial, sign);
  if (p.noOpen) return;

  const viaCombos = shape.combos || activeFilter(q.filter) !== null || (q.groups ?? []).some((g) => g !== 'link');
  for (const o of open) {
    if (p.skipOpen?.has(o.linkId)) continue;
    const b = bucketOf(o.hour);
    if (b < 0) continue;
    if (viaCombos) await tally.addCombos(o.c, b, o.linkId, sign);
    else {
      tally.addTotals(sign * o.clicks, sign * o.bots, b);
      if (tally.byLink) tally.addLink(o.linkId, sign * o.clicks);
    }
  }
  await tally.settle();
}
