/**
 * Addresses shared before the `referrer_source` filter (docs/adr/0214, 0216): a source row then
 * filtered on the referrer hosts it summed (`referrer=t.co&referrer=x.com&source=X`), and the chip
 * read "Source is X". Such an address still opens that filter with that chip; a host picked on its
 * own from the Hosts tab makes its source no longer whole: the name goes, and the chip names that
 * source's hosts one by one. A source row now filters by `referrer_source` (dimensions.ts).
 */
import { sourceOf } from '../../../src/domain/referrer-sources/match.js';
import type { View } from './view-state.js';

/**
 * The names left after a value of `field` was picked on its own: none when the pick starts the
 * referrer filter afresh (it switched between IN and NOT IN), else all but the picked host's source.
 */
export function sourcesAfterPick(view: View, field: string, value: string, exclude: boolean): string[] | undefined {
  if (field !== 'referrer') return view.sources;
  if (view.filters.referrer?.exclude !== exclude) return [];
  const gone = sourceOf(value).name;
  return view.sources?.filter((n) => n !== gone);
}

/** How the referrer chip reads: "Source" and the names when every host belongs to a source picked whole. */
export function referrerChip(values: readonly string[], sources: readonly string[] = []): { field: string; values: string[] } {
  const labels = values.map((v) => {
    const name = sourceOf(v).name;
    return sources.includes(name) ? name : v;
  });
  const whole = values.every((v) => sources.includes(sourceOf(v).name));
  return { field: whole ? 'Source' : 'Referrer', values: [...new Set(labels)] };
}
