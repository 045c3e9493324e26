/**
 * The overview's whole state lives in the address (so reload, Back and a shared link show the same
 * view): `range` (a preset, or `custom` with `from`/`to` dates), `tz`, `interval`, one parameter per
 * panel naming its open tab, and the filters, one parameter per value (`country=DE&country=FR`;
 * `!` before every value excludes them: `country=!US`). Defaults are left out of the address, and
 * so is what the API would refuse (a custom range it does not read, a zone it does not know).
 * `compare=previous` sets the view against the period just before it.
 */
import { daysBetween, INTERVALS, type Interval, isDate, isZone, MAX_DAYS, PRESETS, type Preset } from './dates.js';
import { FILTER_FIELDS, type FilterField, PANELS } from './dimensions.js';

export interface FieldFilter {
  values: string[];
  exclude: boolean;
}
export type Filters = Partial<Record<FilterField, FieldFilter>>;

export interface View {
  range: Preset;
  /** Custom range only: ISO dates. */
  from?: string;
  to?: string;
  /** IANA zone; undefined: the browser's own. */
  tz?: string;
  interval?: Interval;
  filters: Filters;
  /** Open tab of each panel (by panel id); a panel left out shows its first tab. */
  tabs: Record<string, string>;
  /** Referrer sources picked whole (`source=X`): the referrer chip names them (source-picks.ts). */
  sources?: string[];
  /** Compared with the period just before (`compare=previous`). */
  compare?: boolean;
  /**
   * Filters the address gives that both keep and leave out values (hand-edited `country=DE,!US` or
   * `country=DE&country=!US`; the API refuses the mix): not read as filters but said to be wrong
   * (mixed-filters.tsx), and written back as they were until removed.
   */
  mixed?: Partial<Record<FilterField, string[]>>;
  /** What the address asked for that the view set aside for the defaults, to say so (ignored-address.tsx). */
  ignored?: Ignored;
}

export interface Ignored {
  /** Custom dates the API would not read, and why. */
  range?: { from: string; to: string; why: string };
  /** A zone this browser does not know. */
  tz?: string;
}

/** Why custom dates cannot be read (null: they can). */
function rangeProblem(from: string, to: string): string | null {
  if (!from) return 'the first day is missing';
  if (!to) return 'the last day is missing';
  for (const day of [from, to]) if (!isDate(day)) return `${day} is not a date`;
  if (from > to) return 'the first day is after the last';
  return daysBetween(from, to) < MAX_DAYS ? null : `that is more than the ${MAX_DAYS} days analytics reads`;
}

export const DEFAULT_RANGE: Preset = '30d';
const RANGES: readonly string[] = [...PRESETS.map((p) => p[0]), 'custom'];

export function parseView(search: URLSearchParams): View {
  const range = search.get('range') ?? DEFAULT_RANGE;
  const view: View = { range: RANGES.includes(range) ? (range as Preset) : DEFAULT_RANGE, filters: {}, tabs: {} };
  if (view.range === 'custom') {
    const from = search.get('from') ?? '';
    const to = search.get('to') ?? '';
    // A window the API would refuse (a date that does not exist, longer than it reads) is not kept.
    const why = rangeProblem(from, to);
    if (why === null) Object.assign(view, { from, to });
    else {
      view.range = DEFAULT_RANGE;
      view.ignored = { range: { from, to, why } };
    }
  }
  const tz = search.get('tz');
  if (tz && isZone(tz)) view.tz = tz;
  else if (tz) view.ignored = { ...view.ignored, tz };
  const interval = search.get('interval');
  if ((INTERVALS as readonly string[]).includes(interval ?? '')) view.interval = interval as Interval;
  if (search.get('compare') === 'previous') view.compare = true;
  for (const panel of PANELS) {
    const t = search.get(panel.id);
    if (t && panel.tabs.some((x) => x.groupBy === t)) view.tabs[panel.id] = t;
  }
  // `link` is the address the link page used to open its analytics with.
  const legacyLink = search.get('link');
  for (const field of FILTER_FIELDS) {
    const raw = search.getAll(field).filter((v) => v !== '' && v !== '!');
    if (field === 'link_id' && legacyLink && raw.length === 0) raw.push(legacyLink);
    if (raw.length === 0) continue;
    const left = raw.filter((v) => v.startsWith('!')).length;
    if ((left > 0 && left < raw.length) || raw.some((v) => !v.startsWith('!') && v.includes(',!'))) {
      view.mixed = { ...view.mixed, [field]: raw };
      continue;
    }
    const exclude = left === raw.length;
    const values = [...new Set(exclude ? raw.map((v) => v.slice(1)) : raw.filter((v) => !v.startsWith('!')))].slice(0, 100);
    view.filters[field] = { values, exclude };
  }
  const sources = [...new Set(search.getAll('source').filter(Boolean))].slice(0, 100);
  if (view.filters.referrer && sources.length > 0) view.sources = sources;
  return view;
}

export function viewSearch(view: View): string {
  const p = new URLSearchParams();
  if (view.range !== DEFAULT_RANGE) p.set('range', view.range);
  if (view.range === 'custom' && view.from && view.to) {
    p.set('from', view.from);
    p.set('to', view.to);
  }
  if (view.tz) p.set('tz', view.tz);
  if (view.interval) p.set('interval', view.interval);
  if (view.compare) p.set('compare', 'previous');
  for (const panel of PANELS) {
    const t = view.tabs[panel.id];
    if (t && t !== panel.tabs[0]?.groupBy) p.set(panel.id, t);
  }
  for (const field of FILTER_FIELDS) {
    const f = view.filters[field];
    for (const v of f?.values ?? []) p.append(field, f?.exclude ? `!${v}` : v);
    for (const v of view.mixed?.[field] ?? []) p.append(field, v);
  }
  if (view.filters.referrer) for (const s of view.sources ?? []) p.append('source', s);
  const s = p.toString();
  return s ? `?${s}` : '';
}

/**
 * A click on a row: the value joins its field's IN filter (or leaves it when it was there); with
 * `exclude`, it joins the NOT IN filter instead. A field is either included or excluded, never both.
 */
export function toggleValue(filters: Filters, field: FilterField, value: string, exclude: boolean): Filters {
  const current = filters[field];
  const same = current && current.exclude === exclude ? current.values : [];
  const values = same.includes(value) ? same.filter((v) => v !== value) : [...same, value];
  const next = { ...filters };
  if (values.length === 0) delete next[field];
  else next[field] = { values, exclude };
  return next;
}

/** The chip's switch: the same values, included instead of excluded or the reverse. */
export function invertField(filters: Filters, field: FilterField): Filters {
  const f = filters[field];
  return f ? { ...filters, [field]: { values: f.values, exclude: !f.exclude } } : filters;
}

export function withoutField(filters: Filters, field: FilterField): Filters {
  const next = { ...filters };
  delete next[field];
  return next;
}

/** The filters as the API's ClickFilter input (`fixed` ones, such as a link page's own link, added). */
export function apiFilter(filters: Filters, fixed: Filters = {}): Record<string, { in?: string[]; not_in?: string[] }> | null {
  const out: Record<string, { in?: string[]; not_in?: string[] }> = {};
  for (const [field, f] of Object.entries({ ...filters, ...fixed })) {
    if (f && f.values.length > 0) out[field] = f.exclude ? { not_in: f.values } : { in: f.values };
  }
  return Object.keys(out).length > 0 ? out : null;
}
