/** Whether the browser knows an IANA zone (as the API does: an unknown one would be refused). */
export function isZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** Today's date in a time zone (YYYY-MM-DD); the browser's own date when the zone is unknown. */
export function todayIn(zone: string, now = new Date()): string {
  try {
    return new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
  } catch {
    return new Intl.DateTimeFormat('en-CA').format(now);
  }
}

export const daysBefore = (day: string, n: number) => new Date(Date.parse(`${day}T00:00:00Z`) - n * 86_400_000).toISOString().slice(0, 10);

/** Whether a YYYY-MM-DD date exists (not 2026-02-30). */
export function isDate(day: string): boolean {
  const t = /^\d{4}-\d{2}-\d{2}$/.test(day) ? Date.parse(`${day}T00:00:00Z`) : Number.NaN;
  return !Number.isNaN(t) && new Date(t).toISOString().startsWith(day);
}

/** Whole days from one ISO date to another (0 for the same day). */
export const daysBetween = (from: string, to: string) => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);

/** The last 30 days, today included, as dates in `zone` (as the API's own default window). */
export function lastMonthIn(zone: string, now = new Date()): { from: string; to: string } {
  const to = todayIn(zone, now);
  return { from: daysBefore(to, 29), to };
}

/** The date presets of the overview; `all` is the whole 400 days the API keeps and reads. */
export const PRESETS = [
  ['24h', 'Last 24 hours', '24 h'],
  ['7d', 'Last 7 days', '7 d'],
  ['30d', 'Last 30 days', '30 d'],
  ['90d', 'Last 90 days', '90 d'],
  ['1y', 'Last 12 months', '1 y'],
  ['all', 'All (400 days)', 'All'],
] as const;
export type Preset = (typeof PRESETS)[number][0] | 'custom';

/** The longest window the API reads, in days (a custom range longer than this is refused). */
export const MAX_DAYS = 400;

export const INTERVALS = ['hour', 'day', 'week', 'month'] as const;
export type Interval = (typeof INTERVALS)[number];
/** Hour buckets: at most 31 days (the API refuses longer hourly windows). */
export const HOUR_MAX_DAYS = 31;
const PRESET_DAYS: Record<Exclude<Preset, '24h' | 'custom'>, number> = { '7d': 7, '30d': 30, '90d': 90, '1y': 365, all: 400 };
const PRESET_INTERVAL: Record<Exclude<Preset, 'custom'>, Interval> = { '24h': 'hour', '7d': 'day', '30d': 'day', '90d': 'week', '1y': 'month', all: 'month' };

/** A window as the API takes it: local dates in the zone, or (last 24 hours) instants. */
export interface Window {
  from: string;
  to: string;
  /** Whole local days it spans (1 for the last 24 hours). */
  days: number;
}

/** The window a preset (or custom dates) means now in `zone`. */
export function windowOf(preset: Preset, zone: string, custom: { from?: string; to?: string }, now = new Date()): Window {
  if (preset === '24h') {
    // 24 whole hours, the current one included.
    const end = Math.floor(now.getTime() / 3_600_000 + 1) * 3_600_000;
    return { from: new Date(end - 86_400_000).toISOString(), to: new Date(end).toISOString(), days: 1 };
  }
  if (preset === 'custom' && custom.from && custom.to) return { from: custom.from, to: custom.to, days: daysBetween(custom.from, custom.to) + 1 };
  const to = todayIn(zone, now);
  const days = preset === 'custom' ? 30 : PRESET_DAYS[preset];
  return { from: daysBefore(to, days - 1), to, days };
}

/** The bucket size a preset shows unless one is chosen; hours only where the API allows them. */
export function intervalOf(preset: Preset, chosen: Interval | undefined, days: number): Interval {
  const interval = chosen ?? (preset === 'custom' ? (days <= 2 ? 'hour' : days <= 120 ? 'day' : 'month') : PRESET_INTERVAL[preset]);
  return interval === 'hour' && days > HOUR_MAX_DAYS ? 'day' : interval;
}

/** Short month names, January first, as the labels, the compared period and cut buckets read them. */
export const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;
