/** Hour buckets of a comparison pair by local clock time across Europe/Berlin's DST changes of 2026 (docs/adr/0217). */
import { describe, expect, it } from 'vitest';
import { bucketStarts } from '../../src/domain/analytics/buckets.js';
import { pairedHours, wallShift } from '../../src/domain/analytics/hour-pairs.js';
import { wallTime } from '../../src/domain/analytics/time-zone.js';
import { previousWindow, resolveWindow } from '../../src/domain/analytics/window.js';

const ZONE = 'Europe/Berlin';
const NOW = Date.parse('2026-11-28T12:00:00Z');
/** The local clock time a bucket starts at, `DD HH:MM`. */
const local = (t: number) => new Date(wallTime(ZONE, t)).toISOString().slice(8, 16).replace('T', ' ');

/** Each current hour's local start beside its partner's (null: none), for a window of whole local days or of instants. */
function pairs(from: string, to: string): [string, string | null][] {
  const w = resolveWindow({ from, to, timezone: ZONE }, NOW, 'hour');
  const prev = previousWindow(w);
  const current = bucketStarts(w.from, w.to, 'hour', ZONE);
  const previous = bucketStarts(prev.from, prev.to, 'hour', ZONE);
  // Each previous hour "counts" its own index, so a pair names the hour it met.
  const paired = pairedHours(
    ZONE,
    current,
    previous,
    previous.map((_, i) => i),
    wallShift(ZONE, w.from, prev.from),
  );
  return current.map((t, i) => [local(t), paired[i] === null ? null : local(previous[paired[i]!]!)]);
}

describe('hour buckets paired by local clock time', () => {
  it('spring forward in the current window: 03:00 meets 03:00 the day before, whose 02:00 meets nothing', () => {
    const p = pairs('2026-03-29', '2026-03-29');
    expect(p).toHaveLength(23);
    expect(p.slice(0, 4)).toEqual([
      ['29 00:00', '28 00:00'],
      ['29 01:00', '28 01:00'],
      ['29 03:00', '28 03:00'],
      ['29 04:00', '28 04:00'],
    ]);
    expect(p.at(-1)).toEqual(['29 23:00', '28 23:00']);
  });

  it('spring forward in the previous window: 02:00 has no partner (null), the hours after it pair exactly', () => {
    const p = pairs('2026-03-30', '2026-03-30');
    expect(p).toHaveLength(24);
    expect(p.slice(1, 4)).toEqual([
      ['30 01:00', '29 01:00'],
      ['30 02:00', null],
      ['30 03:00', '29 03:00'],
    ]);
    expect(p.filter(([, b]) => b === null)).toHaveLength(1);
    expect(p.at(-1)).toEqual(['30 23:00', '29 23:00']);
  });

  it('fall back in the current window: the first 02:00 meets 02:00 the day before, the repeated one gets null', () => {
    const p = pairs('2026-10-25', '2026-10-25');
    expect(p).toHaveLength(25);
    expect(p.slice(1, 5)).toEqual([
      ['25 01:00', '24 01:00'],
      ['25 02:00', '24 02:00'],
      ['25 02:00', null],
      ['25 03:00', '24 03:00'],
    ]);
    expect(p.at(-1)).toEqual(['25 23:00', '24 23:00']);
  });

  it('fall back in the previous window: 02:00 meets the first 02:00, the repeat pairs with nothing', () => {
    const w = resolveWindow({ from: '2026-10-26', to: '2026-10-26', timezone: ZONE }, NOW, 'hour');
    const prev = previousWindow(w);
    const previous = bucketStarts(prev.from, prev.to, 'hour', ZONE);
    expect(previous).toHaveLength(25);
    const counts = previous.map((_, i) => i * 10);
    const paired = pairedHours(ZONE, bucketStarts(w.from, w.to, 'hour', ZONE), previous, counts, wallShift(ZONE, w.from, prev.from));
    // 00:00, 01:00, the first 02:00 (index 2), then 03:00 (index 4): index 3, the second 02:00, is left out.
    expect(paired.slice(0, 4)).toEqual([0, 10, 20, 40]);
    expect(paired).not.toContain(30);
    expect(paired.at(-1)).toBe(240);
  });

  it('a window of instants (the last 24 hours) pairs each hour with the same local hour the day before', () => {
    const p = pairs('2026-03-28T10:00:00Z', '2026-03-29T10:00:00Z');
    expect(p).toHaveLength(24);
    expect(p[0]).toEqual(['28 11:00', '27 11:00']);
    expect(p.find(([a]) => a === '29 03:00')).toEqual(['29 03:00', '28 03:00']);
    // 11:00 on the 28th is where the previous window ends: the last hour has no partner.
    expect(p.at(-1)).toEqual(['29 11:00', null]);
  });

  it('a month of hours holding the change pairs every hour with its local time, bisecting a week of hours to find the change', () => {
    // October against September (a calendar month): 31 October has no day to meet.
    const p = pairs('2026-10-01', '2026-10-31');
    expect(p).toHaveLength(745);
    const unpaired = p.filter(([, b]) => b === null).map(([a]) => a);
    expect(unpaired).toEqual(['25 02:00', ...p.slice(-24).map(([a]) => a)]);
    expect(unpaired.slice(1).every((a) => a.startsWith('31 '))).toBe(true);
    expect(p.every(([a, b]) => b === null || a.slice(3) === b.slice(3))).toBe(true);
  });

  it('a window without a DST change pairs by position, as before', () => {
    const p = pairs('2026-11-20', '2026-11-21');
    expect(p).toHaveLength(48);
    expect(p.every(([a, b]) => b !== null && a.slice(3) === b.slice(3) && Number(a.slice(0, 2)) - Number(b.slice(0, 2)) === 2)).toBe(true);
  });
});
