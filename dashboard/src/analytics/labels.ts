import { countryName } from '../links/countries';

/** The views of the analytics page: the API's group_by values with their headings. */
export const VIEWS = [
  ['timeseries', 'Over time'],
  ['countries', 'Countries'],
  ['referrers', 'Referrers'],
  ['devices', 'Devices'],
  ['browsers', 'Browsers'],
  ['os', 'Operating systems'],
  ['links', 'Top links'],
  ['tags', 'Tags'],
] as const;

export const INTERVALS = [
  ['hour', 'Hour (up to 31 days)'],
  ['day', 'Day'],
  ['week', 'Week (from Monday)'],
  ['month', 'Month'],
] as const;

/** The browser's own time zone, else UTC. */
export function localZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

/** Time zones to offer (the browser's list; a few if it has none). */
export function zones(): string[] {
  const all = (Intl as { supportedValuesOf?: (k: string) => string[] }).supportedValuesOf?.('timeZone') ?? [];
  return [...new Set(['UTC', localZone(), ...all])];
}

/** A bucket start as the wall-clock date (and hour) in the report's time zone. */
export function bucketLabel(iso: string, zone: string, interval: string | null | undefined): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', {
      timeZone: zone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(new Date(iso))
      .map((p) => [p.type, p.value]),
  );
  const date = `${parts.year}-${parts.month}-${parts.day}`;
  if (interval === 'hour') return `${date} ${parts.hour}:${parts.minute}`;
  return interval === 'month' ? date.slice(0, 7) : date;
}

/** A grouped row's key as people read it. */
export function rowLabel(groupBy: string, row: { key: string; alias?: string | null; short_url?: string | null }): string {
  if (groupBy === 'countries') return `${countryName(row.key)} (${row.key})`;
  if (groupBy === 'links') return (row.short_url ?? row.key).replace(/^https?:\/\//, '');
  return row.key;
}
