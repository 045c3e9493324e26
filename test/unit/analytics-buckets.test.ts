/** Time-series buckets in time zones: local midnights across DST, Monday weeks, months, zero fill, and the window rules. */
import { describe, expect, it } from 'vitest';
import { bucketStarts, fillBuckets } from '../../src/domain/analytics/buckets.js';
import { canonicalZone, offsetAt, startOfLocalDay } from '../../src/domain/analytics/time-zone.js';
import { resolveWindow } from '../../src/domain/analytics/window.js';

const iso = (t: number) => new Date(t).toISOString();
const at = (s: string) => Date.parse(s);

describe('time zones', () => {
  it('knows IANA names only, canonically spelled', () => {
    expect(canonicalZone('Europe/Berlin')).toBe('Europe/Berlin');
    expect(canonicalZone('UTC')).toBe('UTC');
    expect(canonicalZone('europe/berlin')).toBe('Europe/Berlin');
    expect(canonicalZone('America/Argentina/Buenos_Aires')).toBe('America/Argentina/Buenos_Aires');
    for (const bad of ['Mars/Olympus', '+01:00', '', 'Europe/', '../etc', 'Europe Berlin']) expect(canonicalZone(bad)).toBeNull();
  });

  it('finds offsets on both sides of a DST change', () => {
    expect(offsetAt('Europe/Berlin', at('2026-03-29T00:59:59Z'))).toBe(3_600_000);
    expect(offsetAt('Europe/Berlin', at('2026-03-29T01:00:00Z'))).toBe(7_200_000);
    expect(offsetAt('Asia/Kolkata', at('2026-01-01T00:00:00Z'))).toBe(19_800_000);
  });

  it('starts a day at local midnight, or where a DST gap swallows midnight', () => {
    expect(iso(startOfLocalDay('Europe/Berlin', { year: 2026, month: 2, day: 29 }))).toBe('2026-03-28T23:00:00.000Z');
    expect(iso(startOfLocalDay('Europe/Berlin', { year: 2026, month: 2, day: 30 }))).toBe('2026-03-29T22:00:00.000Z');
    expect(iso(startOfLocalDay('America/New_York', { year: 2026, month: 10, day: 1 }))).toBe('2026-11-01T04:00:00.000Z');
    expect(iso(startOfLocalDay('Asia/Kolkata', { year: 2026, month: 0, day: 1 }))).toBe('2025-12-31T18:30:00.000Z');
    // America/Santiago moves its clocks from 24:00 to 01:00 on 2026-09-06: that day starts at 01:00 local (-03:00).
    expect(iso(startOfLocalDay('America/Santiago', { year: 2026, month: 8, day: 6 }))).toBe('2026-09-06T04:00:00.000Z');
    // Month and day roll over like Date.UTC.
    expect(iso(startOfLocalDay('UTC', { year: 2026, month: 12, day: 1 }))).toBe('2027-01-01T00:00:00.000Z');
  });
});

describe('bucket starts', () => {
  it('gives a 23-hour and a 25-hour day across the DST changes in Europe/Berlin', () => {
    const spring = bucketStarts(at('2026-03-28T23:00:00Z'), at('2026-03-30T22:00:00Z'), 'day', 'Europe/Berlin');
    expect(spring.map(iso)).toEqual(['2026-03-28T23:00:00.000Z', '2026-03-29T22:00:00.000Z']);
    expect(spring[1]! - spring[0]!).toBe(23 * 3_600_000);
    const autumn = bucketStarts(at('2026-10-24T22:00:00Z'), at('2026-10-26T12:00:00Z'), 'day', 'Europe/Berlin');
    expect(autumn.map(iso)).toEqual(['2026-10-24T22:00:00.000Z', '2026-10-25T23:00:00.000Z']);
    expect(autumn[1]! - autumn[0]!).toBe(25 * 3_600_000);
  });

  it('starts weeks on Monday and months on the 1st, at local midnight, from the bucket holding "from"', () => {
    // 2026-11-19 is a Thursday: its week began on Monday the 16th.
    expect(bucketStarts(at('2026-11-19T12:00:00Z'), at('2026-12-01T00:00:00Z'), 'week', 'UTC').map(iso)).toEqual([
      '2026-11-16T00:00:00.000Z',
      '2026-11-23T00:00:00.000Z',
      '2026-11-30T00:00:00.000Z',
    ]);
    expect(bucketStarts(at('2026-02-15T00:00:00Z'), at('2026-05-01T00:00:00Z'), 'month', 'America/New_York').map(iso)).toEqual([
      '2026-02-01T05:00:00.000Z',
      '2026-03-01T05:00:00.000Z',
      '2026-04-01T04:00:00.000Z',
    ]);
    expect(bucketStarts(at('2026-11-21T10:30:00Z'), at('2026-11-21T13:00:00Z'), 'hour', 'Asia/Kolkata').map(iso)).toEqual([
      '2026-11-21T10:00:00.000Z',
      '2026-11-21T11:00:00.000Z',
      '2026-11-21T12:00:00.000Z',
    ]);
  });

  it('fills every bucket, zeros included, each hour in the bucket its start falls in', () => {
    const starts = bucketStarts(at('2026-11-20T00:00:00Z'), at('2026-11-24T00:00:00Z'), 'day', 'UTC');
    const hours = [
      { hour: new Date('2026-11-20T00:00:00Z'), clicks: 2 },
      { hour: new Date('2026-11-20T23:00:00Z'), clicks: 1 },
      { hour: new Date('2026-11-23T05:00:00Z'), clicks: 4 },
    ];
    expect(fillBuckets(starts, hours).map((b) => [iso(b.start).slice(0, 10), b.clicks])).toEqual([
      ['2026-11-20', 3],
      ['2026-11-21', 0],
      ['2026-11-22', 0],
      ['2026-11-23', 4],
    ]);
    // In Asia/Kolkata the day starts at 18:30 UTC: the hour from 18:00 UTC starts the day before.
    const kolkata = bucketStarts(at('2026-11-19T18:30:00Z'), at('2026-11-21T18:30:00Z'), 'day', 'Asia/Kolkata');
    expect(
      fillBuckets(kolkata, [
        { hour: new Date('2026-11-20T18:00:00Z'), clicks: 1 },
        { hour: new Date('2026-11-20T19:00:00Z'), clicks: 2 },
      ]).map((b) => b.clicks),
    ).toEqual([1, 2]);
  });
});

describe('the window', () => {
  const now = at('2026-11-22T15:30:00Z');
  it('defaults to the last 30 local days, today included', () => {
    expect(resolveWindow({}, now, 'day')).toEqual({ from: at('2026-10-24T00:00:00Z'), to: at('2026-11-23T00:00:00Z'), zone: 'UTC' });
    const berlin = resolveWindow({ timezone: 'Europe/Berlin' }, now, 'day');
    expect([iso(berlin.from), iso(berlin.to)]).toEqual(['2026-10-23T22:00:00.000Z', '2026-11-22T23:00:00.000Z']);
  });

  it('reads dates in the time zone (a date "to" is the whole day) and date-times as instants', () => {
    const w = resolveWindow({ from: '2026-03-29', to: '2026-03-29', timezone: 'Europe/Berlin' }, now, 'hour');
    expect([iso(w.from), iso(w.to)]).toEqual(['2026-03-28T23:00:00.000Z', '2026-03-29T22:00:00.000Z']);
    const t = resolveWindow({ from: '2026-11-01T10:00:00+02:00', to: '2026-11-02T00:00:00Z' }, now, 'day');
    expect([iso(t.from), iso(t.to)]).toEqual(['2026-11-01T08:00:00.000Z', '2026-11-02T00:00:00.000Z']);
  });

  it('refuses from after to, windows over 400 days, hour buckets over 31 days, unknown zones, naming the field', () => {
    const refused = (q: Record<string, string>, interval: 'hour' | 'day' = 'day') => {
      try {
        resolveWindow(q, now, interval);
      } catch (e) {
        return (e as { code: string; details: { path: string }[] }).details.map((d) => d.path);
      }
      return [];
    };
    expect(refused({ from: '2026-11-02', to: '2026-11-01' })).toEqual(['from']);
    expect(refused({ from: '2026-11-01', to: '2026-11-01' })).toEqual([]); // one whole day
    expect(refused({ from: '2026-11-01T10:00:00Z', to: '2026-11-01T10:00:00Z' })).toEqual(['from']); // nothing in between
    expect(refused({ from: '2025-01-01', to: '2026-02-05' })).toEqual(['from']);
    expect(refused({ from: '2025-01-01', to: '2026-02-04' })).toEqual([]); // 400 days
    expect(refused({ from: '2026-10-01', to: '2026-11-01' }, 'hour')).toEqual(['interval']);
    expect(refused({ from: '2026-10-01', to: '2026-10-31' }, 'hour')).toEqual([]);
    expect(refused({ timezone: 'Mars/Olympus' })).toEqual(['timezone']);
  });

  it('says what an empty window needs: equal instants are refused as surely as reversed ones', () => {
    for (const q of [
      { from: '2026-11-01T10:00:00Z', to: '2026-11-01T10:00:00Z' },
      { from: '2026-11-02', to: '2026-11-01' },
    ]) {
      expect(() => resolveWindow(q, now, 'day')).toThrow('from must be before "to" (the window would be empty).');
    }
  });
});
