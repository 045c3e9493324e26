/**
 * Shared read-only analytics (docs/adr/0215), on both stores: a share's public read never widens past
 * its link, tag or domain, never reads another workspace, stops at its expiry on the injectable clock,
 * and goes with its link or workspace.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/env.js';
import type { Caller } from '../../src/domain/caller.js';
import { ManualClock } from '../../src/domain/clock.js';
import { LskError } from '../../src/domain/errors.js';
import type { Services } from '../../src/wiring/all-services.js';
import { buildServices } from '../../src/wiring/build-services.js';
import { hcDims, type OpenedStore, openStore, STORE_KINDS } from '../contract/_harness.js';
import { as, TEST_ACTING } from '../support/caller.js';
import { waitFor } from '../support/wait-for.js';

const D = 'localhost:8080';
const WINDOW = { from: '2026-11-20', to: '2026-11-22' };
const tokenOf = (url: string | null) => url!.split('/share/')[1]!;

async function codeOf(p: Promise<unknown>): Promise<string> {
  try {
    await p;
    return 'ok';
  } catch (e) {
    return e instanceof LskError ? e.code : `unexpected: ${(e as Error).message}`;
  }
}

describe.each(STORE_KINDS)('analytics shares on %s', (kind) => {
  let opened: OpenedStore | undefined;
  afterEach(async () => {
    await opened?.dispose();
    opened = undefined;
  });

  const clock = new ManualClock(Date.parse('2026-11-25T15:30:00Z'));
  async function setUp() {
    clock.set(Date.parse('2026-11-25T15:30:00Z'));
    opened = await openStore(kind, { clock });
    const services: Services = await buildServices(loadConfig({ DATABASE_URL: 'file::memory:' }), { clock, repos: opened.repos });
    const wsRecord = await services.workspaces.create(TEST_ACTING, `shr-${kind}`, 'standard');
    const ws = wsRecord.id;
    const make = (w: string, alias: string, tags: string[]) => services.links.create(as(w), { destination: 'https://example.com/', alias, tags });
    const a = (await make(ws, 'spring', ['Campaign'])).id;
    const b = (await make(ws, 'autumn', ['other'])).id;
    const elsewhere = (await services.workspaces.create(TEST_ACTING, `shr2-${kind}`, 'standard')).id;
    const foreign = (await make(elsewhere, 'foreign', ['Campaign'])).id;
    const at = (iso: string) => Date.parse(iso);
    await opened.repos.clicks.record({
      events: [],
      hours: [
        hcDims(a, ws, at('2026-11-20T10:00:00Z'), 5, 0, { country: { DE: 5 } }, D),
        hcDims(b, ws, at('2026-11-21T10:00:00Z'), 3, 0, { country: { FR: 3 } }, D),
        hcDims(foreign, elsewhere, at('2026-11-21T10:00:00Z'), 70, 0, { country: { DE: 70 } }, D),
      ],
    });
    const share = async (caller: Caller, input: object) => tokenOf((await services.analyticsShares.create(caller, input)).url);
    const read = (token: string, q: object = {}) => services.sharedAnalytics.report(token, { ...WINDOW, ...q });
    return { services, wsRecord, ws, a, b, elsewhere, foreign, share, read };
  }

  it('a link share reads that link only: other links in a filter read nothing, whichever workspace they are of, and never answer 404', async () => {
    const { ws, a, b, foreign, share, read } = await setUp();
    const token = await share(as(ws), { link_id: a });
    const r = await read(token);
    expect(r.kind).toBe('link');
    expect(r.label).toBe('http://localhost:8080/spring');
    expect(r.report.total.clicks).toBe(5);
    for (const other of [b, foreign, 'lnk_doesnotexist', 'ext_order-1']) {
      expect((await read(token, { filter: { link_id: { in: [other] } } })).report.total.clicks).toBe(0);
      expect((await read(token, { filter: { link_id: { in: [a, other] } } })).report.total.clicks).toBe(5);
      expect((await read(token, { filter: { link_id: { not_in: [other] } } })).report.total.clicks).toBe(5);
    }
    expect((await read(token, { filter: { link_id: { not_in: [a] } } })).report.total.clicks).toBe(0);
    // Grouped by links or tags: within the share.
    expect((await read(token, { group_by: 'links' })).report.data.map((d) => d.key)).toEqual([a]);
    expect((await read(token, { group_by: 'tags' })).report.data.map((d) => d.key)).toEqual(['Campaign']);
    expect((await read(token, { group_by: 'countries' })).report.data).toEqual([{ key: 'DE', clicks: 5 }]);
  });

  it('a tag share reads the links carrying it in its workspace; a domain and a workspace share theirs, never another workspace', async () => {
    const { ws, a, b, foreign, share, read } = await setUp();
    const tag = await share(as(ws), { tag: 'campaign' });
    expect((await read(tag)).report.total.clicks).toBe(5);
    expect((await read(tag)).label).toBe('Campaign');
    expect((await read(tag, { filter: { tag: { in: ['other'] } } })).report.total.clicks).toBe(0);
    expect((await read(tag, { filter: { link_id: { in: [b] } } })).report.total.clicks).toBe(0);
    expect((await read(tag, { filter: { link_id: { in: [foreign] } } })).report.total.clicks).toBe(0);
    expect((await read(tag, { filter: { link_id: { in: [a] } } })).report.total.clicks).toBe(5);
    expect((await read(tag, { group_by: 'links' })).report.data.map((d) => d.key)).toEqual([a]);
    const domain = await share(as(ws), { domain: D });
    expect((await read(domain)).report.total.clicks).toBe(8);
    expect((await read(domain, { filter: { domain: { in: ['go.example'] } } })).report.total.clicks).toBe(0);
    const whole = await share(as(ws), {});
    const all = await read(whole, { group_by: 'countries' });
    expect(all.kind).toBe('workspace');
    expect(all.label).toBe(`shr-${kind}`);
    expect(all.report.total.clicks).toBe(8);
    expect(all.report.data).toEqual([
      { key: 'DE', clicks: 5 },
      { key: 'FR', clicks: 3 },
    ]);
    expect((await read(whole, { filter: { link_id: { in: [foreign] } } })).report.total.clicks).toBe(0);
  });

  it('refuses what is not the workspace’s, a past expiry, a second scope, and past the bound', async () => {
    const { services, ws, elsewhere, foreign } = await setUp();
    const create = (caller: Caller, input: object) => codeOf(services.analyticsShares.create(caller, input));
    expect(await create(as(ws), { link_id: foreign })).toBe('not_found');
    expect(await create(as(ws), { tag: 'nosuchtag' })).toBe('not_found');
    expect(await create(as(ws), { domain: 'not-mine.example' })).toBe('not_found');
    expect(await create(as(ws), { expires_at: '2026-11-25T15:29:59Z' })).toBe('validation_failed');
    expect(await create(as(ws), { tag: 'Campaign', domain: D })).toBe('validation_failed');
    expect(await create(as(ws), { link_id: 'lnk_x', bogus: 1 })).toBe('validation_failed');
    expect((await services.analyticsShares.list(as(ws), {})).data).toEqual([]);
    for (let i = 0; i < 100; i++) await services.analyticsShares.create(as(elsewhere), {});
    expect(await create(as(elsewhere), {})).toBe('validation_failed');
    const page = await services.analyticsShares.list(as(elsewhere), { limit: 60 });
    expect(page.data.length).toBe(60);
    expect(page.data.every((v) => v.url === null)).toBe(true);
    const rest = await services.analyticsShares.list(as(elsewhere), { limit: 60, cursor: page.nextCursor });
    expect(rest.data.length).toBe(40);
    expect(rest.nextCursor).toBeNull();
    expect(new Set([...page.data, ...rest.data].map((v) => v.share.id)).size).toBe(100);
  });

  it('answers not_found alike for an unknown, a revoked and an expired token (the clock decides), and the workspace of another never deletes it', async () => {
    const { services, ws, elsewhere, share, read } = await setUp();
    const expiring = await share(as(ws), { expires_at: '2026-11-25T16:30:00Z' });
    const revoked = await services.analyticsShares.create(as(ws), {});
    expect((await read(expiring)).report.total.clicks).toBe(8);
    expect(await codeOf(services.analyticsShares.delete(as(elsewhere), revoked.share.id))).toBe('not_found');
    expect((await read(tokenOf(revoked.url))).report.total.clicks).toBe(8);
    await services.analyticsShares.delete(as(ws), revoked.share.id);
    clock.advance(59 * 60_000);
    expect((await read(expiring)).report.total.clicks).toBe(8);
    clock.advance(60_000);
    const messages = new Set<string>();
    for (const token of [expiring, tokenOf(revoked.url), 'A'.repeat(24), 'short', '']) {
      const e = await services.sharedAnalytics.report(token, {}).catch((x: unknown) => x);
      expect(e).toBeInstanceOf(LskError);
      expect((e as LskError).code).toBe('not_found');
      messages.add((e as LskError).message);
    }
    expect(messages.size).toBe(1);
  });

  it('goes with its link (the read at once, the record just after) and with its workspace', async () => {
    const { services, wsRecord, ws, a, share, read } = await setUp();
    const linkShare = await share(as(ws), { link_id: a });
    const whole = await share(as(ws), {});
    await services.links.delete(as(ws), a);
    expect(await codeOf(read(linkShare))).toBe('not_found');
    const left = await waitFor(
      () => services.analyticsShares.list(as(ws), {}),
      (p) => p.data.length === 1,
    );
    expect(left.data.map((v) => v.share.linkId)).toEqual([null]);
    expect((await read(whole)).report.total.clicks).toBe(3);
    await services.workspaces.delete(as(ws), wsRecord, { confirm: wsRecord.slug });
    expect(await codeOf(read(whole))).toBe('not_found');
    await services.workspacePurge.run();
    expect(await services.repos.analyticsShares.count(ws)).toBe(0);
  });

  it('lets a restricted key share only a link it may read, and list and delete only those', async () => {
    const { services, ws, a, b } = await setUp();
    const restricted: Caller = { ...as(ws), restriction: { domains: null, tags: ['Campaign'] } };
    expect(await codeOf(services.analyticsShares.create(restricted, { link_id: b }))).toBe('not_found');
    expect(await codeOf(services.analyticsShares.create(restricted, { tag: 'Campaign' }))).toBe('forbidden');
    expect(await codeOf(services.analyticsShares.create(restricted, {}))).toBe('forbidden');
    const mine = await services.analyticsShares.create(restricted, { link_id: a });
    const theirs = await services.analyticsShares.create(as(ws), { link_id: b });
    await services.analyticsShares.create(as(ws), {});
    expect((await services.analyticsShares.list(restricted, { limit: 1 })).data.map((v) => v.share.id)).toEqual([mine.share.id]);
    expect(await codeOf(services.analyticsShares.delete(restricted, theirs.share.id))).toBe('not_found');
    await services.analyticsShares.delete(restricted, mine.share.id);
    expect((await services.analyticsShares.list(as(ws), {})).data.length).toBe(2);
  });
});
