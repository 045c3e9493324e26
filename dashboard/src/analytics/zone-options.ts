/**
 * The time zones the overview offers (docs/adr/0237), as people look for them: by city, by the
 * zone's usual name (Central European Time, Pacific Time) or by its offset from UTC today. The
 * viewer's own zone and UTC come first, then every zone by offset and city. From the browser's Intl
 * alone: no list of our own to keep up to date.
 */

/** What a zone's option says whatever the date, and how to read its offset on a date. */
export interface ZoneFacts {
  /** IANA name, as the address and the API take it. */
  zone: string;
  /** `Berlin`, `New York`, `UTC`. */
  city: string;
  /** Where the city is (`Europe`, `America · Indiana`) and the zone's name (`Central European Time`). */
  more: string;
  /** Lowercase: the city, the IANA name's last part (an old spelling), the zone's name, the IANA name: what a query's start ranks against. */
  names: string[];
  /** Minutes ahead of UTC at a moment (0 when the browser cannot say). */
  offsetAt: (at: Date) => number;
}

export interface ZoneOption extends ZoneFacts {
  /** Minutes ahead of UTC at the moment the list was made (when it was opened). */
  offset: number;
  /** `UTC+01:00`, `UTC−05:00`, `UTC+00:00`. */
  offsetText: string;
  /** The viewer's own zone. */
  yours: boolean;
  /** Lowercase text a query is matched against. */
  words: string;
}

const byCity = new Intl.Collator('en').compare;

/** `UTC+05:30`, `UTC−03:00` (a true minus sign), `UTC+00:00`. */
export function offsetText(minutes: number): string {
  const a = Math.abs(minutes);
  return `UTC${minutes < 0 ? '−' : '+'}${String(Math.floor(a / 60)).padStart(2, '0')}:${String(a % 60).padStart(2, '0')}`;
}

function formatter(zone: string, style: 'longOffset' | 'longGeneric'): Intl.DateTimeFormat | null {
  try {
    return new Intl.DateTimeFormat('en', { timeZone: zone, timeZoneName: style });
  } catch {
    return null;
  }
}

const zoneName = (f: Intl.DateTimeFormat | null, at: Date) => f?.formatToParts(at).find((p) => p.type === 'timeZoneName')?.value ?? '';

/**
 * A zone's offset on any date, its formatter made once: making it is most of the cost, so the
 * offsets of every zone are read again in a few milliseconds whenever the list opens.
 */
export function offsetReader(zone: string): (at: Date) => number {
  const f = formatter(zone, 'longOffset');
  return (at) => {
    const m = /^GMT([+-])(\d{2}):(\d{2})$/.exec(zoneName(f, at));
    return m ? (m[1] === '-' ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3])) : 0;
  };
}

/** Minutes a zone is ahead of UTC at `now` (0 when the browser cannot say). */
export const zoneOffset = (zone: string, now = new Date()): number => offsetReader(zone)(now);

/**
 * Cities that browsers' lists (ICU's) still name as they were spelled when the zone was made: the
 * name people know now, the old one kept in what a query matches.
 */
const RENAMED: Record<string, string> = {
  'Asia/Calcutta': 'Kolkata',
  'Europe/Kiev': 'Kyiv',
  'Asia/Saigon': 'Ho Chi Minh City',
  'Asia/Katmandu': 'Kathmandu',
  'Asia/Rangoon': 'Yangon',
  'Atlantic/Faeroe': 'Faroe',
  'America/Godthab': 'Nuuk',
  'Pacific/Truk': 'Chuuk',
  'Pacific/Ponape': 'Pohnpei',
  'Pacific/Enderbury': 'Kanton',
  'America/Coral_Harbour': 'Atikokan',
};

/** `America/Argentina/Buenos_Aires` → Buenos Aires, in America · Argentina. */
function place(zone: string): { city: string; where: string } {
  const parts = zone.split('/');
  const last = parts.pop()!.replaceAll('_', ' ');
  const city = RENAMED[zone] ?? last;
  return { city, where: parts.map((p) => p.replaceAll('_', ' ')).join(' · ') };
}

/** A zone's facts; its usual name (`Central European Time`, not the summer or winter one) read at `now`. */
export function zoneFacts(zone: string, now = new Date()): ZoneFacts {
  const { city, where } = place(zone);
  const named = zone === 'UTC' ? 'Coordinated Universal Time' : zoneName(formatter(zone, 'longGeneric'), now);
  const usual = /^GMT[+-]/.test(named) ? '' : named;
  const more = [where, usual].filter(Boolean).join(' · ');
  const own = zone.split('/').pop()!.replaceAll('_', ' ');
  const names = [...new Set([city, own, usual, zone.replaceAll('_', ' ')])].filter(Boolean).map((n) => n.toLowerCase());
  return { zone, city, more, names, offsetAt: offsetReader(zone) };
}

/** A zone's option with its offset at `now`. */
export function optionAt(facts: ZoneFacts, now: Date, yours: boolean): ZoneOption {
  const offset = facts.offsetAt(now);
  const text = offsetText(offset);
  const words = `${facts.zone.replaceAll('_', ' ')} ${facts.city} ${facts.more} ${text}`.toLowerCase();
  return { ...facts, offset, offsetText: text, yours, words };
}

export const zoneOption = (zone: string, now: Date, yours: boolean): ZoneOption => optionAt(zoneFacts(zone, now), now, yours);

/**
 * The list: the viewer's zone and UTC, then the browser's zones by offset and city. `Etc/GMT+5`
 * and the like are left out: their sign is the reverse of what they read as.
 */
export function zoneOptions(
  all: readonly string[],
  yours: string,
  now = new Date(),
  facts: (zone: string) => ZoneFacts = (z) => zoneFacts(z, now),
): ZoneOption[] {
  const first = [...new Set([yours, 'UTC'])].map((z) => optionAt(facts(z), now, z === yours));
  const rest = offered(all)
    .filter((z) => !first.some((f) => f.zone === z))
    .map((z) => optionAt(facts(z), now, false))
    .sort((a, b) => a.offset - b.offset || byCity(a.city, b.city));
  return [...first, ...rest];
}

/** The zones listed: `Area/City` names, not the `Etc/` ones. */
export function offered(all: readonly string[]): string[] {
  return [...new Set(all)].filter((z) => z.includes('/') && !z.startsWith('Etc/'));
}

/** The list with `zone` in it (the zone in force, which the address may give from outside the list: last). */
export function withZone(options: ZoneOption[], zone: string, now = new Date()): ZoneOption[] {
  return options.some((o) => o.zone === zone) ? options : [...options, zoneOption(zone, now, false)];
}
