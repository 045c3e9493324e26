import { DAY_MS, type PartialDay, runs } from './plan.js';
import type { Shape } from './shape.js';
import type { ClickSource, Sheet, SheetField, SheetRequest } from './source.js';
import { eachSheet, periodsPerRead } from './stream.js';
import type { Tally } from './tally.js';

/** Days per store read where the store does not stream (a zone's day series of every link holds a few days of hours in memory at once). */
const RUN_DAYS = 8;

/** A partial day read by combination: which bucket takes the day's counts, and which hours move. */
interface Cut {
  day: PartialDay;
  whole: boolean;
  /** The bucket most of a whole day's hours fall in (-1: the day is not whole). */
  main: number;
  moved: [number, number][];
}

function cutOf(day: PartialDay): Cut {
  const votes = new Map<number, number>();
  for (const b of day.hours.values()) votes.set(b, (votes.get(b) ?? 0) + 1);
  const whole = day.hours.size === 24;
  const main = whole ? [...votes].sort((a, b) => b[1] - a[1])[0]![0] : -1;
  return { day, whole, main, moved: [...day.hours].filter(([, b]) => b !== main) };
}

/**
 * The days read hour by hour (the window's ends, days a bucket boundary crosses), consecutive ones
 * in one store read each (a zone's day series cuts every UTC day: one read per month, not per day).
 * By combination, a whole day's counts go to the bucket most of its hours fall in and only its other
 * hours (one, for a whole-hour offset) are moved to theirs; a day at the window's ends reads its hours.
 */
export async function partialDays(src: ClickSource, workspaceId: string, shape: Shape, tally: Tally, days: PartialDay[], sign: 1 | -1): Promise<void> {
  const byPeriod = new Map(days.map((d) => [d.period, d]));
  const linkKey = (s: Sheet) => (shape.kind === 'link' ? s.key : undefined);
  for (const [from, to] of runs([...byPeriod.keys()], (p) => p + DAY_MS, periodsPerRead(src, RUN_DAYS))) {
    const here = days.filter((d) => d.period >= from && d.period < to);
    const r: SheetRequest = { workspaceId, kind: shape.kind, grain: 'day', from, to, fields: ['hc', 'hb'] };
    if (shape.keys) r.keys = shape.keys;
    if (shape.combos) {
      const cuts = new Map(here.map((d) => [d.period, cutOf(d)]));
      const fields: SheetField[] = [...cuts.values()].some((c) => c.whole) ? ['c', 'x'] : ['x'];
      r.fields = fields;
      r.xHours = [...new Set([...cuts.values()].flatMap((c) => c.moved.map(([h]) => h)))].sort((a, b) => a - b);
      const fold = (s: Sheet) => {
        const cut = cuts.get(s.period);
        if (!cut || shape.exclude?.has(s.key)) return;
        if (cut.whole) tally.addCombos(s.c, cut.main, linkKey(s), sign);
        for (const [h, b] of cut.moved) {
          if (cut.whole) tally.addCombos(s.x?.[h], cut.main, linkKey(s), -sign);
          tally.addCombos(s.x?.[h], b, linkKey(s), sign);
        }
      };
      await eachSheet(src, r, fold, tally);
    } else {
      const fold = (s: Sheet) => {
        const day = byPeriod.get(s.period);
        if (!day || shape.exclude?.has(s.key)) return;
        for (const [h, b] of day.hours) {
          const c = sign * (s.hc?.[h] ?? 0);
          tally.addTotals(c, sign * (s.hb?.[h] ?? 0), b);
          if (shape.domainByKey) tally.addGroup(0, s.key, c);
          if (shape.kind === 'link') tally.addLink(s.key, c);
        }
      };
      await eachSheet(src, r, fold);
    }
    if (shape.linksFromDomain) {
      const lr: SheetRequest = { workspaceId, kind: 'link', grain: 'day', from, to, fields: ['hc'] };
      if (shape.linkKeys) lr.keys = shape.linkKeys;
      await eachSheet(src, lr, (s) => {
        const day = byPeriod.get(s.period);
        if (day) for (const h of day.hours.keys()) tally.addLink(s.key, sign * (s.hc?.[h] ?? 0));
      });
    }
    await tally.settle();
  }
}
