/**
 * How a figure compares with the previous period, in words (a sign besides the colour: "+12.5 %",
 * "new" when there was nothing before, a dash when both are 0), and that period's name.
 */
import { MONTHS } from './dates.js';

/** Year, month (1-12) and day of an instant in `zone`. */
function dateIn(iso: string, zone: string): [number, number, number] {
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' }).formatToParts(new Date(iso));
  const n = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  return [n('year'), n('month'), n('day')];
}

/** A multiple as `28.8` or `68,235.0`: one decimal, thousands grouped. */
const MULTIPLE = new Intl.NumberFormat('en', { minimumFractionDigits: 1, maximumFractionDigits: 1 });

export interface Change {
  /** What people read: `+12.5 %`, `−3.0 %`, `×28.8` (ten times and more), `new`, `—`. */
  text: string;
  /** For the arrow and colour. */
  trend: 'up' | 'down' | 'flat' | 'new' | 'none';
  /** The same in words, for screen readers. */
  spoken: string;
}

/** How `now` compares with `before`. */
export function changeOf(now: number, before: number): Change {
  if (before === 0) return now === 0 ? { text: '—', trend: 'none', spoken: 'no clicks in either period' } : { text: 'new', trend: 'new', spoken: 'new' };
  const p = ((now - before) / before) * 100;
  // Ten times and more reads as a multiple (×28.8), not as +2779.1 %, and fits its column.
  if (p >= 900) {
    const times = MULTIPLE.format(now / before);
    return { text: `×${times}`, trend: 'up', spoken: `${times} times as many` };
  }
  const text = `${p > 0 ? '+' : p < 0 ? '−' : '±'}${Math.abs(p).toFixed(1)} %`;
  if (p === 0) return { text, trend: 'flat', spoken: 'unchanged' };
  return { text, trend: p > 0 ? 'up' : 'down', spoken: `${p > 0 ? 'up' : 'down'} ${Math.abs(p).toFixed(1)} percent` };
}

/**
 * Whether the comparison says anything: with no click at all in the previous period (before the
 * first link, or past the 400 days kept) every row would read "new", so the rows and the chart
 * show no change and the totals say there is nothing to compare with.
 */
export function worthComparing(previous: { total: { clicks: number } } | null | undefined): boolean {
  return (previous?.total.clicks ?? 0) > 0;
}

/** A row's previous clicks, to spread into it: none at all when the comparison says nothing. */
export function previousOf(answer: { previous?: { total: { clicks: number } } | null }, clicks: number | null | undefined): { previous?: number | null } {
  return worthComparing(answer.previous) ? { previous: clicks } : {};
}

/** The local time of an instant in `zone` as `HH:MM`, when it is not midnight. */
function timeIn(iso: string, zone: string): string | null {
  const t = new Intl.DateTimeFormat('en-GB', { timeZone: zone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(new Date(iso));
  return t === '00:00' ? null : t;
}

/**
 * The previous window as people read it: `1–30 Oct`, `28 Sep – 27 Oct`, with the year when it is not
 * one. A window of dates is compared with as many whole local days (or months) before it (docs/adr/0217),
 * so its name is dates; one that does not start at local midnight says the hour it starts at,
 * `20 Oct 23:00 – 23 Oct`. While the view still counts (today in it), the API cuts the previous window
 * at the same time of day (docs/adr/0226), and the name says so: `18–24 Nov up to 13:00`. Null when
 * the previous window is empty (the view has not begun, a custom range in the future): nothing to
 * compare yet, and no range to name.
 */
export function periodName(from: string, to: string, zone: string, hours: boolean): string | null {
  if (Date.parse(to) <= Date.parse(from)) return null;
  if (hours) return 'the 24 hours before';
  const until = timeIn(to, zone);
  return until ? `${daysName(from, to, zone)} up to ${until}` : daysName(from, to, zone);
}

function daysName(from: string, to: string, zone: string): string {
  const [y1, m1, d1] = dateIn(from, zone);
  // `to` is exclusive: the last day is the one before it.
  const [y2, m2, d2] = dateIn(new Date(Date.parse(to) - 1).toISOString(), zone);
  const month = (m: number) => MONTHS[m - 1];
  const at = timeIn(from, zone);
  if (at) return `${d1} ${month(m1)}${y1 === y2 ? '' : ` ${y1}`} ${at} – ${d2} ${month(m2)}${y1 === y2 ? '' : ` ${y2}`}`;
  if (y1 === y2 && m1 === m2) return d1 === d2 ? `${d1} ${month(m1)}` : `${d1}–${d2} ${month(m1)}`;
  return y1 === y2 ? `${d1} ${month(m1)} – ${d2} ${month(m2)}` : `${d1} ${month(m1)} ${y1} – ${d2} ${month(m2)} ${y2}`;
}
