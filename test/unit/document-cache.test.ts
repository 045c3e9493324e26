import { describe, expect, it } from 'vitest';
import { ByteBoundedCache } from '../../src/http/graphql/document-cache.js';

/** Size = the source length, so the arithmetic below is plain. */
const cache = (maxBytes: number, maxEntry = maxBytes) => new ByteBoundedCache<string>(maxBytes, maxEntry, (source) => source.length);

describe('the parsed-document cache', () => {
  it('keeps entries within its byte budget, dropping the least recently used first', () => {
    const c = cache(10);
    c.set('aaaa', 'A');
    c.set('bbbb', 'B');
    expect(c.get('aaaa')).toBe('A'); // a is now the most recent
    c.set('cccc', 'C'); // 12 bytes > 10: b goes
    expect([c.get('aaaa'), c.get('bbbb'), c.get('cccc')]).toEqual(['A', undefined, 'C']);
    expect(c.bytes).toBe(8);
    expect(c.size).toBe(2);
  });

  it('never keeps an entry larger than one slot, however much room is left', () => {
    const c = cache(1000, 5);
    c.set('123456', 'big');
    expect(c.get('123456')).toBeUndefined();
    expect(c.bytes).toBe(0);
  });

  it('replaces an entry set twice without counting it twice', () => {
    const c = cache(10);
    c.set('abc', '1');
    c.set('abc', '2');
    expect(c.get('abc')).toBe('2');
    expect(c.bytes).toBe(3);
  });

  it('stays within budget under many distinct documents', () => {
    const c = cache(1000);
    for (let i = 0; i < 10_000; i++) c.set(`query ${i} ${'x'.repeat(i % 50)}`, String(i));
    expect(c.bytes).toBeLessThanOrEqual(1000);
    expect(c.get(`query 9999 ${'x'.repeat(9999 % 50)}`)).toBe('9999');
  });
});
