/** Workspace analytics as the service builds them from the rollups, on both stores (seeded through the clicks repository). */
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/env.js';
import { ManualClock } from '../../src/domain/clock.js';
import type { Services } from '../../src/wiring/all-services.js';
import { buildServices } from '../../src/wiring/build-services.js';
import { hcDims, type OpenedStore, openStore, STORE_KINDS } from '../contract/_harness.js';
import { as, TEST_ACTING } from '../support/caller.js';

const h = (iso: string) => Date.parse(iso);
/** The domain the links are created on (the service's default). */
const D = 'localhost:8080';

describe.each(STORE_KINDS)('workspace analytics on %s', (kind) => {
  let opened: OpenedStore | undefined;
  afterEach(async () => {
    await opened?.dispose();
    opened = undefined;
  });

  const clock = new ManualClock(Date.parse('2026-11-22T15:30:00Z'));
  async function setUp() {
    opened = await openStore(kind, { clock });
    const services: Services = await buildServices(loadConfig({ DATABASE_URL: 'file::memory:', LSK_COUNTRY_HEADER: 'cf-ipcountry' }), {
      clock,
      repos: opened.repos,
    });
    const ws = (await services.workspaces.create(TEST_ACTING, `an-${kind}`, 'standard')).id;
    const make = (alias: string, tags: string[], externalId?: string) =>
      services.links.create(as(ws), { destination: 'https://example.com/', alias, tags, ...(externalId ? { external_id: externalId } : {}) });
    const a = (await make('spring', ['Campaign', 'spring'], 'crm-1')).id;
    const b = (await make('autumn', ['campaign'])).id;
    const c = (await make('plain', [])).id;
    const elsewhere = (await services.workspaces.create(TEST_ACTING, `an2-${kind}`, 'standard')).id;
    const foreign = (await services.links.create(as(elsewhere), { destination: 'https://example.com/', alias: 'foreign' })).id;
    await opened.repos.clicks.record({
      events: [],
      hours: [
        hcDims(a, ws, h('2026-11-20T22:00:00Z'), 2, 1, { country: { DE: 2 }, browser: { Chrome: 2 }, os: { Windows: 2 }, device: { desktop: 2 } }, D),
        hcDims(
          a,
          ws,
          h('2026-11-21T09:00:00Z'),
          3,
          0,
          {
            country: { FR: 3 },
            referrer: { 'news.example': 3 },
            browser: { Safari: 3 },
            os: { iOS: 3 },
            device: { mobile: 3 },
          },
          D,
        ),
        hcDims(b, ws, h('2026-11-21T23:00:00Z'), 4, 2, { country: { DE: 4 }, browser: { Firefox: 4 }, os: { Linux: 4 }, device: { desktop: 4 } }, D),
        hcDims(c, ws, h('2026-11-22T10:00:00Z'), 0, 5, {}, D),
        hcDims(foreign, elsewhere, h('2026-11-21T10:00:00Z'), 9, 0, { country: { US: 9 } }, D),
      ],
    });
    return { services, ws, a, b, c, foreign };
  }

  it('answers a daily time series in UTC over the default 30 days: every bucket, zeros included, totals with bots apart', async () => {
    const { services, ws } = await setUp();
    const r = await services.analytics.report(as(ws), {});
    expect(r).toMatchObject({ groupBy: 'timeseries', interval: 'day', timezone: 'UTC', total: { clicks: 9, bots: 8 } });
    expect([r.from.toISOString(), r.to.toISOString()]).toEqual(['2026-10-24T00:00:00.000Z', '2026-11-23T00:00:00.000Z']);
    expect(r.data).toHaveLength(30);
    expect(r.data.slice(-3)).toEqual([
      { key: '2026-11-20T00:00:00.000Z', clicks: 2 },
      { key: '2026-11-21T00:00:00.000Z', clicks: 7 },
      { key: '2026-11-22T00:00:00.000Z', clicks: 0 },
    ]);
  });

  it('buckets days at local midnight in a time zone, and hours, weeks and months', async () => {
    const { services, ws } = await setUp();
    const berlin = await services.analytics.report(as(ws), { from: '2026-11-20', to: '2026-11-22', timezone: 'Europe/Berlin' });
    // 22:00Z on the 20th is 23:00 there (the 20th); 23:00Z on the 21st is midnight of the 22nd. In UTC: 2, 7, 0.
    expect(berlin.data).toEqual([
      { key: '2026-11-19T23:00:00.000Z', clicks: 2 },
      { key: '2026-11-20T23:00:00.000Z', clicks: 3 },
      { key: '2026-11-21T23:00:00.000Z', clicks: 4 },
    ]);
    const hours = await services.analytics.report(as(ws), { interval: 'hour', from: '2026-11-21T08:00:00Z', to: '2026-11-21T11:00:00Z' });
    expect(hours.data.map((d) => d.clicks)).toEqual([0, 3, 0]);
    const weeks = await services.analytics.report(as(ws), { interval: 'week', from: '2026-11-01', to: '2026-11-30' });
    expect(weeks.data.map((d) => [d.key.slice(0, 10), d.clicks])).toEqual([
      ['2026-10-26', 0],
      ['2026-11-02', 0],
      ['2026-11-09', 0],
      ['2026-11-16', 9],
      ['2026-11-23', 0],
      ['2026-11-30', 0],
    ]);
    const months = await services.analytics.report(as(ws), { interval: 'month', from: '2026-10-15', to: '2026-11-30' });
    expect(months.data).toEqual([
      { key: '2026-10-01T00:00:00.000Z', clicks: 0 },
      { key: '2026-11-01T00:00:00.000Z', clicks: 9 },
    ]);
  });

  it('groups by country, referrer, device, browser and OS, most clicks first, ties by key, at most limit', async () => {
    const { services, ws } = await setUp();
    const by = async (group_by: string, limit?: number) => (await services.analytics.report(as(ws), { group_by, ...(limit ? { limit } : {}) })).data;
    expect(await by('countries')).toEqual([
      { key: 'DE', clicks: 6 },
      { key: 'FR', clicks: 3 },
    ]);
    // Clicks without a referrer count as (direct).
    expect(await by('referrers')).toEqual([
      { key: '(direct)', clicks: 6 },
      { key: 'news.example', clicks: 3 },
    ]);
    expect(await by('devices')).toEqual([
      { key: 'desktop', clicks: 6 },
      { key: 'mobile', clicks: 3 },
    ]);
    expect(await by('browsers', 2)).toEqual([
      { key: 'Firefox', clicks: 4 },
      { key: 'Safari', clicks: 3 },
    ]);
    expect(await by('os')).toEqual([
      { key: 'Linux', clicks: 4 },
      { key: 'iOS', clicks: 3 },
      { key: 'Windows', clicks: 2 },
    ]);
    const r = await services.analytics.report(as(ws), { group_by: 'countries' });
    expect(r).toMatchObject({ interval: null, total: { clicks: 9, bots: 8 } });
  });

  it('ranks top links with alias and short URL, and tags by the clicks of the links carrying them', async () => {
    const { services, ws, a, b } = await setUp();
    expect((await services.analytics.report(as(ws), { group_by: 'links' })).data).toEqual([
      { key: a, clicks: 5, alias: 'spring', shortUrl: expect.stringMatching(/\/spring$/) },
      { key: b, clicks: 4, alias: 'autumn', shortUrl: expect.stringMatching(/\/autumn$/) },
    ]);
    expect((await services.analytics.report(as(ws), { group_by: 'tags' })).data).toEqual([
      { key: 'Campaign', clicks: 9 },
      { key: 'spring', clicks: 5 },
    ]);
    expect((await services.analytics.report(as(ws), { group_by: 'tags', limit: 1 })).data).toEqual([{ key: 'Campaign', clicks: 9 }]);
  });

  it('scopes to a link (ext_ ids too), a tag or a domain; another workspace’s link is not found', async () => {
    const { services, ws, a, c, foreign } = await setUp();
    expect((await services.analytics.report(as(ws), { link_id: a, group_by: 'countries' })).data).toEqual([
      { key: 'FR', clicks: 3 },
      { key: 'DE', clicks: 2 },
    ]);
    expect((await services.analytics.report(as(ws), { link_id: 'ext_crm-1' })).total).toEqual({ clicks: 5, bots: 1 });
    expect((await services.analytics.report(as(ws), { link_id: c })).total).toEqual({ clicks: 0, bots: 5 });
    expect((await services.analytics.report(as(ws), { tag: 'SPRING' })).total).toEqual({ clicks: 5, bots: 1 });
    expect((await services.analytics.report(as(ws), { tag: 'campaign', link_id: c })).total).toEqual({ clicks: 0, bots: 0 });
    expect((await services.analytics.report(as(ws), { tag: 'nobody' })).total).toEqual({ clicks: 0, bots: 0 });
    const { domain } = await services.links.get(as(ws), a);
    expect((await services.analytics.report(as(ws), { domain, group_by: 'links' })).data.map((d) => d.alias)).toEqual(['spring', 'autumn']);
    expect((await services.analytics.report(as(ws), { domain: 'other.example' })).total).toEqual({ clicks: 0, bots: 0 });
    await expect(services.analytics.report(as(ws), { link_id: foreign })).rejects.toMatchObject({ code: 'not_found' });
  });

  it('follows tag changes from every path (update, bulk, rename, delete), before and after the hours close', async () => {
    const { services, ws, a, b, c } = await setUp();
    // Each change synced only what it touched, and that was all: a whole-workspace sync finds
    // nothing left to move, so the reads use the tag sheets rather than the links' sheets.
    const tagged = async (tag: string) => {
      expect(await opened!.repos.clicks.syncTags?.(ws)).toBe(0);
      return (await services.analytics.report(as(ws), { tag, from: '2026-11-19', group_by: 'countries' })).total;
    };
    const rounds = [false, true];
    for (const closed of rounds) {
      if (closed) {
        clock.advance(3 * 3_600_000);
        await opened!.repos.clicks.maintain(); // the hours close into the link, domain and tag sheets
      }
      expect(await tagged('campaign')).toEqual({ clicks: 9, bots: 3 });
      await services.links.update(as(ws), a, { tags: ['spring'] });
      expect(await tagged('campaign')).toEqual({ clicks: 4, bots: 2 });
      expect(await tagged('spring')).toEqual({ clicks: 5, bots: 1 });
      await services.bulkLinks.update(as(ws), { ids: [a, c], add_tags: ['campaign'] });
      expect(await tagged('campaign')).toEqual({ clicks: 9, bots: 8 });
      await services.workspaces.updateTag(as(ws), 'spring', { name: 'Campaign' });
      expect(await tagged('spring')).toEqual({ clicks: 0, bots: 0 });
      expect(await tagged('campaign')).toEqual({ clicks: 9, bots: 8 });
      await services.workspaces.deleteTag(as(ws), 'campaign');
      expect(await tagged('campaign')).toEqual({ clicks: 0, bots: 0 });
      await services.links.update(as(ws), b, { tags: ['campaign'] });
      await services.links.update(as(ws), a, { tags: ['Campaign', 'spring'] });
      await services.links.update(as(ws), c, { tags: [] });
    }
  });

  it('counts links created in bulk under their tags at once, before and after the hours close', async () => {
    clock.set(h('2026-11-22T15:30:00Z'));
    const { services, ws } = await setUp();
    const made = await services.bulkLinks.create(as(ws), {
      links: [
        { destination: 'https://example.com/', alias: 'bulk-1', tags: ['Bulk', 'campaign'] },
        { destination: 'https://example.com/', alias: 'bulk-2', tags: ['bulk'] },
      ],
    });
    const [x, y] = made.map((m) => ('link' in m ? m.link.id : ''));
    // The inserts recorded the new links' tags (SQLite; MongoDB's closing records them): a whole-workspace sync finds nothing to move.
    expect(await opened!.repos.clicks.syncTags?.(ws)).toBe(0);
    await opened!.repos.clicks.record({
      events: [],
      hours: [
        hcDims(x!, ws, h('2026-11-22T11:00:00Z'), 6, 1, { country: { DE: 6 } }, D),
        hcDims(y!, ws, h('2026-11-22T12:00:00Z'), 2, 0, { country: { FR: 2 } }, D),
      ],
    });
    const total = async (tag: string) => (await services.analytics.report(as(ws), { tag, from: '2026-11-19', group_by: 'countries' })).total;
    for (const closed of [false, true]) {
      if (closed) {
        clock.advance(3 * 3_600_000);
        await opened!.repos.clicks.maintain(); // the hours close into the link, domain and tag sheets
      }
      expect(await total('bulk')).toEqual({ clicks: 8, bots: 1 });
      expect(await total('campaign')).toEqual({ clicks: 15, bots: 4 });
      expect(await opened!.repos.clicks.syncTags?.(ws)).toBe(0);
    }
  });

  it('refuses bad input with every problem named', async () => {
    const { services, ws } = await setUp();
    const refused = async (q: Record<string, unknown>) => {
      const e = await services.analytics.report(as(ws), q).catch((x: unknown) => x as { code: string; details: { path: string }[] });
      return { code: (e as { code: string }).code, paths: (e as { details: { path: string }[] }).details.map((d) => d.path) };
    };
    expect(await refused({ group_by: 'planets', interval: 'minute', timezone: 'Nowhere/Land', limit: 101, from: 'yesterday' })).toEqual({
      code: 'validation_failed',
      paths: ['group_by', 'from', 'interval', 'timezone', 'limit'],
    });
    expect(await refused({ from: '2024-01-01', to: '2026-01-01' })).toEqual({ code: 'validation_failed', paths: ['from'] });
    expect(await refused({ interval: 'hour', from: '2026-09-01' })).toEqual({ code: 'validation_failed', paths: ['interval'] });
  });
});
