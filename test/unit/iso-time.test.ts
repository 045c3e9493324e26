import { describe, expect, it } from 'vitest';
import { isoTime } from '../../src/domain/iso-time.js';

describe('isoTime', () => {
  it('is toISOString for every millisecond, second, minute, hour, day and month of the years it formats', () => {
    const times: number[] = [];
    for (let ms = 0; ms < 1000; ms++) times.push(Date.UTC(2026, 10, 27, 19, 2, 38, ms));
    for (let day = 0; day < 366 * 2; day++) times.push(Date.UTC(2027, 0, 1) + day * 86_400_000 + day * 3_599_999);
    for (const year of [1000, 1969, 1970, 2000, 2024, 2100, 9999]) {
      times.push(Date.UTC(year, 0, 1), Date.UTC(year, 1, 29, 23, 59, 59, 999), Date.UTC(year, 11, 31, 23, 59, 59, 999));
    }
    for (const t of times) expect(isoTime(new Date(t))).toBe(new Date(t).toISOString());
  });

  it('leaves years outside 1000–9999 to toISOString (sign and six digits, or four padded)', () => {
    for (const t of [Date.UTC(10000, 0, 1), Date.UTC(-1, 5, 1), Date.UTC(999, 11, 31, 23, 59, 59, 999), -8.64e15, 8.64e15, Date.UTC(5, 0, 1)]) {
      expect(isoTime(new Date(t))).toBe(new Date(t).toISOString());
    }
    expect(isoTime(new Date(Date.UTC(10000, 0, 1)))).toBe('+010000-01-01T00:00:00.000Z');
  });

  it('throws the RangeError toISOString throws for an invalid date', () => {
    expect(() => isoTime(new Date(Number.NaN))).toThrow(RangeError);
  });
});
