/**
 * Where the previous window stops being compared while this one still counts (docs/adr/0226),
 * around DST: the previous day is cut where today's counted wall hours end, on both passes through
 * a repeated hour, before and after a skipped one, and on the days after.
 */
import { describe, expect, it } from 'vitest';
import { soFarCut } from '../../src/domain/analytics/so-far.js';
import { startOfLocalDay } from '../../src/domain/analytics/time-zone.js';

const zone = 'America/New_York';
const day = (year: number, month: number, d: number) => startOfLocalDay(zone, { year, month: month - 1, day: d });
const at = (iso: string) => Date.parse(iso);
/** The cut of the one-day window `d` (a date in November or March 2026) against the day before, at `now`. */
function cut(month: number, d: number, now: string): string | null {
  const window = { from: day(2026, month, d), to: day(2026, month, d + 1), zone };
  const prev = { from: day(2026, month, d - 1), to: window.from };
  const t = soFarCut(window, prev, at(now));
  return t === null ? null : new Date(t).toISOString();
}

describe('soFarCut around DST in America/New_York', () => {
  it('cuts the previous day at 02:00 while today is in the first pass through the repeated 01:00 hour (fall back)', () => {
    // 05:30Z is 01:30 EDT: today has counted wall 00:00-01:59, so the day before is read until its 02:00 EDT.
    expect(cut(11, 1, '2026-11-01T05:30:00Z')).toBe('2026-10-31T06:00:00.000Z');
  });

  it('cuts it at 02:00 too in the second pass (01:30 EST) and an hour on after it', () => {
    expect(cut(11, 1, '2026-11-01T06:30:00Z')).toBe('2026-10-31T06:00:00.000Z');
    expect(cut(11, 1, '2026-11-01T07:30:00Z')).toBe('2026-10-31T07:00:00.000Z');
    expect(cut(11, 1, '2026-11-01T04:30:00Z')).toBe('2026-10-31T05:00:00.000Z');
  });

  it('on the day after the fall back, matches the wall clock of the 25-hour day before', () => {
    expect(cut(11, 2, '2026-11-02T10:30:00Z')).toBe('2026-11-01T11:00:00.000Z');
    expect(cut(11, 2, '2026-11-02T05:30:00Z')).toBe('2026-11-01T05:00:00.000Z');
  });

  it('springs forward: past the skipped hour the same wall clock; in the hour before it, until 02:00 the day before', () => {
    // 07:30Z is 03:30 EDT (02:00-02:59 never showed): the day before until its 04:00 EST.
    expect(cut(3, 8, '2026-03-08T07:30:00Z')).toBe('2026-03-07T09:00:00.000Z');
    // 06:30Z is 01:30 EST: today has counted wall 00:00-01:59, so the day before until its 02:00 EST.
    expect(cut(3, 8, '2026-03-08T06:30:00Z')).toBe('2026-03-07T07:00:00.000Z');
    expect(cut(3, 9, '2026-03-09T14:30:00Z')).toBe('2026-03-08T15:00:00.000Z');
  });

  it('has nothing to cut once the hour counting now ends the window, and cuts at the start before it begins', () => {
    expect(cut(11, 1, '2026-11-02T04:30:00Z')).toBeNull();
    expect(cut(11, 1, '2026-10-31T12:00:00Z')).toBe('2026-10-31T04:00:00.000Z');
  });
});
