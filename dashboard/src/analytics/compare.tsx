/**
 * The overview against the period just before it (`compare=previous`, docs/adr/0213): the toggle,
 * the change of a figure in words (a sign and an arrow besides the colour: "+12.5 %", "new" when
 * there was nothing before, a dash when both are 0), and the totals line naming the period compared.
 */
import { bucketLabel } from './labels';
import './compare.css';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

export interface Change {
  /** What people read: `+12.5 %`, `−3.0 %`, `new`, `—`. */
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
  const text = `${p > 0 ? '+' : p < 0 ? '−' : '±'}${Math.abs(p).toFixed(1)} %`;
  if (p === 0) return { text, trend: 'flat', spoken: 'unchanged' };
  return { text, trend: p > 0 ? 'up' : 'down', spoken: `${p > 0 ? 'up' : 'down'} ${Math.abs(p).toFixed(1)} percent` };
}

const ARROWS: Record<Change['trend'], string> = { up: '▲', down: '▼', flat: '', new: '▲', none: '' };

/** A change as a small badge: arrow (hidden from screen readers) and text, its words in its title. */
export function ChangeBadge({ now, before, suffix = '' }: { now: number; before: number | null | undefined; suffix?: string }) {
  if (before === null || before === undefined) return <span class="change none">—</span>;
  const c = changeOf(now, before);
  return (
    <span class={`change ${c.trend}`} title={`${c.spoken}${suffix}`}>
      {ARROWS[c.trend] ? <span aria-hidden="true">{ARROWS[c.trend]} </span> : null}
      {c.text}
      {suffix ? <span class="visually-hidden">{suffix}</span> : null}
    </span>
  );
}

/** The previous window as people read it: `1–30 Oct`, `28 Sep – 27 Oct`, with the year when it is not one. */
export function periodName(from: string, to: string, zone: string, hours: boolean): string {
  if (hours) return 'the 24 hours before';
  const [y1, m1, d1] = bucketLabel(from, zone, 'day').split('-').map(Number) as [number, number, number];
  // `to` is exclusive: the last day is the one before it.
  const [y2, m2, d2] = bucketLabel(new Date(Date.parse(to) - 1).toISOString(), zone, 'day')
    .split('-')
    .map(Number) as [number, number, number];
  const month = (m: number) => MONTHS[m - 1];
  if (y1 === y2 && m1 === m2) return d1 === d2 ? `${d1} ${month(m1)}` : `${d1}–${d2} ${month(m1)}`;
  return y1 === y2 ? `${d1} ${month(m1)} – ${d2} ${month(m2)}` : `${d1} ${month(m1)} ${y1} – ${d2} ${month(m2)} ${y2}`;
}

/** "Compare with previous period": a checkbox kept in the address. */
export function CompareToggle({ on, onChange }: { on: boolean; onChange: (on: boolean) => void }) {
  return (
    <label class="compare-toggle">
      <input type="checkbox" checked={on} onChange={(e) => onChange((e.currentTarget as HTMLInputElement).checked)} />
      Compare with previous period
    </label>
  );
}

/** The totals line's comparison: the previous figure and the change, e.g. `▲ +12.5 % vs 1–30 Oct (8 clicks)`. */
export function CompareTotals({ now, before, period }: { now: number; before: number; period: string }) {
  return (
    <span class="compare-totals">
      <ChangeBadge now={now} before={before} /> vs {period} ({before} {before === 1 ? 'click' : 'clicks'})
    </span>
  );
}
