/**
 * The overview's CSV download: what the view shows, and with the comparison on, the previous
 * period's figure beside each row in a last `previous_clicks` column (as the API's CSV adds it).
 */
import { describe, expect, it } from 'vitest';
import { overviewCsv } from '../../dashboard/src/analytics/csv.js';

const points = [
  { label: '2026-11-27', clicks: 4 },
  { label: '2026-11-28', clicks: 6, partial: true },
];
const lines = (csv: string) => csv.trim().split(/\r?\n/);

describe('the overview as CSV', () => {
  it('has no previous column without the comparison', () => {
    const csv = overviewCsv({ title: 'Clicks per day (UTC)', points, total: 10 }, [
      { title: 'Countries', rows: [{ value: 'DE', label: 'Germany', clicks: 7 }], remainder: { label: '(not set)', clicks: 3 }, total: 10 },
    ]);
    expect(lines(csv)[0]).toBe('section,value,label,clicks,share');
    expect(lines(csv)).toHaveLength(5);
    expect(lines(csv)[2]).toContain('2026-11-28 (so far)');
  });

  it('names a titled link by its title and short URL, one by its short URL alone', () => {
    const csv = overviewCsv({ title: 'Clicks per day (UTC)', points, total: 10 }, [
      {
        title: 'Links',
        rows: [
          { value: 'lnk_a', label: 'Spring sale, Berlin', detail: 'go.example/spring', clicks: 6 },
          { value: 'lnk_b', label: 'go.example/plain', clicks: 4 },
        ],
        remainder: null,
        total: 10,
      },
    ]);
    expect(lines(csv).slice(3)).toEqual(['Links,lnk_a,"Spring sale, Berlin · go.example/spring",6,60%', 'Links,lnk_b,go.example/plain,4,40%']);
  });

  it('adds previous_clicks last: the paired bucket, the same value then, empty where there is none', () => {
    const csv = overviewCsv({ title: 'Clicks per day (UTC)', points, total: 10, previous: [2, null] }, [
      {
        title: 'Countries',
        rows: [
          { value: 'DE', label: 'Germany', clicks: 7, previous: 5 },
          { value: 'FR', label: 'France', clicks: 1, previous: 0 },
        ],
        remainder: { label: '(not set)', clicks: 2 },
        total: 10,
      },
    ]);
    const l = lines(csv);
    expect(l[0]).toBe('section,value,label,clicks,share,previous_clicks');
    expect(l[1]?.endsWith(',4,40%,2')).toBe(true);
    expect(l[2]?.endsWith(',6,60%,')).toBe(true);
    expect(l[3]?.endsWith(',7,70%,5')).toBe(true);
    expect(l[4]?.endsWith(',1,10%,0')).toBe(true);
    expect(l[5]?.endsWith(',2,20%,')).toBe(true);
  });
});
