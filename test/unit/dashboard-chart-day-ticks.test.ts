/**
 * An hour chart over several days: the first label of each day names the day ("Thu 26"), alone at
 * midnight and before the hour otherwise, so the axis says which day each run of hours belongs to.
 */
import { describe, expect, it } from 'vitest';
import { pointOf } from '../../dashboard/src/analytics/labels.js';
import { spansDays, tickTexts } from '../../dashboard/src/charts/axis.js';

const hours = (from: string, n: number, zone = 'UTC') =>
  Array.from({ length: n }, (_, i) => pointOf(new Date(Date.parse(from) + i * 3_600_000).toISOString(), 0, zone, 'hour'));

describe('the labels of an hour axis', () => {
  it('name the day of an hour bucket in the report time zone', () => {
    expect(pointOf('2026-11-26T00:00:00.000Z', 3, 'UTC', 'hour')).toMatchObject({ tick: '00:00', day: 'Thu 26' });
    expect(pointOf('2026-11-26T23:00:00.000Z', 3, 'Europe/Berlin', 'hour')).toMatchObject({ tick: '00:00', day: 'Fri 27' });
    expect(pointOf('2026-11-26T00:00:00.000Z', 3, 'UTC', 'day').day).toBeUndefined();
  });

  it('give the first tick of each day its day when the hours span several days', () => {
    const points = hours('2026-11-25T18:00:00.000Z', 36); // Wed 18:00 to Thu 05:00 and on to Fri 05:00
    expect(tickTexts(points, [0, 6, 12, 18, 24, 30, 35])).toEqual(['Wed 25 18:00', 'Thu 26', '06:00', '12:00', '18:00', 'Fri 27', '05:00']);
    // A day whose first tick is not at midnight names the day before the hour.
    expect(tickTexts(points, [2, 9, 16, 23, 30, 35])).toEqual(['Wed 25 20:00', 'Thu 26 03:00', '10:00', '17:00', 'Fri 27', '05:00']);
  });

  it('keep hours alone within one day, and other buckets as they are', () => {
    const day = hours('2026-11-26T00:00:00.000Z', 24);
    expect(tickTexts(day, [2, 11, 23])).toEqual(['02:00', '11:00', '23:00']);
    const days = ['Nov 3', 'Nov 4'].map((tick) => ({ tick }));
    expect(tickTexts(days, [0, 1])).toEqual(['Nov 3', 'Nov 4']);
    expect([spansDays(hours('2026-11-25T18:00:00.000Z', 36)), spansDays(day), spansDays(days)]).toEqual([true, false, false]);
  });
});
