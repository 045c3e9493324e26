/**
 * The link of an analytics row and of a click event (AnalyticsItem.link, ClickEvent.link, docs/adr/0236)
 * through the real schema and services on both stores: every row's link in one read of the store,
 * only links the caller may see (its workspace's, within a key's restriction), a deleted one null.
 * The links repository is the store's own, its calls counted on the way through.
 */
import { execute, parse } from 'graphql';
import { afterEach, describe, expect, it } from 'vitest';
import type { Principal } from '../../src/auth/principal.js';
import { callerOf } from '../../src/auth/principal.js';
import { loadConfig } from '../../src/config/env.js';
import { ManualClock } from '../../src/domain/clock.js';
import type { GraphQLContext } from '../../src/graphql/context.js';
import { loaders } from '../../src/graphql/loaders.js';
import { buildSchema } from '../../src/graphql/schema/index.js';
import type { Repositories } from '../../src/storage/repositories.js';
import type { Services } from '../../src/wiring/all-services.js';
import { buildServices } from '../../src/wiring/build-services.js';
import { batchOf, hcDims, type OpenedStore, openStore, STORE_KINDS } from '../contract/_harness.js';
import { as, TEST_ACTING } from '../support/caller.js';

const schema = buildSchema();
const ROWS = parse(`{
  analytics(group_by: links) { data { key short_url link { id title } } }
  clickEvents(limit: 100) { data { link_id link { id title } } }
}`);

describe.each(STORE_KINDS)('the links of analytics rows and click events on %s', (kind) => {
  let opened: OpenedStore | undefined;
  afterEach(async () => {
    await opened?.dispose();
    opened = undefined;
  });

  const clock = new ManualClock(Date.parse('2026-11-22T15:30:00Z'));
  /** What the services asked of the links repository, by method. */
  const calls: string[] = [];

  async function setUp() {
    opened = await openStore(kind, { clock });
    const store = opened.repos;
    const links = new Proxy(store.links, {
      get(target, name, receiver) {
        const v = Reflect.get(target, name, receiver);
        if (typeof v !== 'function') return v;
        return (...args: unknown[]) => {
          calls.push(String(name));
          return v.apply(target, args);
        };
      },
    });
    const repos = new Proxy(store, { get: (target, name) => (name === 'links' ? links : Reflect.get(target, name)) }) as Repositories;
    const services = await buildServices(loadConfig({ DATABASE_URL: 'file::memory:' }), { clock, repos });
    const ws = (await services.workspaces.create(TEST_ACTING, `rows-${kind}`, 'standard')).id;
    const elsewhere = (await services.workspaces.create(TEST_ACTING, `rows-b-${kind}`, 'standard')).id;
    const made = async (w: string, alias: string, tags: string[], title?: string) =>
      (await services.links.create(as(w), { destination: 'https://example.com/', alias, tags, ...(title ? { title } : {}) })).id;
    const ids = {
      spring: await made(ws, 'spring', ['team'], 'Spring sale'),
      autumn: await made(ws, 'autumn', ['team'], 'Autumn newsletter'),
      plain: await made(ws, 'plain', ['team']),
      outside: await made(ws, 'outside', ['other'], 'Not the key’s'),
      gone: await made(ws, 'gone', ['team'], 'Deleted'),
      theirs: await made(elsewhere, 'theirs', ['team'], 'Another workspace'),
    };
    const h = Date.parse('2026-11-21T10:00:00Z');
    await store.clicks.record(
      batchOf(
        [ids.spring, ids.autumn, ids.plain, ids.outside].map((id, i) => hcDims(id, ws, h, 4 - i, 0)),
        true,
      ),
    );
    return { services, ws, ids };
  }

  async function principal(services: Services, ws: string, grant: { scopes: string[]; tags?: string[] }): Promise<Principal> {
    const { secret } = await services.keys.issue(as(ws), 'rows', grant as never);
    return services.keys.authenticate(`Bearer ${secret}`);
  }
  const contextOf = (services: Services, p: Principal): GraphQLContext => ({ services, principal: p, caller: callerOf(p, 'req_rows'), requestId: 'req_rows' });

  it("answers each row's and each click's link with its title, reading the links of a whole answer at once", async () => {
    const { services, ws, ids } = await setUp();
    const ctx = contextOf(services, await principal(services, ws, { scopes: ['analytics:read', 'links:read'] }));
    calls.length = 0;
    const r = await execute({ schema, document: ROWS, contextValue: ctx });
    expect(r.errors).toBeUndefined();
    const rows = (r.data as { analytics: { data: { key: string; link: { id: string; title: string | null } }[] } }).analytics.data;
    expect(rows.map((x) => [x.key, x.link])).toEqual([
      [ids.spring, { id: ids.spring, title: 'Spring sale' }],
      [ids.autumn, { id: ids.autumn, title: 'Autumn newsletter' }],
      [ids.plain, { id: ids.plain, title: null }],
      [ids.outside, { id: ids.outside, title: 'Not the key’s' }],
    ]);
    const events = (r.data as { clickEvents: { data: { link_id: string; link: { title: string | null } }[] } }).clickEvents.data;
    expect(events).toHaveLength(4 + 3 + 2 + 1);
    for (const e of events) expect(e.link).toEqual({ id: e.link_id, title: rows.find((x) => x.key === e.link_id)!.link.title });
    // Never a read per link: the two answers' own reads, and one read for the links of both (or one each).
    expect(calls.filter((c) => c === 'get')).toEqual([]);
    expect(calls.filter((c) => c === 'byIds').length).toBeLessThanOrEqual(4);
  });

  it('reads the links of many ids in one read of the store: a restricted key sees its own, never another workspace’s or a deleted link', async () => {
    const { services, ws, ids } = await setUp();
    await services.links.delete(as(ws), ids.gone);
    const ctx = contextOf(services, await principal(services, ws, { scopes: ['analytics:read', 'links:read'], tags: ['team'] }));
    calls.length = 0;
    const asked = [ids.spring, ids.outside, ids.theirs, ids.gone, 'lnk_nosuchlink0000000', ids.plain];
    const found = await loaders(ctx).linkById.loadMany(asked);
    expect(found.map((l) => (l && !(l instanceof Error) ? l.title : l))).toEqual(['Spring sale', null, null, null, null, null]);
    expect((found[5] as { id: string }).id).toBe(ids.plain);
    expect(calls).toEqual(['byIds']);
  });

  it('answers a row’s link null with a refusal to a key without links:read, and its rows still', async () => {
    const { services, ws, ids } = await setUp();
    const ctx = contextOf(services, await principal(services, ws, { scopes: ['analytics:read'] }));
    const r = await execute({
      schema,
      document: parse('{ analytics(group_by: links, limit: 1) { data { key short_url link { title } } } }'),
      contextValue: ctx,
    });
    expect(r.data).toEqual({ analytics: { data: [{ key: ids.spring, short_url: expect.stringMatching(/\/spring$/), link: null }] } });
    expect(r.errors?.map((e) => [e.path?.join('.'), (e.originalError as { code?: string } | undefined)?.code])).toEqual([
      ['analytics.data.0.link', 'insufficient_scope'],
    ]);
    // A row that is no link answers null, with no refusal to read.
    const series = await execute({
      schema,
      document: parse('{ analytics(from: "2026-11-20", to: "2026-11-21") { data { key link { title } } } }'),
      contextValue: ctx,
    });
    expect(series.errors).toBeUndefined();
    expect((series.data as { analytics: { data: { link: null }[] } }).analytics.data.map((x) => x.link)).toEqual([null, null]);
  });

  it('answers a shared report’s top links with their link null, without a refusal (read without a key)', async () => {
    const { services, ws } = await setUp();
    const made = await services.analyticsShares.create(as(ws), {});
    const token = made.url!.split('/share/')[1]!;
    const r = await execute({
      schema,
      document: parse(`{ sharedAnalytics(token: "${token}", group_by: links, limit: 2) { analytics { data { key link { title } } } } }`),
      contextValue: { services, principal: null, caller: null, requestId: 'req_share' } satisfies GraphQLContext,
    });
    expect(r.errors).toBeUndefined();
    const rows = (r.data as { sharedAnalytics: { analytics: { data: { link: null }[] } } }).sharedAnalytics.analytics.data;
    expect(rows.map((x) => x.link)).toEqual([null, null]);
  });
});
