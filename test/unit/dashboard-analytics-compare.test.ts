/**
 * The overview against the previous period: the change of a figure in words (a sign, not colour
 * alone), the name of the period compared, and the toggle kept in the address.
 */
import { describe, expect, it } from 'vitest';
import { changeOf, periodName, previousOf, worthComparing } from '../../dashboard/src/analytics/change.js';
import { parseView, viewSearch } from '../../dashboard/src/analytics/view-state.js';

describe('a change against the previous period', () => {
  it('is a signed percentage with one decimal', () => {
    expect(changeOf(45, 40)).toMatchObject({ text: '+12.5 %', trend: 'up', spoken: 'up 12.5 percent' });
    expect(changeOf(30, 40)).toMatchObject({ text: '−25.0 %', trend: 'down' });
    expect(changeOf(40, 40)).toMatchObject({ text: '±0.0 %', trend: 'flat', spoken: 'unchanged' });
  });
  it('is a multiple from ten times on, short enough for its column', () => {
    expect(changeOf(500, 1)).toMatchObject({ text: '×500.0', trend: 'up', spoken: '500.0 times as many' });
    expect(changeOf(68235, 2370)).toMatchObject({ text: '×28.8', trend: 'up' });
    expect(changeOf(10, 1)).toMatchObject({ text: '×10.0' });
    expect(changeOf(68235, 1)).toMatchObject({ text: '×68,235.0', spoken: '68,235.0 times as many' });
    expect(changeOf(99, 10)).toMatchObject({ text: '+890.0 %' });
  });
  it('is new when there was nothing before, and a neutral dash when there is nothing in either', () => {
    expect(changeOf(3, 0)).toMatchObject({ text: 'new', trend: 'new' });
    expect(changeOf(0, 0)).toMatchObject({ text: '—', trend: 'none' });
    expect(changeOf(0, 5)).toMatchObject({ text: '−100.0 %', trend: 'down' });
  });
});

describe('a previous period without any click', () => {
  const answer = (before: number) => ({ previous: { total: { clicks: before } } });
  it('is not worth comparing: rows carry no change (not "new" on every row)', () => {
    expect(worthComparing(undefined)).toBe(false);
    expect(worthComparing(null)).toBe(false);
    expect(worthComparing({ total: { clicks: 0 } })).toBe(false);
    expect(previousOf(answer(0), 0)).toEqual({});
    expect(previousOf({}, 3)).toEqual({});
  });
  it("keeps a row's previous clicks when the period had some (0 where the row had none, null past a shorter series)", () => {
    expect(worthComparing({ total: { clicks: 1 } })).toBe(true);
    expect(previousOf(answer(4), 1)).toEqual({ previous: 1 });
    expect(previousOf(answer(4), 0)).toEqual({ previous: 0 });
    expect(previousOf(answer(4), null)).toEqual({ previous: null });
  });
});

describe('the name of the period compared', () => {
  it('reads as days of a month, across months, across years, in the zone', () => {
    expect(periodName('2026-10-01T00:00:00.000Z', '2026-10-31T00:00:00.000Z', 'UTC', false)).toBe('1–30 Oct');
    expect(periodName('2026-09-28T00:00:00.000Z', '2026-10-28T00:00:00.000Z', 'UTC', false)).toBe('28 Sep – 27 Oct');
    expect(periodName('2025-12-20T00:00:00.000Z', '2026-01-10T00:00:00.000Z', 'UTC', false)).toBe('20 Dec 2025 – 9 Jan 2026');
    expect(periodName('2026-09-30T22:00:00.000Z', '2026-10-30T23:00:00.000Z', 'Europe/Berlin', false)).toBe('1–30 Oct');
    expect(periodName('2026-10-30T00:00:00.000Z', '2026-10-31T00:00:00.000Z', 'UTC', false)).toBe('30 Oct');
    expect(periodName('2026-10-30T10:00:00.000Z', '2026-10-31T10:00:00.000Z', 'UTC', true)).toBe('the 24 hours before');
  });
  it('says the hour it starts at when a DST change moved it off local midnight', () => {
    // 24-26 Oct in Berlin (73 hours, the clocks go back on the 25th): the 73 hours before start at 23:00 on the 20th.
    expect(periodName('2026-10-20T21:00:00.000Z', '2026-10-23T22:00:00.000Z', 'Europe/Berlin', false)).toBe('20 Oct 23:00 – 23 Oct');
    // 30 Oct - 28 Nov (720 hours): the 720 hours before start at 01:00 on 30 Sep.
    expect(periodName('2026-09-29T23:00:00.000Z', '2026-10-29T23:00:00.000Z', 'Europe/Berlin', false)).toBe('30 Sep 01:00 – 29 Oct');
    expect(periodName('2025-12-31T23:00:00.000Z', '2026-01-10T00:00:00.000Z', 'UTC', false)).toBe('31 Dec 2025 23:00 – 9 Jan 2026');
  });
  it('says where it stops when the view still counts: the same time of day (docs/adr/0226)', () => {
    // The last 7 days at 12:40 on 25 November against 18-24 November up to the end of the hour.
    expect(periodName('2026-11-18T00:00:00.000Z', '2026-11-24T13:00:00.000Z', 'UTC', false)).toBe('18–24 Nov up to 13:00');
    // November in Berlin on the 25th, 10:30 UTC (11:30 CET), against October up to the 25th, 12:00.
    expect(periodName('2026-09-30T22:00:00.000Z', '2026-10-25T11:00:00.000Z', 'Europe/Berlin', false)).toBe('1–25 Oct up to 12:00');
    // Today alone at 00:20: yesterday up to 01:00.
    expect(periodName('2026-11-24T00:00:00.000Z', '2026-11-24T01:00:00.000Z', 'UTC', false)).toBe('24 Nov up to 01:00');
  });
  it('is none when the view has not begun (a future custom range): its previous window is empty', () => {
    // 25-30 November asked on the 23rd: the API answers the previous window as 24 November 00:00 to 00:00.
    expect(periodName('2026-11-24T00:00:00.000Z', '2026-11-24T00:00:00.000Z', 'UTC', false)).toBeNull();
    expect(periodName('2026-11-23T23:00:00.000Z', '2026-11-23T23:00:00.000Z', 'Europe/Berlin', false)).toBeNull();
    expect(periodName('2026-11-24T10:00:00.000Z', '2026-11-24T10:00:00.000Z', 'UTC', true)).toBeNull();
  });
});

describe('the toggle in the address', () => {
  it('is compare=previous, and absent when off', () => {
    const on = parseView(new URLSearchParams('range=7d&compare=previous'));
    expect(on.compare).toBe(true);
    expect(viewSearch(on)).toBe('?range=7d&compare=previous');
    expect(parseView(new URLSearchParams('compare=yes')).compare).toBeUndefined();
    expect(viewSearch({ ...on, compare: undefined })).toBe('?range=7d');
  });
});
