/**
 * Referrer sources in the overview's filters (docs/adr/0214): a source row filters on the hosts it
 * sums (the referrer IN or NOT IN filter) and names the source in the address, the chip reads
 * "Source is X" while every host belongs to a source picked whole, and a host picked on its own
 * takes its source's name away.
 */
import { describe, expect, it } from 'vitest';
import { pickedSources, referrerChip, sourcePickRefusal, sourcesAfterPick, toggleSource } from '../../dashboard/src/analytics/source-picks.js';
import { parseView, type View, viewSearch } from '../../dashboard/src/analytics/view-state.js';

const view = (s: string) => parseView(new URLSearchParams(s));
const X = ['t.co', 'x.com'];
const FB = ['l.facebook.com', 'm.facebook.com'];

describe('referrer sources in the overview', () => {
  it('adds a source`s hosts and name, and takes them away when pressed again', () => {
    const v0 = view('');
    const v1 = { ...v0, ...toggleSource(v0, 'X', X, false) } as View;
    expect(viewSearch(v1)).toBe('?referrer=t.co&referrer=x.com&source=X');
    expect(pickedSources(v1)).toEqual(['X']);
    const v2 = { ...v1, ...toggleSource(v1, 'Facebook', FB, false) } as View;
    expect(v2.filters.referrer).toEqual({ values: [...X, ...FB], exclude: false });
    expect(referrerChip(v2.filters.referrer!.values, v2.sources)).toEqual({ field: 'Source', values: ['X', 'Facebook'] });
    const v3 = { ...v2, ...toggleSource(v2, 'X', X, false) } as View;
    expect(viewSearch(v3)).toBe('?referrer=l.facebook.com&referrer=m.facebook.com&source=Facebook');
    const v4 = { ...v3, ...toggleSource(v3, 'Facebook', FB, false) } as View;
    expect(viewSearch(v4)).toBe('');
  });

  it('excludes a source as NOT IN its hosts, starting afresh when the filter included', () => {
    const v1 = view('?referrer=t.co&referrer=x.com&source=X');
    const v2 = { ...v1, ...toggleSource(v1, 'Facebook', FB, true) } as View;
    expect(viewSearch(v2)).toBe('?referrer=%21l.facebook.com&referrer=%21m.facebook.com&source=Facebook');
    expect(pickedSources(v2)).toEqual([]);
    expect(referrerChip(v2.filters.referrer!.values, v2.sources)).toEqual({ field: 'Source', values: ['Facebook'] });
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

  it('makes no pick that would list more values than a filter takes', () => {
    const many = Array.from({ length: 99 }, (_, i) => `h${i}.example`);
    const v1 = { ...view(''), filters: { referrer: { values: many, exclude: false } } } as View;
    expect(toggleSource(v1, 'X', X, false)).toBeNull();
    expect(toggleSource(v1, 'news.example', ['news.example'], false)?.filters.referrer?.values).toHaveLength(100);
    expect(sourcePickRefusal(v1, 'news.example', ['news.example'], false)).toBeNull();
    expect(sourcePickRefusal(v1, 'X', X, false)).toMatch(
      /^Not filtered on X: X would make \d+ referrer hosts, and a filter takes at most 100\. Remove the referrer filter/,
    );
    const google = Array.from({ length: 120 }, (_, i) => `www.google.c${i}`);
    expect(toggleSource(view(''), 'Google', google, false)).toBeNull();
    expect(sourcePickRefusal(view(''), 'Google', google, false)).toBe(
      'Not filtered on Google: Google alone sums 120 referrer hosts, and a filter takes at most 100. Pick its hosts from the Hosts tab instead.',
    );
  });
});
