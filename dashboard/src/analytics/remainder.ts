/**
 * The clicks a breakdown's rows leave out, as one last row, so its shares add up to the view's
 * total: `(not set)` (`Unknown` for a place: unknown-values.ts) when the list is complete (fewer rows than asked for) and each click holds at
 * most one value of the field, so the rest are the clicks without one; `Other` when rows were cut
 * off at the limit (the rest are those rows and the clicks without a value, which the API does not
 * tell apart). Tags have none: a click counts under every tag of its link, so the rows can add up
 * to more or less than the total.
 */
import type { FilterField } from './dimensions.js';
import { PLACE_FIELDS, UNKNOWN } from './unknown-values.js';

export interface Remainder {
  label: '(not set)' | typeof UNKNOWN | 'Other';
  clicks: number;
  /** What the row holds, in words (its tooltip). */
  title: string;
}

/** Fields whose rows may count one click more than once. */
export const MANY_PER_CLICK: readonly FilterField[] = ['tag'];

export function remainderOf(field: FilterField, rows: { clicks: number }[], total: number, asked: number): Remainder | null {
  if (MANY_PER_CLICK.includes(field)) return null;
  const listed = rows.reduce((s, r) => s + r.clicks, 0);
  const clicks = total - listed;
  if (clicks <= 0) return null;
  if (rows.length < asked && PLACE_FIELDS.includes(field))
    return { label: UNKNOWN, clicks, title: 'Clicks from places not known (they cannot be filtered on)' };
  if (rows.length < asked) return { label: '(not set)', clicks, title: 'Clicks that recorded no value here (they cannot be filtered on)' };
  return { label: 'Other', clicks, title: `Clicks past the first ${asked} values, and clicks that recorded none (they cannot be filtered on)` };
}

/** A collapsed breakdown's rows: the first eight of a longer list ("Show all" lists the rest). */
export const SHOWN = 8;

/** How many of `n` rows a collapsed panel shows: all when only one would be hidden (a row, not an `Other` of one). */
export function rowsShown(n: number): number {
  return n <= SHOWN + 1 ? n : SHOWN;
}

/**
 * The last row of a breakdown shown cut to its first `shown` rows ("Show all" lists the others): the
 * rows hidden join the remainder as `Other`, so what is on screen still adds up to the total.
 */
export function shownRemainder(field: FilterField, rows: { clicks: number }[], remainder: Remainder | null, shown: number): Remainder | null {
  if (rows.length <= shown || MANY_PER_CLICK.includes(field)) return remainder;
  const hidden = rows.slice(shown);
  const clicks = hidden.reduce((s, r) => s + r.clicks, remainder?.clicks ?? 0);
  const more = `Clicks of the ${hidden.length} values after the first ${shown} (Show all lists them)`;
  return { label: 'Other', clicks, title: remainder ? `${more}; ${remainder.title.charAt(0).toLowerCase()}${remainder.title.slice(1)}` : more };
}
