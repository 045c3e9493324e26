/**
 * From which mark a sheet holds an open document of its slot (docs/adr/0231): the document's own
 * mark; the closing under way when the read began, if it takes the hour; else the first closing
 * after it, whose mark is past the hour and past every earlier mark.
 */
import { describe, expect, it } from 'vitest';
import { threshold } from '../../src/storage/clicks/mongo-closing-view.js';

const H = 3_600_000;

describe('the threshold of an open document', () => {
  it('is the mark of a marked document, whatever the slot says', () => {
    expect(threshold({ h: 5 * H, z: 7 * H }, { closing: 7 * H, through: 3 * H })).toBe(7 * H);
    expect(threshold({ h: 5 * H, z: 7 * H }, undefined)).toBe(7 * H);
  });

  it('is the closing under way for an hour it takes (marked or not yet)', () => {
    expect(threshold({ h: 5 * H }, { closing: 7 * H, through: 3 * H })).toBe(7 * H);
    // A late hour, before the last closing's mark: the closing under way takes it too.
    expect(threshold({ h: 2 * H }, { closing: 7 * H, through: 3 * H })).toBe(7 * H);
  });

  it('is past the hour and every earlier mark otherwise', () => {
    expect(threshold({ h: 8 * H }, { closing: 7 * H, through: 3 * H })).toBe(8 * H + 1);
    expect(threshold({ h: 8 * H }, { through: 3 * H })).toBe(8 * H + 1);
    // A late hour of a slot closed ahead of it (a compaction): the next closing, past the last mark.
    expect(threshold({ h: 2 * H }, { through: 3 * H })).toBe(3 * H + 1);
    expect(threshold({ h: 2 * H }, undefined)).toBe(2 * H + 1);
  });
});
