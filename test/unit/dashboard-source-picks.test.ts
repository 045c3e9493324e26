/**
 * Referrer sources in the overview's filters (docs/adr/0216): a source row filters by its name
 * (referrer_source, IN or NOT IN). An address shared before (docs/adr/0214: the referrer hosts and
 * `source=X`) still opens with the chip "Source is X", and a host picked on its own takes its
 * source's name away.
 */
import { describe, expect, it } from 'vitest';
import { PANELS } from '../../dashboard/src/analytics/dimensions.js';
import { referrerChip, sourcesAfterPick } from '../../dashboard/src/analytics/source-picks.js';
import { apiFilter, parseView, toggleValue, type View, viewSearch } from '../../dashboard/src/analytics/view-state.js';

const view = (s: string) => parseView(new URLSearchParams(s));

describe('referrer sources in the overview', () => {
  it('filters a source row by its name (referrer_source), included or excluded, and reads it back', () => {
    const sources = PANELS.flatMap((p) => p.tabs).find((t) => t.groupBy === 'referrer_sources');
    expect(sources?.field).toBe('referrer_source');
    const v1 = { ...view(''), filters: toggleValue({}, 'referrer_source', 'X', false) } as View;
    expect(viewSearch(v1)).toBe('?referrer_source=X');
    const v2 = { ...v1, filters: toggleValue(v1.filters, 'referrer_source', 'Google', false) } as View;
    expect(apiFilter(v2.filters)).toEqual({ referrer_source: { in: ['X', 'Google'] } });
    const v3 = { ...v2, filters: toggleValue(v2.filters, 'referrer_source', 'Facebook', true) } as View;
    expect(viewSearch(v3)).toBe('?referrer_source=%21Facebook');
    expect(view(viewSearch(v3)).filters).toEqual({ referrer_source: { values: ['Facebook'], exclude: true } });
  });

  it('opens an address shared before the filter as the referrer hosts it named, its chip naming the source', () => {
    const old = view('?referrer=t.co&referrer=x.com&source=X');
    expect(apiFilter(old.filters)).toEqual({ referrer: { in: ['t.co', 'x.com'] } });
    expect(referrerChip(old.filters.referrer!.values, old.sources)).toEqual({ field: 'Source', values: ['X'] });
    const excluded = view('?referrer=%21l.facebook.com&referrer=%21m.facebook.com&source=Facebook');
    expect(referrerChip(excluded.filters.referrer!.values, excluded.sources)).toEqual({ field: 'Source', values: ['Facebook'] });
  });

  it('keeps the names in the address with the referrer filter only, and reads it back', () => {
    expect(view('?source=X').sources).toBeUndefined();
    expect(viewSearch({ ...view(''), sources: ['X'] })).toBe('');
    const back = view('?range=7d&referrer=t.co&referrer=x.com&source=X&ref=referrers');
    expect(back.sources).toEqual(['X']);
    expect(back.tabs).toEqual({ ref: 'referrers' });
    expect(viewSearch(back)).toBe('?range=7d&ref=referrers&referrer=t.co&referrer=x.com&source=X');
  });

  it('names hosts one by one once a host of the source is picked on its own', () => {
    const v1 = view('?referrer=t.co&referrer=x.com&referrer=lnkd.in&source=X&source=LinkedIn');
    expect(sourcesAfterPick(v1, 'referrer', 't.co', false)).toEqual(['LinkedIn']);
    expect(sourcesAfterPick(v1, 'referrer', 't.co', true)).toEqual([]);
    expect(sourcesAfterPick(v1, 'country', 'DE', false)).toEqual(['X', 'LinkedIn']);
    expect(referrerChip(['x.com', 'lnkd.in'], ['LinkedIn'])).toEqual({ field: 'Referrer', values: ['x.com', 'LinkedIn'] });
    expect(referrerChip(['t.co'], [])).toEqual({ field: 'Referrer', values: ['t.co'] });
    expect(referrerChip(['(direct)'], ['(direct)'])).toEqual({ field: 'Source', values: ['(direct)'] });
  });
});
