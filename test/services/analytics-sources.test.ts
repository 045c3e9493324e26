/** Referrer sources (docs/adr/0214) as the service builds them from the rollups, on both stores: every host of the window and filters, summed per source, then the limit. */
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/env.js';
import { ManualClock } from '../../src/domain/clock.js';
import { buildServices } from '../../src/wiring/build-services.js';
import { hc, hour, type OpenedStore, openStore, STORE_KINDS } from '../contract/_harness.js';
import { as, TEST_ACTING } from '../support/caller.js';

describe.each(STORE_KINDS)('referrer sources on %s', (kind) => {
  let opened: OpenedStore | undefined;
  afterEach(async () => {
    await opened?.dispose();
    opened = undefined;
  });

  const clock = new ManualClock(Date.parse('2026-11-22T15:30:00Z'));
  async function setUp() {
    opened = await openStore(kind, { clock });
    const services = await buildServices(loadConfig({ DATABASE_URL: 'file::memory:' }), { clock, repos: opened.repos });
    const ws = (await services.workspaces.create(TEST_ACTING, `src-${kind}`, 'standard')).id;
    const link = (alias: string, tags: string[] = []) => services.links.create(as(ws), { destination: 'https://example.com/', alias, tags });
    const a = (await link('spring', ['launch'])).id;
    const b = (await link('autumn')).id;
    const other = (await services.workspaces.create(TEST_ACTING, `src2-${kind}`, 'standard')).id;
    const foreign = (await services.links.create(as(other), { destination: 'https://example.com/', alias: 'foreign' })).id;
    await opened.repos.clicks.record({
      events: [],
      hours: [
        hc(a, ws, hour(9), [
          [{ referrer: 't.co', country: 'DE' }, 4],
          [{ referrer: 'l.facebook.com', country: 'DE' }, 3],
          [{ referrer: 'www.google.de', country: 'FR' }, 2],
          [{ referrer: null, country: 'DE' }, 2],
          [{ referrer: 'news.example', country: 'US' }, 1],
          [{ referrer: 't.co', bot: true }, 5],
        ]),
        hc(b, ws, hour(30), [
          [{ referrer: 'x.com', country: 'FR' }, 1],
          [{ referrer: 'm.facebook.com', country: 'US' }, 2],
          [{ referrer: 'google.com', country: 'US' }, 1],
          [{ referrer: 'lnkd.in', country: 'DE' }, 1],
        ]),
        hc(foreign, other, hour(9), [[{ referrer: 'reddit.com' }, 50]]),
      ],
    });
    return { services, ws, a };
  }
  const window = { from: '2026-11-20', to: '2026-11-22' };

  it('sums every host per source, most clicks first, each with its kind and hosts; bots never', async () => {
    const { services, ws } = await setUp();
    const r = await services.analytics.report(as(ws), { ...window, group_by: 'referrer_sources' });
    expect(r.total).toEqual({ clicks: 17, bots: 5 });
    expect(r.data).toEqual([
      { key: 'Facebook', clicks: 5, kind: 'social', hosts: ['l.facebook.com', 'm.facebook.com'], hostsMore: 0 },
      { key: 'X', clicks: 5, kind: 'social', hosts: ['t.co', 'x.com'], hostsMore: 0 },
      { key: 'Google', clicks: 3, kind: 'search', hosts: ['www.google.de', 'google.com'], hostsMore: 0 },
      { key: '(direct)', clicks: 2, kind: 'direct', hosts: ['(direct)'], hostsMore: 0 },
      { key: 'LinkedIn', clicks: 1, kind: 'social', hosts: ['lnkd.in'], hostsMore: 0 },
      { key: 'news.example', clicks: 1, kind: 'other', hosts: ['news.example'], hostsMore: 0 },
    ]);
    // The sources add up to the referrers breakdown they come from.
    const hosts = await services.analytics.report(as(ws), { ...window, group_by: 'referrers', limit: 100 });
    expect(r.data.reduce((s, x) => s + x.clicks, 0)).toBe(hosts.data.reduce((s, x) => s + x.clicks, 0));
  });

  it('applies the limit after grouping, never to the hosts it groups', async () => {
    const { services, ws } = await setUp();
    // The referrers breakdown at limit 2 holds t.co and l.facebook.com only; the sources still sum every host.
    const r = await services.analytics.report(as(ws), { ...window, group_by: 'referrer_sources', limit: 2 });
    expect(r.data.map((x) => [x.key, x.clicks])).toEqual([
      ['Facebook', 5],
      ['X', 5],
    ]);
  });

  it('reads the same window and filters: a country, a link, a referrer NOT IN, a window of one day', async () => {
    const { services, ws, a } = await setUp();
    const q = (more: Record<string, unknown>) =>
      services.analytics.report(as(ws), { ...window, group_by: 'referrer_sources', ...more }).then((r) => r.data.map((x) => [x.key, x.clicks, x.hosts]));
    expect(await q({ filter: { country: { in: ['US'] } } })).toEqual([
      ['Facebook', 2, ['m.facebook.com']],
      ['Google', 1, ['google.com']],
      ['news.example', 1, ['news.example']],
    ]);
    expect(await q({ link_id: a, filter: { referrer: { in: ['t.co', 'x.com', 'www.google.de'] } } })).toEqual([
      ['X', 4, ['t.co']],
      ['Google', 2, ['www.google.de']],
    ]);
    expect(await q({ tag: 'launch', filter: { referrer: { not_in: ['t.co', 'x.com', '(direct)'] } } })).toEqual([
      ['Facebook', 3, ['l.facebook.com']],
      ['Google', 2, ['www.google.de']],
      ['news.example', 1, ['news.example']],
    ]);
    expect(await q({ from: '2026-11-22', to: '2026-11-22' })).toEqual([
      ['Facebook', 2, ['m.facebook.com']],
      ['Google', 1, ['google.com']],
      ['LinkedIn', 1, ['lnkd.in']],
      ['X', 1, ['x.com']],
    ]);
  });

  it('compares with the previous window: its hosts grouped into the same sources, 0 where a source had none', async () => {
    const { services, ws } = await setUp();
    const r = await services.analytics.report(as(ws), { from: '2026-11-22', to: '2026-11-22', group_by: 'referrer_sources', compare: 'previous' });
    expect(r.previous?.total).toEqual({ clicks: 12, bots: 5 });
    expect(r.data.map((x) => [x.key, x.clicks, x.previousClicks])).toEqual([
      ['Facebook', 2, 3],
      ['Google', 1, 2],
      ['LinkedIn', 1, 0],
      ['X', 1, 4],
    ]);
  });

  it('answers an empty list for a window without clicks, and never another workspace', async () => {
    const { services, ws } = await setUp();
    const r = await services.analytics.report(as(ws), { from: '2026-11-01', to: '2026-11-10', group_by: 'referrer_sources' });
    expect(r.data).toEqual([]);
    const all = await services.analytics.report(as(ws), { ...window, group_by: 'referrer_sources', limit: 100 });
    expect(all.data.some((x) => x.key === 'Reddit')).toBe(false);
  });
});
