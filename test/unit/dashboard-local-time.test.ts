/**
 * The recent clicks' file writes each click's time as the table shows it: the view's zone, in ISO
 * 8601 with that zone's offset at that instant (daylight saving included), to the millisecond, so
 * the text reads as the table and parses back to the very instant the API answered.
 */
import { describe, expect, it } from 'vitest';
import { localIso } from '../../dashboard/src/analytics/local-time.js';
import { seeded } from '../support/seeded-random.js';

describe('a click time in the view zone', () => {
  it('writes the local time and the offset then', () => {
    expect(localIso('2026-11-29T08:16:17.250Z', 'Europe/Berlin')).toBe('2026-11-29T09:16:17.250+01:00');
    expect(localIso('2026-07-01T08:16:17Z', 'Europe/Berlin')).toBe('2026-07-01T10:16:17.000+02:00');
    expect(localIso('2026-11-29T08:16:17.001Z', 'UTC')).toBe('2026-11-29T08:16:17.001+00:00');
    expect(localIso('2026-11-29T02:00:00Z', 'America/St_Johns')).toBe('2026-11-28T22:30:00.000-03:30');
    expect(localIso('2026-11-29T00:00:00Z', 'Asia/Kathmandu')).toBe('2026-11-29T05:45:00.000+05:45');
    expect(localIso('2026-12-31T23:59:59.999Z', 'Pacific/Kiritimati')).toBe('2027-01-01T13:59:59.999+14:00');
  });

  it('tells apart the two 02:30 of the night the clocks go back', () => {
    expect(localIso('2026-10-25T00:30:00Z', 'Europe/Berlin')).toBe('2026-10-25T02:30:00.000+02:00');
    expect(localIso('2026-10-25T01:30:00Z', 'Europe/Berlin')).toBe('2026-10-25T02:30:00.000+01:00');
    expect(localIso('2026-03-29T01:00:00Z', 'Europe/Berlin')).toBe('2026-03-29T03:00:00.000+02:00');
  });

  it('parses back to the same instant, whatever the zone', () => {
    const random = seeded(25);
    const zones = ['Europe/Berlin', 'America/New_York', 'Australia/Lord_Howe', 'Asia/Kolkata', 'America/Sao_Paulo', 'UTC', 'Pacific/Chatham'];
    for (let i = 0; i < 500; i++) {
      const ms = Date.UTC(2020, 0, 1) + Math.floor(random() * 10 * 365 * 86_400_000);
      const iso = new Date(ms).toISOString();
      const zone = zones[i % zones.length]!;
      const local = localIso(iso, zone);
      expect(local, `${iso} in ${zone}`).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}[+-]\d\d:\d\d$/);
      expect(Date.parse(local), `${iso} in ${zone}`).toBe(ms);
    }
  });

  it('leaves a value that is no instant as it came', () => {
    expect(localIso('not a time', 'Europe/Berlin')).toBe('not a time');
  });
});
