/**
 * An instant as the overview shows it, in the view's time zone, written for a file: ISO 8601 local
 * date and time with the zone's offset then, to the millisecond (`2026-11-29T09:14:03.250+01:00`), so
 * that a spreadsheet reads the time the table showed and a program still finds the exact instant.
 */
const formats = new Map<string, Intl.DateTimeFormat>();

function format(zone: string): Intl.DateTimeFormat {
  let f = formats.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
    formats.set(zone, f);
  }
  return f;
}

const two = (n: number) => String(n).padStart(2, '0');

/** `+01:00`, `-03:30`, `+00:00` (never `Z`: the file says the zone's offset, which in UTC is zero). */
function offsetText(minutes: number): string {
  const m = Math.abs(minutes);
  return `${minutes < 0 ? '-' : '+'}${two(Math.floor(m / 60))}:${two(m % 60)}`;
}

export function localIso(iso: string, zone: string): string {
  const at = new Date(iso);
  const ms = at.getTime();
  if (Number.isNaN(ms)) return iso;
  const p = Object.fromEntries(
    format(zone)
      .formatToParts(at)
      .map((x) => [x.type, x.value]),
  );
  const local = `${p.year}-${p.month}-${p.day}T${p.hour}:${p.minute}:${p.second}`;
  const whole = ms - (((ms % 1000) + 1000) % 1000);
  const offset = Math.round((Date.parse(`${local}Z`) - whole) / 60_000);
  return `${local}.${String(ms - whole).padStart(3, '0')}${offsetText(offset)}`;
}
