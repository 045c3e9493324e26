import { type LocalDate, localDateAt, offsetAt, startOfLocalDay } from '../analytics/time-zone.js';

/** When a report goes, in its zone: Monday (weekly) or the 1st (monthly), at this local hour. */
export const SEND_HOUR = 8;

export type Frequency = 'weekly' | 'monthly';

/** One period a report covers: whole local days `from`..`to` (both included), sent at `sendAt`. */
export interface ReportPeriod {
  /** w:2026-11-16 (the week's Monday) or m:2026-10: the claim's key. */
  key: string;
  from: LocalDate;
  to: LocalDate;
  sendAt: number;
}

const norm = (d: LocalDate): LocalDate => {
  const t = new Date(Date.UTC(d.year, d.month, d.day));
  return { year: t.getUTCFullYear(), month: t.getUTCMonth(), day: t.getUTCDate() };
};
const pad = (n: number) => String(n).padStart(2, '0');
/** 2026-11-16 */
export const isoDate = (d: LocalDate): string => {
  const n = norm(d);
  return `${n.year}-${pad(n.month + 1)}-${pad(n.day)}`;
};

/**
 * 08:00 local on `d`: the wall time minus the zone's offset there (read twice, so a day whose offset
 * changes before 08:00 gets the offset of 08:00). Where 08:00 falls in a DST gap, the gap's end.
 */
export function localHourAt(zone: string, d: LocalDate, hour = SEND_HOUR): number {
  const n = norm(d);
  const wall = Date.UTC(n.year, n.month, n.day, hour);
  const guess = wall - offsetAt(zone, wall);
  const t = wall - offsetAt(zone, guess);
  return Math.max(t, startOfLocalDay(zone, n));
}

/** The period whose send time is `anchor` (a Monday or a 1st). */
function periodSentOn(frequency: Frequency, zone: string, anchor: LocalDate): ReportPeriod {
  const a = norm(anchor);
  if (frequency === 'weekly') {
    const from = norm({ ...a, day: a.day - 7 });
    return { key: `w:${isoDate(from)}`, from, to: norm({ ...a, day: a.day - 1 }), sendAt: localHourAt(zone, a) };
  }
  const from = norm({ year: a.year, month: a.month - 1, day: 1 });
  return { key: `m:${from.year}-${pad(from.month + 1)}`, from, to: norm({ year: a.year, month: a.month, day: 0 }), sendAt: localHourAt(zone, a) };
}

/** The anchor (Monday or 1st) of the local week or month holding `t`. */
function anchorOf(frequency: Frequency, zone: string, t: number): LocalDate {
  const today = localDateAt(zone, t);
  if (frequency === 'monthly') return { year: today.year, month: today.month, day: 1 };
  const dow = new Date(Date.UTC(today.year, today.month, today.day)).getUTCDay();
  return norm({ ...today, day: today.day - ((dow + 6) % 7) });
}

const step = (frequency: Frequency, a: LocalDate, n: number): LocalDate =>
  frequency === 'weekly' ? norm({ ...a, day: a.day + 7 * n }) : norm({ year: a.year, month: a.month + n, day: 1 });

/** The latest period whose send time is at or before `now` (missed ones before it are not sent: docs/adr/0219). */
export function latestDue(frequency: Frequency, zone: string, now: number): ReportPeriod {
  const anchor = anchorOf(frequency, zone, now);
  const p = periodSentOn(frequency, zone, anchor);
  return p.sendAt <= now ? p : periodSentOn(frequency, zone, step(frequency, anchor, -1));
}

/** The first send time after `now`. */
export function nextRunAfter(frequency: Frequency, zone: string, now: number): number {
  const anchor = anchorOf(frequency, zone, now);
  const p = periodSentOn(frequency, zone, anchor);
  return p.sendAt > now ? p.sendAt : periodSentOn(frequency, zone, step(frequency, anchor, 1)).sendAt;
}
