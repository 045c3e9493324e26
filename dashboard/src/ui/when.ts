/**
 * An instant as the dashboard writes dates on every page (day, short month name, year, as the overview writes
 * 29 Nov) with the 24-hour time: `29 Nov 2026, 01:54:53`, whatever the browser's locale; in the
 * browser's time zone unless one is given.
 */
export function instantText(iso: string, zone?: string): string {
  return new Intl.DateTimeFormat('en-GB', {
    timeZone: zone,
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  }).format(new Date(iso));
}

/** A day as the dashboard writes dates: `29 Nov 2026`, in the browser's time zone unless one is given. */
export function dayText(iso: string, zone?: string): string {
  return new Intl.DateTimeFormat('en-GB', { timeZone: zone, day: 'numeric', month: 'short', year: 'numeric' }).format(new Date(iso));
}
