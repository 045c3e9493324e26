/**
 * The name of a file downloaded from the overview, after the view it came from: what it holds, the
 * window, the link of a link's page and the filters in short, e.g.
 * `lsk-countries-2026-10-30_2026-11-28-country-DE.csv` (`not-` before an excluded field, `+` between
 * values). A link reads as people see it, its short URL's host and alias
 * (`link-go.example.com-spring`), not its id, once the page knows it. Letters, digits, `.`, `_`, `-`
 * and `+` only, no `..`; at most LONGEST characters before `.csv`.
 */
import { FILTER_FIELDS } from './dimensions.js';
import type { Filters } from './view-state.js';

export const LONGEST = 120;

const safe = (s: string) =>
  s
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9._]+/g, '-')
    .replace(/\.{2,}/g, '.')
    .replace(/^[-.]+|[-.]+$/g, '');

/** A window's bounds as a date each (the last 24 hours' are instants: their date and hour). */
const day = (iso: string) => (iso.includes('T') ? iso.slice(0, 13) : iso);

/**
 * `link`: a link page's link as people see it (its short URL without the scheme); `linkName`: what a
 * link filter's id reads as (the short URL without the scheme), undefined while not known.
 */
export function viewFileName(
  what: string,
  window: { from: string; to: string },
  filters: Filters,
  link?: string,
  linkName: (id: string) => string | undefined = () => undefined,
): string {
  const parts = [`lsk-${safe(what)}`, `${safe(day(window.from))}_${safe(day(window.to))}`];
  if (link) parts.push(safe(link));
  for (const field of FILTER_FIELDS) {
    const f = filters[field];
    if (!f || f.values.length === 0) continue;
    const values = field === 'link_id' ? f.values.map((id) => linkName(id) ?? id) : f.values;
    parts.push(`${f.exclude ? 'not-' : ''}${field === 'link_id' ? 'link' : field}-${values.map(safe).filter(Boolean).join('+')}`);
  }
  const name = parts
    .filter(Boolean)
    .join('-')
    .slice(0, LONGEST)
    .replace(/[-+_.]+$/, '');
  return `${name}.csv`;
}
