import type { Point } from '../charts/point.js';
import { MONTHS } from './dates.js';

/** The browser's own time zone, else UTC. */
export function localZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

/** Time zones to offer (the browser's list; a few if it has none), `keep` among them. */
export function zones(keep?: string): string[] {
  const all = (Intl as { supportedValuesOf?: (k: string) => string[] }).supportedValuesOf?.('timeZone') ?? [];
  return [...new Set(['UTC', localZone(), ...(keep ? [keep] : []), ...all])];
}

function parts(iso: string, zone: string): Record<string, string> {
  return Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', {
      timeZone: zone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
      weekday: 'short',
    })
      .formatToParts(new Date(iso))
      .map((p) => [p.type, p.value]),
  );
}

/** A bucket start as the wall-clock date (and hour) in the report's time zone. */
export function bucketLabel(iso: string, zone: string, interval: string | null | undefined): string {
  const p = parts(iso, zone);
  const date = `${p.year}-${p.month}-${p.day}`;
  if (interval === 'hour') return `${date} ${p.hour}:${p.minute}`;
  return interval === 'month' ? date.slice(0, 7) : date;
}

/**
 * A bucket of the time series: its full label and its short axis label (`14:00`, `Nov 3`, `Nov 2026`);
 * an hour also its day (`Thu 26`), which the axis gives the first label of each day when the hours
 * span several (charts/axis.ts).
 */
export function pointOf(iso: string, clicks: number, zone: string, interval: string | null | undefined): Point {
  const p = parts(iso, zone);
  const month = MONTHS[Number(p.month) - 1] ?? p.month;
  const tick = interval === 'hour' ? `${p.hour}:${p.minute}` : interval === 'month' ? `${month} ${p.year}` : `${month} ${Number(p.day)}`;
  const label = interval === 'week' ? `week of ${bucketLabel(iso, zone, 'day')}` : bucketLabel(iso, zone, interval);
  return interval === 'hour' ? { label, tick, day: `${p.weekday} ${Number(p.day)}`, clicks } : { label, tick, clicks };
}
