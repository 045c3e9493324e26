import { describe, expect, it } from 'vitest';
import { countedIds, sumCounted, sumParsed } from '../../src/storage/clicks/sqlite-count-sums.js';

describe('sums of counted combinations read off a count map text (SQLite sheets)', () => {
  const ids = countedIds(
    new Map([
      ['3', false],
      ['17', true],
      ['120', false],
    ]),
  );

  it('adds people and bots of the counted ids, in one pass, exactly as the parsed map does', () => {
    const m = { '3': 5, '4': 100, '17': 2, '120': 11, '9999': 7 };
    const text = JSON.stringify(m);
    expect(sumCounted(text, ids)).toEqual([16, 2]);
    expect(sumParsed(m, ids)).toEqual([16, 2]);
    expect(sumCounted('{}', ids)).toEqual([0, 0]);
    expect(sumCounted('{"3":-4,"120":1}', ids)).toEqual([-3, 0]);
  });

  it('answers null for text of another shape, so the caller parses it', () => {
    for (const t of ['', '[]', '{"a":1}', '{"3":1.5}', '{"3":1e3}', '{"3" :1}', '{"3":1,"4"}', 'null']) expect(sumCounted(t, ids), t).toBeNull();
  });

  it('looks up ids spread too far for a table in a map, and counts nothing for an empty set', () => {
    const big = countedIds(
      new Map([
        ['90000000000', false],
        ['5', true],
      ]),
    );
    expect(sumCounted('{"90000000000":4,"5":1,"3":1}', big)).toEqual([4, 1]);
    expect(sumCounted('{"3":1}', countedIds(new Map()))).toEqual([0, 0]);
  });
});
