/**
 * Hour series compared with the previous period across Europe/Berlin's DST changes of 2026, on both
 * stores (docs/adr/0217): each hour meets the same local hour on the matching day, the hour the
 * clocks skip has none (null), and the hour they repeat meets its first occurrence only.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/env.js';
import { ManualClock } from '../../src/domain/clock.js';
import { buildServices } from '../../src/wiring/build-services.js';
import { hcDims, type OpenedStore, openStore, STORE_KINDS } from '../contract/_harness.js';
import { as, TEST_ACTING } from '../support/caller.js';

const h = (iso: string) => Date.parse(iso);
const D = 'localhost:8080';
const ZONE = 'Europe/Berlin';

describe.each(STORE_KINDS)('hour series against the previous period across DST on %s', (kind) => {
  let opened: OpenedStore | undefined;
  afterEach(async () => {
    await opened?.dispose();
    opened = undefined;
  });

  const clock = new ManualClock(Date.parse('2026-11-25T15:30:00Z'));
  /** A workspace with one link and `clicks` (UTC hour, count) recorded on it. */
  async function withClicks(clicks: [string, number][]) {
    opened = await openStore(kind, { clock });
    const services = await buildServices(loadConfig({ DATABASE_URL: 'file::memory:' }), { clock, repos: opened.repos });
    const ws = (await services.workspaces.create(TEST_ACTING, `hours-${kind}`, 'standard')).id;
    const link = (await services.links.create(as(ws), { destination: 'https://example.com/', alias: 'dst' })).id;
    await opened.repos.clicks.record({ events: [], hours: clicks.map(([at, n]) => hcDims(link, ws, h(at), n, 0, {}, D)) });
    const hours = (day: string) => services.analytics.report(as(ws), { from: day, to: day, interval: 'hour', timezone: ZONE, compare: 'previous' });
    return { hours };
  }

  it('spring forward (29 March): 03:00 meets 03:00 the day before, and 02:00 the day after meets nothing', async () => {
    const { hours } = await withClicks([
      ['2026-03-28T01:00:00Z', 2], // 28 March, 02:00 CET: its day's partner (29 March) has no 02:00
      ['2026-03-28T02:00:00Z', 3], // 28 March, 03:00 CET
      ['2026-03-29T01:00:00Z', 5], // 29 March, 03:00 CEST (the first hour after the change)
      ['2026-03-30T01:00:00Z', 7], // 30 March, 03:00 CEST
    ]);
    const spring = await hours('2026-03-29');
    expect(spring.data).toHaveLength(23);
    expect(spring.previous?.total.clicks).toBe(5);
    expect(spring.data.slice(1, 3)).toEqual([
      { key: '2026-03-29T00:00:00.000Z', clicks: 0, previousClicks: 0 },
      { key: '2026-03-29T01:00:00.000Z', clicks: 5, previousClicks: 3 },
    ]);
    const after = await hours('2026-03-30');
    expect(after.data).toHaveLength(24);
    expect(after.data.slice(2, 4)).toEqual([
      { key: '2026-03-30T00:00:00.000Z', clicks: 0, previousClicks: null },
      { key: '2026-03-30T01:00:00.000Z', clicks: 7, previousClicks: 5 },
    ]);
    expect(after.data.filter((d) => d.previousClicks === null)).toHaveLength(1);
  });

  it('fall back (25 October): the first 02:00 meets 02:00 the day before, the repeated one gets null', async () => {
    const { hours } = await withClicks([
      ['2026-10-24T00:00:00Z', 4], // 24 October, 02:00 CEST
      ['2026-10-24T01:00:00Z', 6], // 24 October, 03:00 CEST
      ['2026-10-25T00:00:00Z', 1], // 25 October, 02:00 CEST (the first 02:00)
      ['2026-10-25T01:00:00Z', 8], // 25 October, 02:00 CET (the repeat)
      ['2026-10-25T02:00:00Z', 9], // 25 October, 03:00 CET
      ['2026-10-26T02:00:00Z', 3], // 26 October, 03:00 CET
    ]);
    const back = await hours('2026-10-25');
    expect(back.data).toHaveLength(25);
    expect(back.data.slice(2, 5)).toEqual([
      { key: '2026-10-25T00:00:00.000Z', clicks: 1, previousClicks: 4 },
      { key: '2026-10-25T01:00:00.000Z', clicks: 8, previousClicks: null },
      { key: '2026-10-25T02:00:00.000Z', clicks: 9, previousClicks: 6 },
    ]);
    const after = await hours('2026-10-26');
    expect(after.previous?.total.clicks).toBe(18);
    // 26 October, 02:00 meets the first 02:00 (1 click); the repeat (8) counts in the total only; 03:00 meets 03:00.
    expect(after.data.slice(2, 4).map((d) => d.previousClicks)).toEqual([1, 9]);
    expect(after.data.reduce((sum, d) => sum + (d.previousClicks ?? 0), 0)).toBe(10);
  });
});
