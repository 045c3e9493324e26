/**
 * The time zones the overview offers (docs/adr/0237), as people look for them: by city, by the
 * zone's usual name (Central European Time, Pacific Time) or by its offset from UTC today. The
 * viewer's own zone and UTC come first, then every zone by offset and city. From the browser's Intl
 * alone: no list of our own to keep up to date.
 */

export interface ZoneOption {
  /** IANA name, as the address and the API take it. */
  zone: string;
  /** `Berlin`, `New York`, `UTC`. */
  city: string;
  /** Where the city is (`Europe`, `America · Indiana`) and the zone's name (`Central European Time`). */
  more: string;
  /** Minutes ahead of UTC at the moment the list was made. */
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

function zoneName(zone: string, now: Date, style: 'longOffset' | 'longGeneric'): string {
  try {
    const parts = new Intl.DateTimeFormat('en', { timeZone: zone, timeZoneName: style }).formatToParts(now);
    return parts.find((p) => p.type === 'timeZoneName')?.value ?? '';
  } catch {
    return '';
  }
}

/** Minutes a zone is ahead of UTC at `now` (0 when the browser cannot say). */
export function zoneOffset(zone: string, now = new Date()): number {
  const m = /^GMT([+-])(\d{2}):(\d{2})$/.exec(zoneName(zone, now, 'longOffset'));
  return m ? (m[1] === '-' ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3])) : 0;
}

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

export function zoneOption(zone: string, now: Date, yours: boolean): ZoneOption {
  const offset = zoneOffset(zone, now);
  const { city, where } = place(zone);
  const named = zone === 'UTC' ? 'Coordinated Universal Time' : zoneName(zone, now, 'longGeneric');
  const more = [where, /^GMT[+-]/.test(named) ? '' : named].filter(Boolean).join(' · ');
  const text = offsetText(offset);
  return { zone, city, more, offset, offsetText: text, yours, words: `${zone.replaceAll('_', ' ')} ${city} ${more} ${text}`.toLowerCase() };
}

/**
 * The list: the viewer's zone and UTC, then the browser's zones by offset and city. `Etc/GMT+5`
 * and the like are left out: their sign is the reverse of what they read as.
 */
export function zoneOptions(
  all: readonly string[],
  yours: string,
  now = new Date(),
  made: (zone: string) => ZoneOption = (z) => zoneOption(z, now, false),
): ZoneOption[] {
  const first = [...new Set([yours, 'UTC'])].map((z) => zoneOption(z, now, z === yours));
  const rest = offered(all)
    .filter((z) => !first.some((f) => f.zone === z))
    .map(made)
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

/** An offset typed as `+1`, `-5`, `+05:30`, `utc+1`, `GMT−3`: its minutes, else null. */
export function typedOffset(word: string): number | null {
  const m = /^(?:utc|gmt)?([+\-−])(\d{2}|\d(?=:|$))(?::?(\d{2}))?$/.exec(word);
  if (!m) return null;
  const minutes = Number(m[2]) * 60 + Number(m[3] ?? 0);
  return m[1] === '+' ? minutes : -minutes;
}

/** The options every word of the query finds (in a name, a place, the zone's name, or as its offset), in list order. */
export function matchZones(options: readonly ZoneOption[], query: string): ZoneOption[] {
  const words = query
    .toLowerCase()
    .replaceAll('_', ' ')
    .split(/[\s,]+/)
    .filter(Boolean);
  if (words.length === 0) return [...options];
  return options.filter((o) =>
    words.every((w) => {
      const offset = typedOffset(w);
      return offset !== null ? o.offset === offset : o.words.includes(w) || o.zone.toLowerCase().includes(w);
    }),
  );
}
