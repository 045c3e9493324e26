import { describe, expect, it } from 'vitest';
import { mergeUtm, utmOfQuery, utmOfTarget } from '../../src/redirect/visit-facts.js';

describe('UTM parameters of a redirect target', () => {
  it('are none for a target without utm_ anywhere, with or without a query', () => {
    expect(utmOfTarget('https://example.com/landing/1?ref=bench')).toBeNull();
    expect(utmOfTarget('https://example.com/')).toBeNull();
    expect(utmOfTarget('https://example.com/a#utm')).toBeNull();
  });

  it('are read from the query of a target that has them, not from its fragment or path', () => {
    expect(utmOfTarget('https://example.com/?utm_source=news&utm_medium=mail&x=1#utm_term=no')).toEqual({
      source: 'news',
      medium: 'mail',
      campaign: null,
      term: null,
      content: null,
    });
    expect(utmOfTarget('https://example.com/utm_source/x')).toBeNull();
    expect(utmOfTarget('https://example.com/p#utm_source=frag')).toBeNull();
  });

  it('are the same object for the same target (a visitor repeating its facts reuses its combination key)', () => {
    const url = 'https://example.com/?utm_campaign=spring';
    expect(utmOfTarget(url)).toBe(utmOfTarget(`${url}`));
    expect(utmOfTarget(url)?.campaign).toBe('spring');
  });

  it('stay the same across more distinct targets than the memo holds', () => {
    for (let i = 0; i < 12_000; i++) {
      expect(utmOfTarget(`https://example.com/${i}?ref=${i}`)).toBeNull();
      if (i % 1000 === 0) expect(utmOfTarget(`https://example.com/${i}?utm_content=c${i}`)?.content).toBe(`c${i}`);
    }
  });

  it('come after the visited URL’s own, parameter by parameter', () => {
    const visited = utmOfQuery('utm_source=qr');
    expect(mergeUtm(visited, utmOfTarget('https://example.com/?utm_source=site&utm_medium=print'))).toEqual({
      source: 'qr',
      medium: 'print',
      campaign: null,
      term: null,
      content: null,
    });
  });
});
