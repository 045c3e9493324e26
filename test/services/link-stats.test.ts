/** Link statistics and a link's clicks, as the services build them from the rollups, on both stores. */
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/env.js';
import { ManualClock } from '../../src/domain/clock.js';
import type { Services } from '../../src/wiring/all-services.js';
import { buildServices } from '../../src/wiring/build-services.js';
import { hcDims, type OpenedStore, openStore, STORE_KINDS } from '../contract/_harness.js';
import { as, TEST_ACTING } from '../support/caller.js';

describe.each(STORE_KINDS)('link statistics on %s', (kind) => {
  let opened: OpenedStore | undefined;
  afterEach(async () => {
    await opened?.dispose();
    opened = undefined;
  });

  const clock = new ManualClock(Date.parse('2026-11-22T15:30:00Z'));
  async function setUp(): Promise<{ services: Services; ws: string; link: string; other: string }> {
    opened = await openStore(kind, { clock });
    const services = await buildServices(loadConfig({ DATABASE_URL: 'file::memory:', LSK_COUNTRY_HEADER: 'cf-ipcountry' }), { clock, repos: opened.repos });
    const ws = (await services.workspaces.create(TEST_ACTING, `stats-${kind}`, 'standard')).id;
    const link = (await services.links.create(as(ws), { destination: 'https://example.com/', alias: 'stats' })).id;
    clock.advance(1000);
    const other = (await services.links.create(as(ws), { destination: 'https://example.com/', alias: 'other' })).id;
    return { services, ws, link, other };
  }
  const h = (iso: string) => Date.parse(iso);

  it('reports totals with bots apart, by UTC day in date order, and by country, referrer, device, browser and OS by clicks then name', async () => {
    const { services, ws, link, other } = await setUp();
    await opened!.repos.clicks.record({
      events: [],
      hours: [
        hcDims(link, ws, h('2026-11-20T23:00:00Z'), 2, 1, { country: { FR: 1 }, referrer: { 'blog.example': 2 }, device: { tablet: 1, desktop: 1 } }),
        hcDims(link, ws, h('2026-11-21T00:00:00Z'), 3, 0, {
          country: { DE: 2, US: 1 },
          referrer: { 'news.example': 2 },
          device: { desktop: 1, mobile: 2 },
          browser: { Chrome: 1, Safari: 2 },
          os: { iOS: 2, Windows: 1 },
        }),
        hcDims(link, ws, h('2026-11-21T09:00:00Z'), 1, 1, { country: { AT: 1 }, referrer: { 'a.example': 1 }, device: { desktop: 1 } }),
        hcDims(link, ws, h('2026-11-22T01:00:00Z'), 0, 3),
        hcDims(other, ws, h('2026-11-21T00:00:00Z'), 7, 0, { country: { DE: 7 } }),
      ],
    });
    const stats = await services.stats.forLink(as(ws), link, { from: '2026-11-19', to: '2026-11-22' });
    expect(stats).toEqual({
      linkId: link,
      from: '2026-11-19',
      to: '2026-11-22',
      clicks: 6,
      bots: 5,
      byDay: [
        { date: '2026-11-20', clicks: 2 },
        { date: '2026-11-21', clicks: 4 },
      ],
      byCountry: [
        { country: 'DE', clicks: 2 },
        { country: 'AT', clicks: 1 },
        { country: 'FR', clicks: 1 },
        { country: 'US', clicks: 1 },
      ],
      byReferrer: [
        { host: 'blog.example', clicks: 2 },
        { host: 'news.example', clicks: 2 },
        { host: '(direct)', clicks: 1 },
        { host: 'a.example', clicks: 1 },
      ],
      byDevice: [
        { device: 'desktop', clicks: 3 },
        { device: 'mobile', clicks: 2 },
        { device: 'tablet', clicks: 1 },
      ],
      byBrowser: [
        { browser: 'Safari', clicks: 2 },
        { browser: 'Chrome', clicks: 1 },
      ],
      byOs: [
        { os: 'iOS', clicks: 2 },
        { os: 'Windows', clicks: 1 },
      ],
    });
    // Whole UTC days: "to" is inclusive, the day after it is not counted; the default is the last 30 days.
    expect(await services.stats.forLink(as(ws), link, { from: '2026-11-21', to: '2026-11-21' })).toMatchObject({ clicks: 4, bots: 1 });
    expect(await services.stats.forLink(as(ws), link, {})).toMatchObject({ from: '2026-10-24', to: '2026-11-22', clicks: 6, bots: 5 });
    expect(await services.stats.forLink(as(ws), link, { from: '2025-01-01', to: '2025-01-31' })).toMatchObject({
      clicks: 0,
      bots: 0,
      byDay: [],
      byCountry: [],
    });
    // A link's clicks are its all-time human clicks.
    expect((await services.links.get(as(ws), link)).clicks).toBe(6);
    expect((await services.links.list(as(ws), {})).data.map((l) => [l.alias, l.clicks])).toEqual([
      ['other', 7],
      ['stats', 6],
    ]);
  });

  it("forgets a deleted link's counts, and keeps statistics inside the workspace", async () => {
    const { services, ws, link, other } = await setUp();
    await opened!.repos.clicks.record({
      events: [],
      hours: [hcDims(link, ws, h('2026-11-22T10:00:00Z'), 2, 0), hcDims(other, ws, h('2026-11-22T10:00:00Z'), 1, 0)],
    });
    const elsewhere = (await services.workspaces.create(TEST_ACTING, `elsewhere-${kind}`, 'standard')).id;
    await expect(services.stats.forLink(as(elsewhere), link, {})).rejects.toMatchObject({ code: 'not_found' });
    await services.links.delete(as(ws), link);
    expect(await opened!.repos.clicks.totals(ws, [link, other])).toEqual(new Map([[other, { clicks: 1, bots: 0 }]]));
  });
});
