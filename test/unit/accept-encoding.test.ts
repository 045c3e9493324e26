import { describe, expect, it } from 'vitest';
import { pickEncoding } from '../../src/http/accept-encoding.js';

describe('pickEncoding (Accept-Encoding)', () => {
  it.each([
    [undefined, null],
    ['', null],
    ['br', 'br'],
    ['gzip', 'gzip'],
    ['GZIP, BR', 'br'],
    ['gzip;q=1.0, br;q=0.9', 'gzip'],
    ['br;q=0, gzip', 'gzip'],
    ['*', 'br'],
    ['*;q=0.2, gzip;q=0.5', 'gzip'],
    ['deflate, identity', null],
    ['br;q=nonsense, gzip', 'gzip'],
    [' , ;q=1, gzip ; q=0.3', 'gzip'],
  ] as const)('%j -> %s', (header, expected) => {
    expect(pickEncoding(header, ['br', 'gzip'])).toBe(expected);
  });

  it('offers only what is built', () => {
    expect(pickEncoding('br, gzip', ['gzip'])).toBe('gzip');
    expect(pickEncoding('br', ['gzip'])).toBeNull();
  });
});
