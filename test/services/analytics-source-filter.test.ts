/**
 * referrer_source and referrer_kind filters (docs/adr/0216) on both stores: resolved to the referrer
 * hosts of each read's own window, so a host of X first seen outside a narrow window counts once the
 * window widens; NOT IN; with a country, compare=previous, a time zone and every kind of read; events.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/env.js';
import { ManualClock } from '../../src/domain/clock.js';
import { buildServices } from '../../src/wiring/build-services.js';
import { batchOf, hc, hour, type OpenedStore, openStore, STORE_KINDS } from '../contract/_harness.js';
import { as, TEST_ACTING } from '../support/caller.js';

describe.each(STORE_KINDS)('referrer source filters on %s', (kind) => {
  let opened: OpenedStore | undefined;
  afterEach(async () => {
    await opened?.dispose();
    opened = undefined;
  });

  const clock = new ManualClock(Date.parse('2026-11-22T15:30:00Z'));
  async function setUp() {
    opened = await openStore(kind, { clock });
    const services = await buildServices(loadConfig({ DATABASE_URL: 'file::memory:' }), { clock, repos: opened.repos });
    const ws = (await services.workspaces.create(TEST_ACTING, `sf-${kind}`, 'standard')).id;
    const a = (await services.links.create(as(ws), { destination: 'https://example.com/', alias: 'spring', tags: ['launch'] })).id;
    const other = (await services.workspaces.create(TEST_ACTING, `sf2-${kind}`, 'standard')).id;
    const foreign = (await services.links.create(as(other), { destination: 'https://example.com/', alias: 'foreign' })).id;
    const hours = [
      // 2026-11-08 12:00 UTC: X through a host the later days never see.
      hc(a, ws, hour(-300), [
        [{ referrer: 'twitter.com', country: 'DE' }, 2],
        [{ referrer: 'www.bing.com', country: 'US' }, 1],
      ]),
      // 2026-11-21 09:00 UTC.
      hc(a, ws, hour(9), [
        [{ referrer: 't.co', country: 'DE' }, 4],
        [{ referrer: 'www.google.de', country: 'FR' }, 2],
        [{ referrer: null, country: 'DE' }, 2],
        [{ referrer: 'news.example', country: 'US' }, 1],
        [{ referrer: 'l.facebook.com', country: 'DE' }, 3],
        [{ referrer: 't.co', bot: true }, 5],
      ]),
      // 2026-11-22 06:00 UTC.
      hc(a, ws, hour(30), [
        [{ referrer: 'x.com', country: 'FR' }, 1],
        [{ referrer: 'google.com', country: 'US' }, 1],
        [{ referrer: 'mail.google.com', country: 'DE' }, 1],
      ]),
      hc(foreign, other, hour(9), [
        [{ referrer: 't.co', country: 'DE' }, 50],
        [{ referrer: 'mobile.twitter.com', country: 'FR' }, 7],
      ]),
    ];
    await opened.repos.clicks.record(batchOf(hours, true));
    return { services, ws, a };
  }
  const narrow = { from: '2026-11-21', to: '2026-11-22' };
  const wide = { from: '2026-11-01', to: '2026-11-22' };

  it('counts a host of X first seen outside the narrow window once the window widens (a referrer filter of the hosts seen then does not)', async () => {
    const { services, ws } = await setUp();
    const r = (q: Record<string, unknown>) => services.analytics.report(as(ws), q);
    const picked = await r({ ...narrow, group_by: 'referrer_sources', filter: { referrer_source: { in: ['X'] } } });
    expect(picked.data.map((x) => [x.key, x.clicks, x.hosts])).toEqual([['X', 5, ['t.co', 'x.com']]]);
    expect((await r({ ...wide, filter: { referrer_source: { in: ['X'] } } })).total.clicks).toBe(7);
    // The hosts the narrow window named, over the wide one, miss twitter.com.
    expect((await r({ ...wide, filter: { referrer: { in: ['t.co', 'x.com'] } } })).total.clicks).toBe(5);
    const byHost = await r({ ...wide, group_by: 'referrers', filter: { referrer_source: { in: ['x'] } } });
    expect(byHost.data.map((x) => [x.key, x.clicks])).toEqual([
      ['t.co', 4],
      ['twitter.com', 2],
      ['x.com', 1],
    ]);
  });

  it('leaves out every host of the sources a NOT IN lists, over the whole window', async () => {
    const { services, ws } = await setUp();
    const r = await services.analytics.report(as(ws), { ...wide, group_by: 'referrer_sources', filter: { referrer_source: { not_in: ['X', '(direct)'] } } });
    expect(r.total.clicks).toBe(9);
    expect(r.data.map((x) => [x.key, x.clicks])).toEqual([
      ['Facebook', 3],
      ['Google', 3],
      ['Bing', 1],
      ['Gmail', 1],
      ['news.example', 1],
    ]);
  });

  it('filters by kind, and a host that is its own source by its name', async () => {
    const { services, ws } = await setUp();
    const kindSearch = await services.analytics.report(as(ws), { ...wide, group_by: 'referrers', filter: { referrer_kind: { in: ['search'] } } });
    expect(kindSearch.data.map((x) => [x.key, x.clicks])).toEqual([
      ['www.google.de', 2],
      ['google.com', 1],
      ['www.bing.com', 1],
    ]);
    const notSocial = await services.analytics.report(as(ws), { ...wide, filter: { referrer_kind: { not_in: ['social', 'direct'] } } });
    expect(notSocial.total.clicks).toBe(6);
    const own = await services.analytics.report(as(ws), { ...wide, group_by: 'countries', filter: { referrer_source: { in: ['news.example'] } } });
    expect(own.data.map((x) => [x.key, x.clicks])).toEqual([['US', 1]]);
  });

  it('combines with a country and compares each window with its own hosts', async () => {
    const { services, ws } = await setUp();
    const filter = { referrer_source: { in: ['X', 'Google'] }, country: { in: ['FR'] } };
    const r = await services.analytics.report(as(ws), { from: '2026-11-22', to: '2026-11-22', group_by: 'referrer_sources', compare: 'previous', filter });
    expect(r.data.map((x) => [x.key, x.clicks, x.previousClicks])).toEqual([['X', 1, 0]]);
    // 2026-11-21 came through www.google.de (FR), a host the current window never saw.
    expect(r.previous?.total.clicks).toBe(2);
    const series = await services.analytics.report(as(ws), {
      from: '2026-11-21',
      to: '2026-11-22',
      interval: 'day',
      timezone: 'America/New_York',
      compare: 'previous',
      filter: { referrer_source: { in: ['X'] } },
    });
    expect(series.data.map((x) => [x.key, x.clicks])).toEqual([
      ['2026-11-21T05:00:00.000Z', 4],
      ['2026-11-22T05:00:00.000Z', 1],
    ]);
    expect(series.total.clicks).toBe(5);
  });

  it('keeps no click when no host of the window passes, and never reads another workspace', async () => {
    const { services, ws } = await setUp();
    const none = await services.analytics.report(as(ws), { ...wide, group_by: 'links', filter: { referrer_source: { in: ['Reddit'] } } });
    expect(none.total).toEqual({ clicks: 0, bots: 0 });
    expect(none.data).toEqual([]);
    // mobile.twitter.com only ever referred the other workspace's link.
    const x = await services.analytics.report(as(ws), { ...wide, group_by: 'referrers', filter: { referrer_source: { in: ['X'] } }, tag: 'launch' });
    expect(x.data.map((d) => d.key)).toEqual(['t.co', 'twitter.com', 'x.com']);
    expect(x.total.clicks).toBe(7);
  });

  it('counts the bots of a host no person came through as the host filter does (IN and NOT IN)', async () => {
    const { services, ws, a } = await setUp();
    // 2026-11-21 11:00 UTC: only bots came through duckduckgo.com (a host of DuckDuckGo), no person.
    await opened!.repos.clicks.record(batchOf([hc(a, ws, hour(11), [[{ referrer: 'duckduckgo.com', bot: true }, 6]])], true));
    const r = (filter: Record<string, unknown>) => services.analytics.report(as(ws), { ...wide, filter });
    const byHost = await r({ referrer: { in: ['duckduckgo.com'] } });
    expect(byHost.total).toEqual({ clicks: 0, bots: 6 });
    expect((await r({ referrer_source: { in: ['DuckDuckGo'] } })).total).toEqual(byHost.total);
    const all = (await r({})).total;
    expect((await r({ referrer_source: { not_in: ['DuckDuckGo'] } })).total).toEqual({ clicks: all.clicks, bots: all.bots - 6 });
    expect((await r({ referrer_kind: { not_in: ['search'] } })).total.bots).toBe(
      (await r({ referrer: { not_in: ['duckduckgo.com'] }, referrer_kind: { not_in: ['search'] } })).total.bots,
    );
  });

  it('filters click events by source, on every page', async () => {
    const { services, ws } = await setUp();
    const q = { ...wide, filter: { referrer_source: { in: ['X'] } }, limit: 3 };
    const first = await services.clickEvents.page(as(ws), q);
    expect(first.data.map((e) => e.referrer)).toEqual(['x.com', 't.co', 't.co']);
    const second = await services.clickEvents.page(as(ws), { ...q, cursor: first.nextCursor });
    expect(second.data.map((e) => e.referrer)).toEqual(['t.co', 't.co', 'twitter.com']);
    const rest = await services.clickEvents.page(as(ws), { ...q, cursor: second.nextCursor });
    expect(rest.data.map((e) => e.referrer)).toEqual(['twitter.com']);
    expect(rest.nextCursor).toBeNull();
    const excluded = await services.clickEvents.page(as(ws), { ...wide, filter: { referrer_kind: { not_in: ['social', 'direct', 'search'] } } });
    expect(excluded.data.map((e) => e.referrer)).toEqual(['mail.google.com', 'news.example']);
  });
});
