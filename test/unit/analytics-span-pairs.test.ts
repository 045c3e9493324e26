/**
 * Day, week and month buckets of a comparison meet the same days of the previous window
 * (docs/adr/0222): a bucket cut to the window meets as many days, as far back as the windows' first
 * days are apart (local midnights, across DST changes), or as far as their starts for a window of
 * instants; days past the previous window pair with nothing.
 */
import { describe, expect, it } from 'vitest';
import { bucketStarts } from '../../src/domain/analytics/buckets.js';
import { spanPairs } from '../../src/domain/analytics/span-pairs.js';
import { previousWindow } from '../../src/domain/analytics/window.js';

const t = (iso: string) => Date.parse(iso);
const iso = (ms: number[]) => ms.map((m) => new Date(m).toISOString());

function pairs(from: string, to: string, zone: string, interval: 'day' | 'week' | 'month') {
  const window = { from: t(from), to: t(to), zone };
  const prev = previousWindow(window);
  const s = spanPairs(window, prev, bucketStarts(window.from, window.to, interval, zone));
  return { starts: iso(s.starts), partner: s.partner, prev: iso([prev.from, prev.to]) };
}

describe('buckets paired with the same days of the previous window', () => {
  it('cuts a partial week to its days in the window and gives it as many days before', () => {
    // Friday 20 to Sunday 29 November (UTC): 3 days of the week of 16 November, then 7. Before: 10-19 November.
    expect(pairs('2026-11-20T00:00:00Z', '2026-11-30T00:00:00Z', 'UTC', 'week')).toEqual({
      starts: ['2026-11-10T00:00:00.000Z', '2026-11-13T00:00:00.000Z'],
      partner: [0, 1],
      prev: ['2026-11-10T00:00:00.000Z', '2026-11-20T00:00:00.000Z'],
    });
  });

  it('keeps day buckets day against day (as by position)', () => {
    const window = { from: t('2026-11-20T00:00:00Z'), to: t('2026-11-23T00:00:00Z'), zone: 'UTC' };
    const prev = previousWindow(window);
    expect(spanPairs(window, prev, bucketStarts(window.from, window.to, 'day', 'UTC')).starts).toEqual(bucketStarts(prev.from, prev.to, 'day', 'UTC'));
  });

  it('moves by local days across a DST change: each span starts at a local midnight', () => {
    // Thursday 29 October to Wednesday 4 November in Berlin; before: 22-28 October, which holds the end of summer time.
    expect(pairs('2026-10-28T23:00:00Z', '2026-11-04T23:00:00Z', 'Europe/Berlin', 'week')).toEqual({
      starts: ['2026-10-21T22:00:00.000Z', '2026-10-25T23:00:00.000Z'],
      partner: [0, 1],
      prev: ['2026-10-21T22:00:00.000Z', '2026-10-28T23:00:00.000Z'],
    });
  });

  it('leaves weeks of a longer month without a partner past the shorter one, and the longer previous month its extra days', () => {
    // March (31 days, from Sunday the 1st) against February (28): the week of 23 March needs 29 March's partner.
    expect(pairs('2026-03-01T00:00:00Z', '2026-04-01T00:00:00Z', 'UTC', 'week')).toEqual({
      starts: iso([t('2026-02-01T00:00:00Z'), t('2026-02-02T00:00:00Z'), t('2026-02-09T00:00:00Z'), t('2026-02-16T00:00:00Z'), t('2026-02-23T00:00:00Z')]),
      partner: [0, 1, 2, 3, null, null],
      prev: ['2026-02-01T00:00:00.000Z', '2026-03-01T00:00:00.000Z'],
    });
    // November (30) against October (31): 30 November meets 30 October; October's 31st is a bucket of its own, paired with none.
    const nov = pairs('2026-11-01T00:00:00Z', '2026-12-01T00:00:00Z', 'UTC', 'week');
    expect(nov.partner).toEqual([0, 1, 2, 3, 4, 5]);
    expect(nov.starts.slice(-2)).toEqual(['2026-10-30T00:00:00.000Z', '2026-10-31T00:00:00.000Z']);
  });

  it('moves a window of instants by its length', () => {
    // The last 24 hours to 14:00: the day buckets hold 10 and 14 hours; before, the same hours a day earlier.
    expect(pairs('2026-11-27T14:00:00Z', '2026-11-28T14:00:00Z', 'UTC', 'day')).toEqual({
      starts: ['2026-11-26T14:00:00.000Z', '2026-11-27T00:00:00.000Z'],
      partner: [0, 1],
      prev: ['2026-11-26T14:00:00.000Z', '2026-11-27T14:00:00.000Z'],
    });
  });
  it('moves by the window length when it starts at a midnight but ends at another instant, as its previous window does', () => {
    // From Monday 23 March (Berlin) to 6 April 01:00 local: previousWindow takes the same length back, so must the pairs.
    const window = { from: t('2026-03-22T23:00:00Z'), to: t('2026-04-05T23:00:00Z'), zone: 'Europe/Berlin' };
    const prev = previousWindow(window);
    expect(prev.to - prev.from).toBe(window.to - window.from);
    const s = spanPairs(window, prev, bucketStarts(window.from, window.to, 'day', 'Europe/Berlin'));
    const length = window.to - window.from;
    const paired = s.partner.filter((p): p is number => p !== null).map((p) => s.starts[p]!);
    expect(paired.every((start) => start >= prev.from && start < prev.to)).toBe(true);
    expect(paired[0]).toBe(window.from - length);
    // The last bucket (6 April, 00:00-01:00 local) meets the previous window's last hour, not an empty span at its end.
    expect(s.partner.at(-1)).not.toBeNull();
  });
});
