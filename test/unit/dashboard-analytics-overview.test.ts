/**
 * The overview's arithmetic the marketer reads: the last row of a breakdown holds the clicks its rows
 * leave out (`(not set)` for a complete list, `Unknown` for a place, `Other` for one cut off, none for tags); the bucket
 * holding the present is the one marked "so far"; a download is named after its view, with safe
 * characters only and a bounded length.
 */
import { describe, expect, it } from 'vitest';
import { cutDays } from '../../dashboard/src/analytics/bucket-cut.js';
import { LONGEST, viewFileName } from '../../dashboard/src/analytics/filename.js';
import { fillingIndex } from '../../dashboard/src/analytics/filling.js';
import { shares } from '../../dashboard/src/analytics/percent.js';
import { remainderOf, rowsShown, shownRemainder } from '../../dashboard/src/analytics/remainder.js';
import { cutHost } from '../../dashboard/src/analytics/short-url-fit.js';

const rows = (...clicks: number[]) => clicks.map((c) => ({ clicks: c }));

describe('the remainder row of a breakdown', () => {
  it('is (not set) when the list is complete and a click holds one value, Unknown for a place', () => {
    expect(remainderOf('utm_source', rows(55, 30), 100, 100)).toMatchObject({ label: '(not set)', clicks: 15 });
    expect(remainderOf('city', rows(3), 10, 100)).toMatchObject({ label: 'Unknown', clicks: 7 });
    for (const place of ['country', 'continent', 'region'] as const) expect(remainderOf(place, rows(3), 4, 100)?.label).toBe('Unknown');
  });
  it('is Other when the rows reached the limit asked for', () => {
    expect(remainderOf('city', rows(5, 4, 3), 20, 3)).toMatchObject({ label: 'Other', clicks: 8 });
  });
  it('is left out when the rows add up to the total, and for tags', () => {
    expect(remainderOf('referrer', rows(20, 6), 26, 100)).toBeNull();
    expect(remainderOf('tag', rows(9, 17), 30, 100)).toBeNull();
    expect(remainderOf('tag', rows(30, 30), 40, 100)).toBeNull();
  });
  it('takes in the rows a collapsed panel hides, so the eight shown and it add up to the total', () => {
    const twelve = rows(20, 15, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1);
    const total = 100; // 90 in rows, 10 without a value
    const rest = shownRemainder('city', twelve, remainderOf('city', twelve, total, 100), 8);
    expect(rest).toMatchObject({ label: 'Other', clicks: 10 + 4 + 3 + 2 + 1 });
    expect(twelve.slice(0, 8).reduce((s, r) => s + r.clicks, 0) + rest!.clicks).toBe(total);
    expect(rest!.title).toMatch(/^Clicks of the 4 values after the first 8 \(Show all lists them\); clicks from places not known/);
    // Nothing without a value: the hidden rows alone.
    expect(shownRemainder('referrer', twelve, remainderOf('referrer', twelve, 90, 100), 8)).toMatchObject({ label: 'Other', clicks: 10 });
  });
  it('hides rows only when two or more would go: one row is shown rather than named Other', () => {
    expect([3, 8, 9, 10, 100].map((n) => rowsShown(n))).toEqual([3, 8, 9, 8, 8]);
    const nine = rows(20, 15, 10, 9, 8, 7, 6, 5, 4);
    expect(shownRemainder('referrer', nine, remainderOf('referrer', nine, 84, 100), rowsShown(nine.length))).toBeNull();
  });
  it('is the remainder itself when nothing is hidden, and none for tags', () => {
    const five = rows(5, 4, 3, 2, 1);
    expect(shownRemainder('city', five, remainderOf('city', five, 20, 100), 8)).toMatchObject({ label: 'Unknown', clicks: 5 });
    expect(shownRemainder('tag', rows(9, 9, 9, 9, 9, 9, 9, 9, 9), null, 8)).toBeNull();
  });
});

describe('the bucket still filling', () => {
  const days = ['2026-11-26T00:00:00.000Z', '2026-11-27T00:00:00.000Z', '2026-11-28T00:00:00.000Z'];
  it("is today's in a window that ends today", () => {
    expect(fillingIndex(days, { to: '2026-11-28' }, 'UTC', new Date('2026-11-28T10:30:00Z'))).toBe(2);
  });
  it('is none once the window has ended', () => {
    expect(fillingIndex(days, { to: '2026-11-28' }, 'UTC', new Date('2026-11-29T00:00:01Z'))).toBeNull();
  });
  it("follows the zone's today: at 23:30 UTC it is tomorrow in Tokyo", () => {
    const tokyo = ['2026-11-26T15:00:00.000Z', '2026-11-27T15:00:00.000Z'];
    expect(fillingIndex(tokyo, { to: '2026-11-28' }, 'Asia/Tokyo', new Date('2026-11-27T23:30:00Z'))).toBe(1);
    expect(fillingIndex(tokyo, { to: '2026-11-27' }, 'Asia/Tokyo', new Date('2026-11-27T23:30:00Z'))).toBeNull();
  });
  it('is the current hour of the last 24 hours, not a later one', () => {
    const hours = ['2026-11-28T09:00:00.000Z', '2026-11-28T10:00:00.000Z', '2026-11-28T11:00:00.000Z'];
    expect(fillingIndex(hours, { to: '2026-11-28T11:00:00.000Z' }, 'UTC', new Date('2026-11-28T10:59:59Z'))).toBe(1);
    expect(fillingIndex(hours, { to: '2026-11-28T11:00:00.000Z' }, 'UTC', new Date('2026-11-28T11:00:00Z'))).toBeNull();
  });
});

describe('the shares of a panel', () => {
  it('add up to 100% when the rows make up the total (largest remainder)', () => {
    // 420, 363 and 34 of 817 clicks: 51.4, 44.4 and 4.2 rounded alone read 51 + 44 + 4 = 99.
    expect(shares([420, 363, 34], 817)).toEqual(['51%', '45%', '4%']);
    // A tie that the last point would split gets none: 33 + 33 + 33 reads 99, never 34 + 33 + 33.
    expect(shares([1, 1, 1], 3)).toEqual(['33%', '33%', '33%']);
    // A sliver that gets no point still reads <1%.
    expect(shares([995, 4, 1], 1000)).toEqual(['100%', '<1%', '<1%']);
  });
  it('show equal counts as equal shares, every tied row rounding to its nearest whole percent', () => {
    // 11, 11 and 10 of 32: 34.375, 34.375 and 31.25. One point is left and two rows tie for it, so
    // both keep 34 (their nearest) and the sum reads 99 rather than 35 + 34 for the same count.
    expect(shares([11, 11, 10], 32)).toEqual(['34%', '34%', '31%']);
    // A tie whose fraction is a half or more rounds up together: 2, 2, 2 and 1 of 7 are 28.57 …
    // three times and 14.29; two points are left for the three, so all three read 29 and the sum 101.
    expect(shares([2, 2, 2, 1], 7)).toEqual(['29%', '29%', '29%', '14%']);
    // A tie the points cover whole still gets them, and the sum stays 100.
    expect(shares([3, 3, 1], 7)).toEqual(['43%', '43%', '14%']);
    expect(shares([5, 5, 5, 5], 20)).toEqual(['25%', '25%', '25%', '25%']);
    // Rows after a split tie round alone too, never above a row with more clicks.
    expect(shares([11, 11, 5, 5], 32)).toEqual(['34%', '34%', '16%', '16%']);
  });
  it('round each row alone when the rows do not make up the total (tags), and say 0% of nothing', () => {
    expect(shares([2, 2], 3)).toEqual(['67%', '67%']);
    expect(shares([0], 0)).toEqual(['0%']);
  });
});

describe('the name of a download', () => {
  const window = { from: '2026-10-30', to: '2026-11-28' };
  it('says what, the window and the filters in short', () => {
    expect(viewFileName('countries', window, { country: { values: ['DE'], exclude: false } })).toBe('lsk-countries-2026-10-30_2026-11-28-country-DE.csv');
    expect(
      viewFileName(
        'clicks',
        window,
        { utm_source: { values: ['news letter', 'x'], exclude: true }, tag: { values: ['spring'], exclude: false } },
        'go.example.com/spring',
      ),
    ).toBe('lsk-clicks-2026-10-30_2026-11-28-go.example.com-spring-tag-spring-not-utm_source-news-letter+x.csv');
  });
  it('names a link as people see it, by its short URL, not its id', () => {
    const names = new Map([['lnk_2wQx9', 'go.example.com/spring-sale']]);
    const linkName = (id: string) => names.get(id);
    expect(viewFileName('analytics-by-week', window, { link_id: { values: ['lnk_2wQx9'], exclude: false } }, undefined, linkName)).toBe(
      'lsk-analytics-by-week-2026-10-30_2026-11-28-link-go.example.com-spring-sale.csv',
    );
    // Excluded, and one not named yet (its id is all the page knows).
    expect(viewFileName('clicks', window, { link_id: { values: ['lnk_2wQx9', 'lnk_7'], exclude: true } }, undefined, linkName)).toBe(
      'lsk-clicks-2026-10-30_2026-11-28-not-link-go.example.com-spring-sale+lnk_7.csv',
    );
    // A link's page: its short URL with a port, made file-name safe.
    expect(viewFileName('clicks', window, {}, 'localhost:8080/a/b')).toBe('lsk-clicks-2026-10-30_2026-11-28-localhost-8080-a-b.csv');
  });
  it('keeps safe characters only, and a bounded length', () => {
    const name = viewFileName(
      'analytics-by-day',
      { from: '2026-11-27T11:00:00.000Z', to: '2026-11-28T11:00:00.000Z' },
      { referrer_url: { values: ['https://exämple.com/a?b=c&d=<e>', '../../etc/passwd', 'x'.repeat(300)], exclude: false } },
    );
    expect(name).toMatch(/^[A-Za-z0-9._+-]+\.csv$/);
    expect(name.length).toBeLessThanOrEqual(LONGEST + 4);
    expect(name).not.toContain('..');
    expect(name.startsWith('lsk-analytics-by-day-2026-11-27T11_2026-11-28T11-referrer_url-https-example.com-a-b-c-d-e')).toBe(true);
  });
});

describe('a week or month the window cuts', () => {
  const window = { from: '2026-10-30', to: '2026-11-28' };
  it('names the days of it the view holds', () => {
    expect(cutDays('2026-10-26', 'week', window)).toBe('30 Oct – 1 Nov');
    expect(cutDays('2026-11-23', 'week', { from: '2026-11-01', to: '2026-11-25' })).toBe('23–25 Nov');
    expect(cutDays('2026-11-23', 'week', { from: '2026-11-01', to: '2026-11-23' })).toBe('23 Nov');
    expect(cutDays('2026-10-01', 'month', window)).toBe('30–31 Oct');
    expect(cutDays('2026-11-01', 'month', window)).toBe('1–28 Nov');
  });
  it('says nothing of a whole bucket, of days and hours, or of a window of instants', () => {
    expect(cutDays('2026-11-02', 'week', window)).toBeNull();
    expect(cutDays('2026-11-01', 'month', { from: '2026-10-01', to: '2026-11-30' })).toBeNull();
    expect(cutDays('2026-11-02', 'day', window)).toBeNull();
    expect(cutDays('2026-11-23', 'week', { from: '2026-11-27T11:00:00.000Z', to: '2026-11-28T11:00:00.000Z' })).toBeNull();
  });
});

describe('a short URL cut to its row (docs/adr/0237)', () => {
  // One unit per character: the widths as a monospace font gives them.
  const chars = (t: string) => t.length;
  it('keeps the path whole and cuts the host from its end, its ellipsis against the path', () => {
    expect(cutHost('localhost:18080', '/promo-13', 24, chars)).toBe('localhost:18080');
    expect(cutHost('localhost:18080', '/promo-13', 23, chars)).toBe('localhost:180…');
    expect(cutHost('localhost:18080', '/promo-13', 14, chars)).toBe('loca…');
    expect(cutHost('localhost:18080', '/promo-13', 10, chars)).toBe('…');
    // Narrower than the path: the ellipsis alone (the path is then cut by CSS), and unmeasured rows whole.
    expect(cutHost('localhost:18080', '/promo-13', 4, chars)).toBe('…');
    expect(cutHost('localhost:18080', '/promo-13', 0, chars)).toBe('localhost:18080');
  });
});
