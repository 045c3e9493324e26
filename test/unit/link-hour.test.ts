/** A link-hour's combinations as the recorder counts them: the first held inline, the others in a Map, read back as one Map. */
import { describe, expect, it } from 'vitest';
import { LinkHour } from '../../src/storage/clicks/link-hour.js';

describe('LinkHour', () => {
  it('counts one combination without a Map and tells which visits add a new one', () => {
    const h = new LinkHour('lnk_a', 'wsp_1', 3_600_000);
    expect(h.combos).toEqual(new Map());
    expect(h.has('a')).toBe(false);
    expect(h.add('a')).toBe(true);
    expect(h.add('a')).toBe(false);
    expect(h.add('a')).toBe(false);
    expect(h.has('a')).toBe(true);
    expect(h.has('b')).toBe(false);
    expect(h.combos).toEqual(new Map([['a', 3]]));
    expect(h).toMatchObject({ linkId: 'lnk_a', workspaceId: 'wsp_1', hour: 3_600_000, clicks: 0, bots: 0 });
  });

  it('keeps further combinations apart, in the order first counted, and reads the same Map each time', () => {
    const h = new LinkHour('lnk_a', 'wsp_1', 0);
    const keys = ['a', 'b', 'a', 'c', 'b', 'b', 'a', 'd'];
    const added = keys.map((k) => h.add(k));
    expect(added).toEqual([true, true, false, true, false, false, false, true]);
    const expected = new Map([
      ['a', 3],
      ['b', 3],
      ['c', 1],
      ['d', 1],
    ]);
    expect([...h.combos]).toEqual([...expected]);
    expect([...h.combos]).toEqual([...expected]);
    for (const k of expected.keys()) expect(h.has(k)).toBe(true);
    expect(h.has('e')).toBe(false);
    // The Map read is a copy: changing it changes nothing counted.
    h.combos.set('a', 100);
    expect(h.combos.get('a')).toBe(3);
  });

  it('treats the empty string as a key like any other', () => {
    const h = new LinkHour('lnk_a', 'wsp_1', 0);
    expect(h.add('')).toBe(true);
    expect(h.add('')).toBe(false);
    expect(h.add('x')).toBe(true);
    expect(h.combos).toEqual(
      new Map([
        ['', 2],
        ['x', 1],
      ]),
    );
  });

  it('tells its only combination and its visits without a Map, and none once there is a second', () => {
    const h = new LinkHour('lnk_a', 'wsp_1', 0);
    expect(h.onlyKey).toBeNull();
    h.add('a');
    h.add('a');
    expect([h.onlyKey, h.onlyCount]).toEqual(['a', 2]);
    h.add('b');
    expect(h.onlyKey).toBeNull();
    expect(h.combos).toEqual(
      new Map([
        ['a', 2],
        ['b', 1],
      ]),
    );
  });
});
