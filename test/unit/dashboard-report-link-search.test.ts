/** The report form's link picker (dashboard/src/reports/link-search.ts): what it searches for, and what it offers. */
import { describe, expect, it } from 'vitest';
import { bareShortUrl } from '../../dashboard/src/analytics/link-labels.js';
import { offered, searchTerms } from '../../dashboard/src/reports/link-search.js';

const link = (id: string, alias: string) => ({ id, short_url: `https://go.example.com/${alias}`, title: null, destination: `https://example.com/${alias}` });

describe('the link picker of a report', () => {
  it('searches the text as typed, and the alias of a short URL typed', () => {
    expect(searchTerms('  Spring sale ')).toEqual({ q: 'Spring sale', alias: '', byAlias: false });
    expect(searchTerms('https://go.example.com/spring')).toEqual({ q: 'https://go.example.com/spring', alias: 'spring', byAlias: true });
    expect(searchTerms('go.example.com/spring?utm_source=x#top')).toEqual({ q: 'go.example.com/spring?utm_source=x#top', alias: 'spring', byAlias: true });
    expect(searchTerms('go.example.com/caf%C3%A9')).toMatchObject({ alias: 'café', byAlias: true });
    // A trailing slash names no alias; a bad escape is kept as typed.
    expect(searchTerms('go.example.com/')).toMatchObject({ alias: '', byAlias: false });
    expect(searchTerms('go.example.com/50%')).toMatchObject({ alias: '50%', byAlias: true });
  });

  it('offers the links found by alias first, each once, at most eight', () => {
    const [a, b, c] = [link('lnk_a', 'a'), link('lnk_b', 'b'), link('lnk_c', 'c')];
    expect(offered([b], [a, b, c]).map((l) => l.id)).toEqual(['lnk_b', 'lnk_a', 'lnk_c']);
    const many = Array.from({ length: 12 }, (_, i) => link(`lnk_${i}`, `x${i}`));
    expect(offered([], many)).toHaveLength(8);
  });

  it('shows a short URL without its scheme', () => {
    expect(bareShortUrl('https://go.example.com/spring')).toBe('go.example.com/spring');
    expect(bareShortUrl('http://localhost:8080/spring')).toBe('localhost:8080/spring');
  });
});
