/**
 * Which bucket of a time series is still filling: the one that holds the present moment (this hour,
 * today in the report's zone), so the chart can show its count as "so far" rather than as a fall.
 */
import { todayIn, type Window } from './dates.js';

/** The window still runs: it ends after now (an instant), or on or after today in `zone` (dates). */
export function windowRunning(window: Pick<Window, 'to'>, zone: string, now: Date): boolean {
  if (window.to.includes('T')) return now.getTime() < Date.parse(window.to);
  return todayIn(zone, now) <= window.to;
}

/** The index of the bucket (by its start instant) that holds `now`, or null when none does. */
export function fillingIndex(starts: string[], window: Pick<Window, 'to'>, zone: string, now = new Date()): number | null {
  if (!windowRunning(window, zone, now)) return null;
  let found: number | null = null;
  for (let i = 0; i < starts.length; i++) if (Date.parse(starts[i]!) <= now.getTime()) found = i;
  return found;
}
