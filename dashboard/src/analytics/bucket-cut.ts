/**
 * A week or month bucket the window cuts (a week from Monday when the view starts on a Friday, the
 * month of a view's first day): the days of it the view holds, so its label does not pass a 3-day
 * week for a whole one, e.g. `week of 2026-10-26 (30 Oct – 1 Nov)`. Compared, it meets as many days
 * of the previous period (docs/adr/0222).
 */
import { MONTHS } from './dates.js';

const DAY_MS = 86_400_000;

const dayOf = (date: string) => Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10)));
const dayName = (ms: number) => `${new Date(ms).getUTCDate()} ${MONTHS[new Date(ms).getUTCMonth()]}`;

/** `start`: the bucket's first local date (YYYY-MM-DD); `window`: the view's first and last dates (instants: not cut by days). */
export function cutDays(start: string, interval: string | null | undefined, window: { from: string; to: string }): string | null {
  if ((interval !== 'week' && interval !== 'month') || window.from.includes('T')) return null;
  const first = dayOf(start);
  const d = new Date(first);
  const last = interval === 'week' ? first + 6 * DAY_MS : Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0);
  const from = Math.max(first, dayOf(window.from));
  const to = Math.min(last, dayOf(window.to));
  if (from === first && to === last) return null;
  if (from === to) return dayName(from);
  const a = new Date(from);
  const b = new Date(to);
  return a.getUTCMonth() === b.getUTCMonth() ? `${a.getUTCDate()}–${dayName(to)}` : `${dayName(from)} – ${dayName(to)}`;
}
