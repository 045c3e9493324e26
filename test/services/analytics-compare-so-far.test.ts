/**
 * A window still counting (today in it) is compared with the previous window up to the same point
 * (docs/adr/0226), on both stores and on the test clock: today so far against the matching day up
 * to the same hour, never against a whole day. A window that is over compares whole, as before.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/env.js';
import { ManualClock } from '../../src/domain/clock.js';
import { buildServices } from '../../src/wiring/build-services.js';
import { hcDims, type OpenedStore, openStore, STORE_KINDS } from '../contract/_harness.js';
import { as, TEST_ACTING } from '../support/caller.js';

const h = (iso: string) => Date.parse(iso);
const D = 'localhost:8080';
/** Now: 25 November, 09:30 UTC (10:30 in Berlin). */
const NOW = '2026-11-25T09:30:00Z';

describe.each(STORE_KINDS)('a window still counting against the previous period on %s', (kind) => {
  let opened: OpenedStore | undefined;
  afterEach(async () => {
    await opened?.dispose();
    opened = undefined;
  });

  async function setUp() {
    const clock = new ManualClock(Date.parse(NOW));
    opened = await openStore(kind, { clock });
    const services = await buildServices(loadConfig({ DATABASE_URL: 'file::memory:' }), { clock, repos: opened.repos });
    const ws = (await services.workspaces.create(TEST_ACTING, `sofar-${kind}`, 'standard')).id;
    const a = (await services.links.create(as(ws), { destination: 'https://example.com/', alias: 'spring' })).id;
    await opened.repos.clicks.record({
      events: [],
      hours: [
        // The previous 7 days (12-18 November): a whole day on the 12th, then the 18th around 09:30.
        hcDims(a, ws, h('2026-11-12T12:00:00Z'), 10, 0, { country: { DE: 10 } }, D),
        hcDims(a, ws, h('2026-11-18T08:00:00Z'), 2, 0, { country: { DE: 2 } }, D),
        hcDims(a, ws, h('2026-11-18T09:00:00Z'), 3, 1, { country: { FR: 3 } }, D),
        hcDims(a, ws, h('2026-11-18T10:00:00Z'), 40, 0, { country: { FR: 40 } }, D),
        hcDims(a, ws, h('2026-11-18T20:00:00Z'), 50, 0, { country: { US: 50 } }, D),
        // This window: yesterday, and today so far (the hour counting now included).
        hcDims(a, ws, h('2026-11-24T15:00:00Z'), 6, 0, { country: { DE: 6 } }, D),
        hcDims(a, ws, h('2026-11-25T08:00:00Z'), 1, 0, { country: { DE: 1 } }, D),
        hcDims(a, ws, h('2026-11-25T09:00:00Z'), 4, 0, { country: { FR: 4 } }, D),
      ],
    });
    return { services, ws, a };
  }

  it('cuts the previous 7 days at the end of the hour matching now: today so far against the 18th so far', async () => {
    const { services, ws } = await setUp();
    const r = await services.analytics.report(as(ws), { from: '2026-11-19', to: '2026-11-25', compare: 'previous' });
    expect(r.total.clicks).toBe(11);
    // 10 + 2 + 3: the 18th's 10:00 and 20:00 hours are later in the day than now.
    expect(r.previous).toEqual({ from: new Date('2026-11-12T00:00:00Z'), to: new Date('2026-11-18T10:00:00Z'), total: { clicks: 15, bots: 1 } });
    expect(r.data.map((d) => [d.key.slice(0, 10), d.clicks, d.previousClicks])).toEqual([
      ['2026-11-19', 0, 10],
      ['2026-11-20', 0, 0],
      ['2026-11-21', 0, 0],
      ['2026-11-22', 0, 0],
      ['2026-11-23', 0, 0],
      ['2026-11-24', 6, 0],
      ['2026-11-25', 5, 5],
    ]);
    const countries = await services.analytics.report(as(ws), { from: '2026-11-19', to: '2026-11-25', group_by: 'countries', compare: 'previous' });
    expect(countries.data).toEqual([
      { key: 'DE', clicks: 7, previousClicks: 12 },
      { key: 'FR', clicks: 4, previousClicks: 3 },
    ]);
  });

  it('reads and pairs the hours of the previous day before the cut, and leaves the hours after now without a partner', async () => {
    const { services, ws, a } = await setUp();
    // Yesterday before the cut (08:00, 09:00) and after it (10:00, and 15:00 from setUp).
    await opened!.repos.clicks.record({
      events: [],
      hours: [
        hcDims(a, ws, h('2026-11-24T08:00:00Z'), 2, 0, { country: { DE: 2 } }, D),
        hcDims(a, ws, h('2026-11-24T09:00:00Z'), 5, 0, { country: { DE: 5 } }, D),
        hcDims(a, ws, h('2026-11-24T10:00:00Z'), 7, 0, { country: { DE: 7 } }, D),
      ],
    });
    const r = await services.analytics.report(as(ws), { from: '2026-11-25', to: '2026-11-25', interval: 'hour', compare: 'previous' });
    expect(r.previous).toMatchObject({ from: new Date('2026-11-24T00:00:00Z'), to: new Date('2026-11-24T10:00:00Z'), total: { clicks: 7 } });
    expect(r.data.slice(8, 11).map((d) => [d.key.slice(11, 16), d.clicks, d.previousClicks])).toEqual([
      ['08:00', 1, 2],
      ['09:00', 4, 5],
      ['10:00', 0, null],
    ]);
    expect(r.data[15]!.previousClicks).toBeNull();
    expect(r.data.filter((d) => d.previousClicks === null)).toHaveLength(14);
  });

  it('matches the local clock time in the zone of the report, across a DST change between the windows', async () => {
    const { services, ws } = await setUp();
    // November so far in Berlin against October up to the 25th, 11:00 local: the end of the hour
    // counting now (10:00Z, 11:00 CET). The 25th of October is the day clocks went back, and 11:00
    // CET is 10:00Z then too.
    const r = await services.analytics.report(as(ws), { from: '2026-11-01', to: '2026-11-30', timezone: 'Europe/Berlin', compare: 'previous' });
    expect(r.previous?.from).toEqual(new Date('2026-09-30T22:00:00Z'));
    expect(r.previous?.to).toEqual(new Date('2026-10-25T10:00:00Z'));
  });

  it('compares a window that is over with the whole previous window, as before', async () => {
    const { services, ws } = await setUp();
    const r = await services.analytics.report(as(ws), { from: '2026-11-19', to: '2026-11-24', compare: 'previous' });
    expect(r.previous).toEqual({ from: new Date('2026-11-13T00:00:00Z'), to: new Date('2026-11-19T00:00:00Z'), total: { clicks: 95, bots: 1 } });
  });

  it('has nothing to compare yet for a window that has not begun', async () => {
    const { services, ws } = await setUp();
    const r = await services.analytics.report(as(ws), { from: '2026-11-26', to: '2026-11-27', compare: 'previous' });
    expect(r.previous).toEqual({ from: new Date('2026-11-24T00:00:00Z'), to: new Date('2026-11-24T00:00:00Z'), total: { clicks: 0, bots: 0 } });
    expect(r.data.map((d) => d.previousClicks)).toEqual([null, null]);
  });
});
