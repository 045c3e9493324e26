/**
 * The overview against the period just before it (`compare=previous`, docs/adr/0213): the toggle,
 * a figure's change as a badge (arrow, sign and text; colour is a third cue), and the totals line
 * naming the period compared.
 */
import { type Change, changeOf } from './change';
import './compare.css';
import { count } from '../ui/count';

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

/** "Compare with previous period": a checkbox kept in the address. */
export function CompareToggle({ on, onChange }: { on: boolean; onChange: (on: boolean) => void }) {
  return (
    <label class="compare-toggle">
      <input type="checkbox" checked={on} onChange={(e) => onChange((e.currentTarget as HTMLInputElement).checked)} />
      Compare with previous period
    </label>
  );
}

/** The totals line's comparison: the previous figure and the change, e.g. `▲ +12.5 % vs 1–30 Oct (8 clicks)`; none without clicks then. */
export function CompareTotals({ now, before, period }: { now: number; before: number; period: string | null }) {
  if (period === null) return <span class="compare-totals muted">nothing to compare yet</span>;
  if (before === 0) return <span class="compare-totals muted">no clicks in {period} to compare with</span>;
  return (
    <span class="compare-totals">
      <ChangeBadge now={now} before={before} /> vs {period}{' '}
      <span class="nowrap">
        ({count(before)} {before === 1 ? 'click' : 'clicks'})
      </span>
    </span>
  );
}
