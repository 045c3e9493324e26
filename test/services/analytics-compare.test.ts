/**
 * Analytics compared with the previous period (docs/adr/0213), on both stores: the window of the same
 * length just before, the same filters and grouping; breakdown rows keep the current window's set and
 * order and carry the same key's clicks there; time series pair days by position, weeks and months
 * of a window of days with the same days of the previous window (docs/adr/0222).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/env.js';
import { ManualClock } from '../../src/domain/clock.js';
import type { Services } from '../../src/wiring/all-services.js';
import { buildServices } from '../../src/wiring/build-services.js';
import { hcDims, type OpenedStore, openStore, STORE_KINDS } from '../contract/_harness.js';
import { as, TEST_ACTING } from '../support/caller.js';

const h = (iso: string) => Date.parse(iso);
const D = 'localhost:8080';
/** The current window of most cases: three UTC days; the previous is 17-19 November. */
const WINDOW = { from: '2026-11-20', to: '2026-11-22' };

describe.each(STORE_KINDS)('analytics against the previous period on %s', (kind) => {
  let opened: OpenedStore | undefined;
  afterEach(async () => {
    await opened?.dispose();
    opened = undefined;
  });

  // After every window read here: a window still counting is compared up to now (analytics-compare-so-far.test.ts).
  const clock = new ManualClock(Date.parse('2026-12-01T15:30:00Z'));
  async function setUp() {
    opened = await openStore(kind, { clock });
    const services: Services = await buildServices(loadConfig({ DATABASE_URL: 'file::memory:' }), { clock, repos: opened.repos });
    const ws = (await services.workspaces.create(TEST_ACTING, `cmp-${kind}`, 'standard')).id;
    const make = (alias: string, tags: string[]) => services.links.create(as(ws), { destination: 'https://example.com/', alias, tags });
    const a = (await make('spring', ['Campaign'])).id;
    const b = (await make('autumn', ['other'])).id;
    const elsewhere = (await services.workspaces.create(TEST_ACTING, `cmp2-${kind}`, 'standard')).id;
    const foreign = (await services.links.create(as(elsewhere), { destination: 'https://example.com/', alias: 'foreign' })).id;
    await opened.repos.clicks.record({
      events: [],
      hours: [
        // The previous window: 17, 18 and 19 November.
        hcDims(a, ws, h('2026-11-17T10:00:00Z'), 2, 1, { country: { DE: 2 } }, D),
        hcDims(b, ws, h('2026-11-18T10:00:00Z'), 4, 0, { country: { US: 4 } }, D),
        hcDims(a, ws, h('2026-11-19T23:00:00Z'), 1, 0, { country: { FR: 1 } }, D),
        // The current window: 20, 21 and 22 November.
        hcDims(a, ws, h('2026-11-20T10:00:00Z'), 5, 2, { country: { DE: 5 } }, D),
        hcDims(b, ws, h('2026-11-21T10:00:00Z'), 3, 0, { country: { FR: 3 } }, D),
        // Another workspace, in both windows: never read.
        hcDims(foreign, elsewhere, h('2026-11-18T10:00:00Z'), 50, 0, { country: { DE: 50 } }, D),
        hcDims(foreign, elsewhere, h('2026-11-21T10:00:00Z'), 70, 0, { country: { DE: 70 } }, D),
        // A month series below: one click in August, one in September.
        hcDims(a, ws, h('2026-08-10T10:00:00Z'), 6, 0, {}, D),
        hcDims(a, ws, h('2026-09-10T10:00:00Z'), 7, 0, {}, D),
      ],
    });
    return { services, ws, a, b };
  }

  it('adds nothing without compare', async () => {
    const { services, ws } = await setUp();
    const r = await services.analytics.report(as(ws), { ...WINDOW, group_by: 'countries' });
    expect(r.previous).toBeUndefined();
    expect(r.data).toEqual([
      { key: 'DE', clicks: 5 },
      { key: 'FR', clicks: 3 },
    ]);
  });

  it('pairs a day series day 1 against day 1, with the previous window and its totals', async () => {
    const { services, ws } = await setUp();
    const r = await services.analytics.report(as(ws), { ...WINDOW, compare: 'previous' });
    expect(r.total).toEqual({ clicks: 8, bots: 2 });
    expect(r.previous).toEqual({ from: new Date('2026-11-17T00:00:00Z'), to: new Date('2026-11-20T00:00:00Z'), total: { clicks: 7, bots: 1 } });
    expect(r.data).toEqual([
      { key: '2026-11-20T00:00:00.000Z', clicks: 5, previousClicks: 2 },
      { key: '2026-11-21T00:00:00.000Z', clicks: 3, previousClicks: 4 },
      { key: '2026-11-22T00:00:00.000Z', clicks: 0, previousClicks: 1 },
    ]);
  });

  it('keeps the current rows and order of a breakdown, 0 for a key the previous window lacked', async () => {
    const { services, ws, a, b } = await setUp();
    const countries = await services.analytics.report(as(ws), { ...WINDOW, group_by: 'countries', compare: 'previous' });
    // US had 4 clicks before, none now: it is not a row.
    expect(countries.data).toEqual([
      { key: 'DE', clicks: 5, previousClicks: 2 },
      { key: 'FR', clicks: 3, previousClicks: 1 },
    ]);
    const links = await services.analytics.report(as(ws), { ...WINDOW, group_by: 'links', compare: 'previous' });
    expect(links.data.map((r) => [r.key, r.clicks, r.previousClicks])).toEqual([
      [a, 5, 3],
      [b, 3, 4],
    ]);
    const tags = await services.analytics.report(as(ws), { ...WINDOW, group_by: 'tags', compare: 'previous' });
    expect(tags.data).toEqual([
      { key: 'Campaign', clicks: 5, previousClicks: 3 },
      { key: 'other', clicks: 3, previousClicks: 4 },
    ]);
    const one = await services.analytics.report(as(ws), { ...WINDOW, group_by: 'countries', compare: 'previous', limit: 1 });
    expect(one.data).toEqual([{ key: 'DE', clicks: 5, previousClicks: 2 }]);
  });

  it('applies the same filters to both windows', async () => {
    const { services, ws, b } = await setUp();
    const r = await services.analytics.report(as(ws), { ...WINDOW, filter: { link_id: { not_in: [b] } }, compare: 'previous' });
    expect([r.total.clicks, r.previous?.total.clicks]).toEqual([5, 3]);
    const fr = await services.analytics.report(as(ws), { ...WINDOW, filter: { country: { in: ['FR'] } }, group_by: 'links', compare: 'previous' });
    expect(fr.previous?.total).toEqual({ clicks: 1, bots: 0 });
    expect(fr.data.map((r) => [r.clicks, r.previousClicks])).toEqual([[3, 0]]);
  });

  it('pairs each month bucket of a window of days with the same days before it, cut to the window', async () => {
    const { services, ws } = await setUp();
    // 31 August to 1 October (32 days): August (one day), September, October (one day). Before: 30 July
    // to 30 August, the same 32 days: 30 July against 31 August, 31 July-29 August against September,
    // 30 August against 1 October (docs/adr/0222).
    const r = await services.analytics.report(as(ws), { from: '2026-08-31', to: '2026-10-01', interval: 'month', compare: 'previous' });
    expect(r.previous).toMatchObject({ from: new Date('2026-07-30T00:00:00Z'), to: new Date('2026-08-31T00:00:00Z'), total: { clicks: 6 } });
    expect(r.data.map((d) => [d.key.slice(0, 7), d.clicks, d.previousClicks])).toEqual([
      ['2026-08', 0, 0],
      ['2026-09', 7, 6],
      ['2026-10', 0, 0],
    ]);
  });

  it('pairs a partial week with as many days before it, not with a partial week of another length', async () => {
    const { services, ws, a } = await setUp();
    // 12 and 14 November: before the 17-19 November clicks of the set-up.
    await opened!.repos.clicks.record({
      events: [],
      hours: [hcDims(a, ws, h('2026-11-12T10:00:00Z'), 3, 0, {}, D), hcDims(a, ws, h('2026-11-14T10:00:00Z'), 1, 0, {}, D)],
    });
    // Friday 20 to Sunday 29 November (10 days): the week of 16 November holds 20-22 (3 days), the week
    // of 23 November all 7. Before: Tuesday 10 to Thursday 19 November. Weeks there would hold 6 and 4
    // days; the same days hold 10-12 (3 clicks) and 13-19 (1 + 7).
    const r = await services.analytics.report(as(ws), { from: '2026-11-20', to: '2026-11-29', interval: 'week', compare: 'previous' });
    expect(r.previous).toMatchObject({ from: new Date('2026-11-10T00:00:00Z'), to: new Date('2026-11-20T00:00:00Z'), total: { clicks: 11 } });
    expect(r.data).toEqual([
      { key: '2026-11-16T00:00:00.000Z', clicks: 8, previousClicks: 3 },
      { key: '2026-11-23T00:00:00.000Z', clicks: 0, previousClicks: 8 },
    ]);
    // Weeks of a plain read still run Monday to Sunday.
    const plain = await services.analytics.report(as(ws), { from: '2026-11-20', to: '2026-11-29', interval: 'week' });
    expect(plain.data.map((d) => d.key)).toEqual(['2026-11-16T00:00:00.000Z', '2026-11-23T00:00:00.000Z']);
    // Whole months: their weeks meet the days as far back as the first days are apart; October's
    // 31st meets none of November's weeks, and counts in the previous total only.
    await opened!.repos.clicks.record({
      events: [],
      hours: [hcDims(a, ws, h('2026-10-31T10:00:00Z'), 5, 0, {}, D), hcDims(a, ws, h('2026-10-01T10:00:00Z'), 2, 0, {}, D)],
    });
    const month = await services.analytics.report(as(ws), { from: '2026-11-01', to: '2026-11-30', interval: 'week', compare: 'previous' });
    expect(month.previous?.total.clicks).toBe(7);
    // 1 November (a Sunday) against 1 October; 2-8 against 2-8 October, ... 30 November against 30 October.
    expect(month.data.map((d) => d.previousClicks)).toEqual([2, 0, 0, 0, 0, 0]);
  });

  it('reads a previous window reaching past the 400 days as it is, zeros where nothing was kept', async () => {
    const { services, ws } = await setUp();
    const r = await services.analytics.report(as(ws), { from: '2025-10-22', to: '2026-11-22', interval: 'month', compare: 'previous' });
    expect(r.previous?.from.toISOString()).toBe('2024-09-20T00:00:00.000Z');
    expect(r.previous?.total).toEqual({ clicks: 0, bots: 0 });
    expect(r.total.clicks).toBe(28);
    expect(r.data.every((d) => d.previousClicks === 0 || d.previousClicks === null)).toBe(true);
  });

  it('compares whole local days across a DST change, day 1 against day 1', async () => {
    const { services, ws, a } = await setUp();
    const zone = 'Europe/Berlin';
    await opened!.repos.clicks.record({
      events: [],
      hours: [
        // 10 October, 10:00 local: the first day before 20-29 October (which holds the end of summer time).
        hcDims(a, ws, h('2026-10-10T08:00:00Z'), 9, 0, {}, D),
        // 9 October, 23:00 local: before the previous window.
        hcDims(a, ws, h('2026-10-09T21:00:00Z'), 4, 0, {}, D),
        // 23 March at midnight and 24 March, 9:00 (local): the first two days before 30 March-5 April;
        // 23-29 March holds the start of summer time. 22 March, 23:00 local: before that window.
        hcDims(a, ws, h('2026-03-22T23:00:00Z'), 5, 0, {}, D),
        hcDims(a, ws, h('2026-03-24T08:00:00Z'), 3, 0, {}, D),
        hcDims(a, ws, h('2026-03-22T22:00:00Z'), 6, 0, {}, D),
      ],
    });
    const autumn = await services.analytics.report(as(ws), { from: '2026-10-20', to: '2026-10-29', timezone: zone, compare: 'previous' });
    expect([autumn.previous?.from, autumn.previous?.to]).toEqual([new Date('2026-10-09T22:00:00Z'), new Date('2026-10-19T22:00:00Z')]);
    expect(autumn.previous?.total.clicks).toBe(9);
    expect(autumn.data).toHaveLength(10);
    expect(autumn.data.map((d) => d.previousClicks)).toEqual([9, 0, 0, 0, 0, 0, 0, 0, 0, 0]);
    const spring = await services.analytics.report(as(ws), { from: '2026-03-30', to: '2026-04-05', timezone: zone, compare: 'previous' });
    expect([spring.previous?.from, spring.previous?.to]).toEqual([new Date('2026-03-22T23:00:00Z'), new Date('2026-03-29T22:00:00Z')]);
    expect(spring.previous?.total.clicks).toBe(8);
    expect(spring.data.map((d) => d.previousClicks)).toEqual([5, 3, 0, 0, 0, 0, 0]);
  });

  it('compares whole local months with the months before', async () => {
    const { services, ws, a } = await setUp();
    await opened!.repos.clicks.record({
      events: [],
      // 1 October, 00:30 in Berlin; and 31 October, 23:30.
      hours: [hcDims(a, ws, h('2026-09-30T22:00:00Z'), 2, 0, {}, D), hcDims(a, ws, h('2026-10-31T22:00:00Z'), 1, 0, {}, D)],
    });
    const r = await services.analytics.report(as(ws), { from: '2026-11-01', to: '2026-11-30', timezone: 'Europe/Berlin', compare: 'previous' });
    expect([r.previous?.from, r.previous?.to]).toEqual([new Date('2026-09-30T22:00:00Z'), new Date('2026-10-31T23:00:00Z')]);
    expect(r.previous?.total.clicks).toBe(3);
    expect(r.data[0]?.previousClicks).toBe(2);
    const instants = await services.analytics.report(as(ws), { from: '2026-11-20T12:00:00Z', to: '2026-11-22T12:00:00Z', compare: 'previous' });
    expect([instants.previous?.from, instants.previous?.to]).toEqual([new Date('2026-11-18T12:00:00Z'), new Date('2026-11-20T12:00:00Z')]);
  });

  it('refuses an unknown comparison, naming it', async () => {
    const { services, ws } = await setUp();
    await expect(services.analytics.report(as(ws), { compare: 'last_year' })).rejects.toMatchObject({ code: 'validation_failed' });
  });
});
