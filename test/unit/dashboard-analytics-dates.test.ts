/**
 * The dashboard's Analytics page opens on the last 30 days as dates in the chosen time zone, as the
 * API's own default window does: at 23:30 UTC it is already tomorrow in Berlin and Tokyo, so a
 * window ending on the UTC date would leave out the clicks of the zone's "today".
 */
import { describe, expect, it } from 'vitest';
import { lastMonthIn, todayIn } from '../../dashboard/src/analytics/dates.js';

const LATE_UTC = new Date('2026-11-25T23:30:00Z');

describe('the Analytics page default window', () => {
  it("ends on the zone's today, not the UTC date", () => {
    expect(todayIn('UTC', LATE_UTC)).toBe('2026-11-25');
    expect(todayIn('Europe/Berlin', LATE_UTC)).toBe('2026-11-26');
    expect(todayIn('Asia/Tokyo', LATE_UTC)).toBe('2026-11-26');
    expect(todayIn('America/Los_Angeles', LATE_UTC)).toBe('2026-11-25');
  });

  it('covers 30 days, today included, across month ends and DST changes', () => {
    expect(lastMonthIn('Europe/Berlin', LATE_UTC)).toEqual({ from: '2026-10-28', to: '2026-11-26' });
    expect(lastMonthIn('UTC', new Date('2026-03-01T12:00:00Z'))).toEqual({ from: '2026-01-31', to: '2026-03-01' });
    expect(lastMonthIn('America/New_York', new Date('2026-11-02T03:30:00Z'))).toEqual({ from: '2026-10-03', to: '2026-11-01' });
  });

  it("falls back to the browser's own date for a zone Intl does not know", () => {
    expect(todayIn('Mars/Olympus', LATE_UTC)).toBe(new Intl.DateTimeFormat('en-CA').format(LATE_UTC));
  });
});
