/**
 * Referrer sources in the overview's filters (docs/adr/0214). A source row filters on the referrer
 * hosts it sums, through the `referrer` IN (or NOT IN) filter, so the filter stays exact; the view
 * also remembers the source's name (`source=X` in the address) so the chip reads "Source is X".
 * A host picked on its own from the Hosts tab makes its source no longer whole: the name goes, and
 * the chip names that source's hosts one by one.
 */
import { sourceOf } from '../../../src/domain/referrer-sources/match.js';
import type { Filters, View } from './view-state.js';

/** Values one filter may list (the API's FILTER_VALUES_MAX): a pick past it is not made, and the overview says why. */
const FILTER_VALUES_MAX = 100;

/** The referrer hosts and source names a source row pressed leaves in the filter. */
function afterSourcePick(view: View, name: string, hosts: readonly string[], exclude: boolean): { values: string[]; names: string[] } {
  const current = view.filters.referrer;
  const same = current && current.exclude === exclude;
  const values = same ? current.values : [];
  const names = same ? (view.sources ?? []) : [];
  if (names.includes(name)) return { values: values.filter((v) => sourceOf(v).name !== name), names: names.filter((n) => n !== name) };
  return { values: [...new Set([...values, ...hosts])], names: [...names, name] };
}

/** A source row pressed: its name and hosts join the referrer filter (or leave it when it was there); null past FILTER_VALUES_MAX hosts. */
export function toggleSource(view: View, name: string, hosts: readonly string[], exclude: boolean): Pick<View, 'filters' | 'sources'> | null {
  const { values: nextValues, names: nextNames } = afterSourcePick(view, name, hosts, exclude);
  if (nextValues.length > FILTER_VALUES_MAX) return null;
  const filters: Filters = { ...view.filters };
  if (nextValues.length === 0) {
    delete filters.referrer;
    return { filters, sources: [] };
  }
  filters.referrer = { values: nextValues, exclude };
  return { filters, sources: nextNames };
}

/** What the overview says when toggleSource made no pick (the filter would list too many hosts); null when it made one. */
export function sourcePickRefusal(view: View, name: string, hosts: readonly string[], exclude: boolean): string | null {
  const { values } = afterSourcePick(view, name, hosts, exclude);
  if (values.length <= FILTER_VALUES_MAX) return null;
  const own = hosts.length > FILTER_VALUES_MAX ? `${name} alone sums ${hosts.length} referrer hosts` : `${name} would make ${values.length} referrer hosts`;
  return `Not filtered on ${name}: ${own}, and a filter takes at most ${FILTER_VALUES_MAX}. ${
    hosts.length > FILTER_VALUES_MAX ? 'Pick its hosts from the Hosts tab instead.' : 'Remove the referrer filter first, or pick hosts from the Hosts tab.'
  }`;
}

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

/** The sources a source tab shows pressed: those picked whole, while the referrer filter includes. */
export function pickedSources(view: View): string[] {
  return view.filters.referrer && !view.filters.referrer.exclude ? (view.sources ?? []) : [];
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
