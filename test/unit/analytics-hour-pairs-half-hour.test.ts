/**
 * Hour pairing in a zone whose clocks change by half an hour (Australia/Lord_Howe, +11 / +10:30;
 * docs/adr/0217): UTC hour buckets start on the half hour on one side of the change and on the hour
 * on the other, so they pair by the local hour they start in, not by the exact minute.
 */
import { describe, expect, it } from 'vitest';
import { bucketStarts } from '../../src/domain/analytics/buckets.js';
import { pairedHours, wallShift } from '../../src/domain/analytics/hour-pairs.js';
import { previousWindow, resolveWindow } from '../../src/domain/analytics/window.js';

const ZONE = 'Australia/Lord_Howe';
const NOW = Date.parse('2026-11-28T12:00:00Z');

/** How many current hours meet a previous one, and which current hours (local start, HH:MM) meet none. */
function unpaired(day: string): { paired: number; none: string[] } {
  const w = resolveWindow({ from: day, to: day, timezone: ZONE }, NOW, 'hour');
  const prev = previousWindow(w);
  const current = bucketStarts(w.from, w.to, 'hour', ZONE);
  const previous = bucketStarts(prev.from, prev.to, 'hour', ZONE);
  const p = pairedHours(
    ZONE,
    current,
    previous,
    previous.map(() => 1),
    wallShift(ZONE, w.from, prev.from),
  );
  const local = (t: number) => new Intl.DateTimeFormat('en-GB', { timeZone: ZONE, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(t);
  return { paired: p.filter((x) => x !== null).length, none: current.filter((_, i) => p[i] === null).map(local) };
}

describe('hour pairing across a half-hour DST change', () => {
  it('clocks back (2026-04-05, 02:00 +11 -> 01:30 +10:30): only the repeated half hour meets nothing', () => {
    const r = unpaired('2026-04-05');
    expect(r).toEqual({ paired: 24, none: ['01:30'] });
  });

  it('clocks forward (2026-10-04, 02:00 +10:30 -> 02:30 +11): every hour bucket meets its local hour the day before', () => {
    const r = unpaired('2026-10-04');
    expect(r.none).toEqual([]);
    expect(r.paired).toBe(24);
  });
});
