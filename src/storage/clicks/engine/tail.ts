import { HOUR_MS } from '../repository.js';
import { complete, monthHours } from './month-hours.js';
import { DAY_MS, dayStart, monthStart, nextMonth } from './plan.js';
import type { Shape } from './shape.js';
import type { ClickSource, Sheet } from './source.js';

const hasAny = (m: Record<string, number> | undefined, fromHour = 0) => {
  for (const h in m ?? {}) if (Number(h) >= fromHour && m![h] !== 0) return true;
  return false;
};

/** Whether a day sheet holds anything closed at or after `t` (within its day). */
function busyFrom(s: Sheet, t: number): boolean {
  if (s.period >= t) return s.tot !== 0 || s.bots !== 0 || hasAny(s.hc) || hasAny(s.hb);
  const h = (t - s.period) / HOUR_MS;
  return hasAny(s.hc, h) || hasAny(s.hb, h);
}

/** The furthest `quietUntil` may answer: the end of the window's last month, or day, when the rest of it lies in one bucket; else `to`. */
export function quietReach(from: number, to: number, bucketOf: (t: number) => number): number {
  const last = to - HOUR_MS;
  const oneBucket = (a: number, b: number) => a >= from && bucketOf(a) >= 0 && bucketOf(a) === bucketOf(b - HOUR_MS);
  const month = monthStart(last);
  const day = dayStart(last);
  if (nextMonth(month) > to && oneBucket(month, nextMonth(month))) return nextMonth(month);
  if (day + DAY_MS > to && oneBucket(day, day + DAY_MS)) return day + DAY_MS;
  return to;
}

/**
 * Where the plan of a read over [from, to) may end (docs/adr/0097). A window usually ends inside a
 * UTC month (today): when the rest of that month (or, failing that, of that day) holds nothing
 * closed for what the read covers, the month (day) is read as one whole sheet, not day by day or
 * hour by hour, and the answer is the same. Returns `to` when that gains nothing or something is there.
 */
export async function quietUntil(
  src: ClickSource,
  workspaceId: string,
  shape: Shape,
  from: number,
  to: number,
  bucketOf: (t: number) => number,
): Promise<number> {
  const end = quietReach(from, to, bucketOf);
  if (end === to) return to;
  const month = monthStart(to - HOUR_MS);
  // Every link's sheets (no keys) are summed up in the domain sheets: those few are asked instead.
  const kind = shape.kind === 'link' && !shape.keys ? 'domain' : shape.kind;
  if (src.monthHours) {
    // One month sheet per key (its hours, when complete) instead of a day sheet per day left (docs/adr/0099).
    const keys = (await monthHours(src, workspaceId, kind, shape.keys, null, new Set([month]))).get(month)!;
    if ([...keys.values()].every(complete)) {
      const [a, b] = [(to - month) / HOUR_MS, (end - month) / HOUR_MS];
      const busy = [...keys.values()].some((m) => [m.hc, m.hb].some((c) => Object.keys(c).some((h) => Number(h) >= a && Number(h) < b && c[h] !== 0)));
      return busy ? to : end;
    }
  }
  const sheets = await src.sheets({
    workspaceId,
    kind,
    grain: 'day',
    from: dayStart(to),
    to: end,
    fields: ['hc', 'hb'],
    ...(shape.keys ? { keys: shape.keys } : {}),
  });
  return sheets.some((s) => busyFrom(s, to)) ? to : end;
}
