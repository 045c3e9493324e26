/**
 * The storage contract: every Store implementation must pass this same suite.
 * SQLite runs in memory; MongoDB runs against the run's MongoDB (MONGODB_URI or a local FerretDB,
 * see test/support/mongo.ts) on a fresh random database per test. Without a MongoDB the MongoDB
 * half FAILS with instructions; it never skips.
 */

import { MongoClient } from 'mongodb';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ApiKey, Click, Link, SigningKey, Workspace } from '../../src/domain/model.js';
import { MongoStore } from '../../src/storage/mongo/mongo-store.js';
import { SqliteStore } from '../../src/storage/sqlite/sqlite-store.js';
import { type NewLink, type Store, StoreConflict, StoreUnavailable } from '../../src/storage/store.js';
import { testMongoUri, uniqueDbName } from '../support/mongo.js';

interface Opened {
  store: Store;
  dispose(): Promise<void>;
}

interface Harness {
  name: string;
  open(): Promise<Opened>;
  finish(): Promise<void>;
}

let adminClient: MongoClient | undefined;

const harnesses: Harness[] = [
  {
    name: 'SqliteStore',
    async open() {
      const store = new SqliteStore(':memory:');
      await store.init();
      return { store, dispose: () => store.close() };
    },
    async finish() {},
  },
  {
    name: 'MongoStore',
    async open() {
      const uri = testMongoUri(); // throws (failing the test) when no MongoDB can be had
      const dbName = uniqueDbName('lsk_contract');
      const store = new MongoStore(uri, { dbName });
      await store.init();
      return {
        store,
        async dispose() {
          await store.close();
          adminClient ??= new MongoClient(uri, { serverSelectionTimeoutMS: 5000 });
          await adminClient.db(dbName).dropDatabase();
        },
      };
    },
    async finish() {
      await adminClient?.close();
      adminClient = undefined;
    },
  },
];

// --- fixtures -------------------------------------------------------------------------------

const T0 = Date.parse('2026-11-21T10:00:00.000Z');
/** A time `s` seconds after T0. */
const at = (s: number): Date => new Date(T0 + s * 1000);

let seq = 0;
const uid = (prefix: string): string => `${prefix}_${(++seq).toString(36).padStart(6, '0')}${Math.random().toString(36).slice(2, 8)}`;

function workspace(over: Partial<Workspace> = {}): Workspace {
  const id = over.id ?? uid('wsp');
  return { id, slug: over.slug ?? `ws-${id.slice(4).toLowerCase()}`, plan: 'standard', rateLimitRpm: 100, createdAt: at(0), ...over };
}

/** What findRedirect answers for a link. */
function target(l: Link | null) {
  if (!l) throw new Error('expected a link');
  return { id: l.id, workspaceId: l.workspaceId, destination: l.destination, geoTargeting: l.geoTargeting };
}

function newLink(workspaceId: string, over: Partial<NewLink> = {}): NewLink {
  return {
    id: uid('lnk'),
    workspaceId,
    domain: 'go.example',
    alias: uid('a'),
    destination: 'https://example.com/landing',
    geoTargeting: {},
    tags: [],
    createdAt: at(1),
    ...over,
  };
}

function apiKey(workspaceId: string, over: Partial<ApiKey> = {}): ApiKey {
  return {
    id: uid('key'),
    workspaceId,
    name: 'default',
    kid: 'kid-1',
    createdAt: at(0),
    expiresAt: at(90 * 86400),
    lastUsedAt: null,
    revokedAt: null,
    successorId: null,
    ...over,
  };
}

function signingKey(kid: string, over: Partial<SigningKey> = {}): SigningKey {
  return { kid, privateJwk: `{"kty":"OKP","d":"${kid}-private"}`, publicJwk: `{"kty":"OKP","x":"${kid}-public"}`, createdAt: at(0), ...over };
}

function click(linkId: string, workspaceId: string, over: Partial<Click> = {}): Click {
  return {
    linkId,
    workspaceId,
    at: at(60),
    country: 'DE',
    referrerHost: 'news.example',
    device: 'desktop',
    browser: 'firefox',
    bot: false,
    ...over,
  };
}

async function expectConflict(p: Promise<unknown>, field: StoreConflict['field']): Promise<void> {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err, `expected a StoreConflict on ${field}`).toBeInstanceOf(StoreConflict);
  expect((err as StoreConflict).field).toBe(field);
}

// --- the contract ---------------------------------------------------------------------------

describe.each(harnesses)('$name storage contract', (h) => {
  let store: Store;
  let opened: Opened | undefined;

  beforeEach(async () => {
    opened = await h.open();
    store = opened.store;
  });
  afterEach(async () => {
    await opened?.dispose();
    opened = undefined;
  });
  afterAll(() => h.finish());

  const newWorkspace = async (over: Partial<Workspace> = {}) => store.createWorkspace(workspace(over));

  describe('lifecycle', () => {
    it('answers ping once initialised', async () => {
      await expect(store.ping()).resolves.toBeUndefined();
    });

    it('answers empty lists from an empty store', async () => {
      const ws = await newWorkspace();
      expect(await store.listLinks(ws.id, { limit: 10 })).toEqual([]);
      expect(await store.listTags(ws.id)).toEqual([]);
      expect(await store.listDomains(ws.id)).toEqual([]);
      expect(await store.listApiKeys(ws.id)).toEqual([]);
      expect(await store.listSigningKeys()).toEqual([]);
      expect(await store.countLinksOnDomain(ws.id, 'go.example')).toBe(0);
    });
  });

  describe('workspaces', () => {
    it('creates a workspace and reads it back by id and by slug', async () => {
      const ws = workspace({ slug: 'acme', plan: 'advanced', rateLimitRpm: 500, createdAt: at(5) });
      expect(await store.createWorkspace(ws)).toEqual(ws);
      expect(await store.getWorkspace(ws.id)).toEqual(ws);
      expect(await store.getWorkspaceBySlug('acme')).toEqual(ws);
    });

    it('answers null for an unknown workspace id or slug', async () => {
      await newWorkspace({ slug: 'acme' });
      expect(await store.getWorkspace('wsp_unknown')).toBeNull();
      expect(await store.getWorkspaceBySlug('nobody')).toBeNull();
      expect(await store.getWorkspaceBySlug('ACME')).toBeNull();
    });

    it('refuses a second workspace with a taken slug, as a conflict on slug, keeping the first', async () => {
      const first = await newWorkspace({ slug: 'acme' });
      await expectConflict(store.createWorkspace(workspace({ slug: 'acme' })), 'slug');
      expect(await store.getWorkspaceBySlug('acme')).toEqual(first);
    });

    it('refuses a second workspace with a taken id, as a conflict on id', async () => {
      const first = await newWorkspace({ slug: 'one' });
      await expectConflict(store.createWorkspace(workspace({ id: first.id, slug: 'two' })), 'id');
      expect(await store.getWorkspaceBySlug('two')).toBeNull();
    });

    it('sets the plan and rate limit of a workspace, and answers null for an unknown one', async () => {
      const ws = await newWorkspace({ slug: 'acme' });
      const updated = await store.setWorkspacePlan(ws.id, 'custom', 1234);
      expect(updated).toEqual({ ...ws, plan: 'custom', rateLimitRpm: 1234 });
      expect(await store.getWorkspace(ws.id)).toEqual(updated);
      expect(await store.setWorkspacePlan('wsp_unknown', 'advanced', 500)).toBeNull();
    });
  });

  describe('links', () => {
    it('inserts a link and returns it with zero clicks, updated_at = created_at, geo targeting and tags', async () => {
      const ws = await newWorkspace();
      const input = newLink(ws.id, {
        alias: 'Launch/2026',
        destination: 'https://example.com/a?b=c',
        geoTargeting: { DE: 'https://example.de/', US: 'https://example.com/us' },
        tags: ['Launch', 'q4'],
        createdAt: at(10),
      });
      const link = await store.insertLink(input);
      const expected = {
        id: input.id,
        workspaceId: ws.id,
        domain: 'go.example',
        alias: 'Launch/2026',
        destination: 'https://example.com/a?b=c',
        geoTargeting: { DE: 'https://example.de/', US: 'https://example.com/us' },
        tags: ['Launch', 'q4'],
        clicks: 0,
        createdAt: at(10),
        updatedAt: at(10),
      };
      expect(link).toEqual(expected);
      expect(await store.getLink(ws.id, input.id)).toEqual(expected);
    });

    it('keeps a link inside its workspace: another workspace gets null for it', async () => {
      const a = await newWorkspace();
      const b = await newWorkspace();
      const link = await store.insertLink(newLink(a.id));
      expect(await store.getLink(b.id, link.id)).toBeNull();
      expect(await store.getLink(a.id, 'lnk_unknown')).toBeNull();
      expect(await store.updateLink(b.id, link.id, { destination: 'https://evil.example/', updatedAt: at(20) })).toBeNull();
      expect(await store.deleteLink(b.id, link.id)).toBe(false);
      expect(await store.getLink(a.id, link.id)).toEqual(link);
      expect(await store.listLinks(b.id, { limit: 10 })).toEqual([]);
    });

    it('refuses the same alias twice on one domain, as a conflict on alias, without leaving its new tags behind', async () => {
      const a = await newWorkspace();
      const b = await newWorkspace();
      await store.insertLink(newLink(a.id, { alias: 'promo', tags: ['kept'] }));
      await expectConflict(store.insertLink(newLink(a.id, { alias: 'promo', tags: ['kept', 'ghost'] })), 'alias');
      // the alias is unique per domain across workspaces
      await expectConflict(store.insertLink(newLink(b.id, { alias: 'promo', tags: ['ghost'] })), 'alias');
      expect((await store.listTags(a.id)).map((t) => t.name)).toEqual(['kept']);
      expect(await store.listTags(b.id)).toEqual([]);
      expect(await store.listLinks(a.id, { limit: 10 })).toHaveLength(1);
    });

    it('allows the same alias on another domain, and treats aliases that differ by case as different', async () => {
      const ws = await newWorkspace();
      const one = await store.insertLink(newLink(ws.id, { domain: 'go.example', alias: 'promo' }));
      const two = await store.insertLink(newLink(ws.id, { domain: 'other.example', alias: 'promo' }));
      const three = await store.insertLink(newLink(ws.id, { domain: 'go.example', alias: 'Promo' }));
      expect(new Set([one.id, two.id, three.id]).size).toBe(3);
      expect(await store.listLinks(ws.id, { limit: 10 })).toHaveLength(3);
    });

    it('refuses a second link with a taken id, as a conflict on id', async () => {
      const ws = await newWorkspace();
      const first = await store.insertLink(newLink(ws.id, { alias: 'one' }));
      await expectConflict(store.insertLink(newLink(ws.id, { id: first.id, alias: 'two' })), 'id');
      expect(await store.getLink(ws.id, first.id)).toEqual(first);
    });

    it('finds a link by domain and exact (case-sensitive) alias from any workspace', async () => {
      const ws = await newWorkspace();
      const link = await store.insertLink(newLink(ws.id, { domain: 'go.example', alias: 'Promo', tags: ['x'] }));
      expect(await store.findRedirect('go.example', 'Promo')).toEqual(target(link));
      expect(await store.findRedirect('go.example', 'promo')).toBeNull();
      expect(await store.findRedirect('other.example', 'Promo')).toBeNull();
    });

    it('updates each field on its own, bumping updated_at and keeping everything else', async () => {
      const ws = await newWorkspace();
      const link = await store.insertLink(newLink(ws.id, { alias: 'orig', geoTargeting: { DE: 'https://example.de/' }, tags: ['a', 'b'], createdAt: at(1) }));

      const d = await store.updateLink(ws.id, link.id, { destination: 'https://example.org/new', updatedAt: at(2) });
      expect(d).toEqual({ ...link, destination: 'https://example.org/new', updatedAt: at(2) });

      const g = await store.updateLink(ws.id, link.id, { geoTargeting: { US: 'https://example.com/us' }, updatedAt: at(3) });
      expect(g).toEqual({ ...d, geoTargeting: { US: 'https://example.com/us' }, updatedAt: at(3) });

      const g0 = await store.updateLink(ws.id, link.id, { geoTargeting: {}, updatedAt: at(4) });
      expect(g0).toEqual({ ...g, geoTargeting: {}, updatedAt: at(4) });

      const t = await store.updateLink(ws.id, link.id, { tags: ['c', 'A'], updatedAt: at(5) });
      expect(t).toEqual({ ...g0, tags: ['c', 'a'], updatedAt: at(5) }); // "a" exists: its spelling wins

      const t0 = await store.updateLink(ws.id, link.id, { tags: [], updatedAt: at(6) });
      expect(t0).toEqual({ ...t, tags: [], updatedAt: at(6) });

      const al = await store.updateLink(ws.id, link.id, { alias: 'renamed', updatedAt: at(7) });
      expect(al).toEqual({ ...t0, alias: 'renamed', updatedAt: at(7) });

      const dm = await store.updateLink(ws.id, link.id, { domain: 'other.example', updatedAt: at(8) });
      expect(dm).toEqual({ ...al, domain: 'other.example', updatedAt: at(8) });

      const only = await store.updateLink(ws.id, link.id, { updatedAt: at(9) });
      expect(only).toEqual({ ...dm, updatedAt: at(9) });
      expect(await store.getLink(ws.id, link.id)).toEqual(only);
      expect(await store.findRedirect('other.example', 'renamed')).toEqual(target(only));
      expect(await store.findRedirect('go.example', 'orig')).toBeNull();
    });

    it('moves a link to another domain and alias, refusing a taken pair as a conflict on alias that changes nothing', async () => {
      const ws = await newWorkspace();
      await store.insertLink(newLink(ws.id, { domain: 'b.example', alias: 'taken' }));
      const link = await store.insertLink(newLink(ws.id, { domain: 'a.example', alias: 'mine', tags: ['keep'] }));

      await expectConflict(
        store.updateLink(ws.id, link.id, {
          domain: 'b.example',
          alias: 'taken',
          destination: 'https://changed.example/',
          tags: ['ghost'],
          updatedAt: at(50),
        }),
        'alias',
      );
      expect(await store.getLink(ws.id, link.id)).toEqual(link);
      expect((await store.listTags(ws.id)).map((t) => t.name)).toEqual(['keep']);

      const moved = await store.updateLink(ws.id, link.id, { domain: 'b.example', alias: 'Taken', updatedAt: at(51) });
      expect(moved).toMatchObject({ domain: 'b.example', alias: 'Taken', updatedAt: at(51) });
      expect(await store.findRedirect('b.example', 'Taken')).toEqual(target(moved));
      // its old (domain, alias) is free again
      await store.insertLink(newLink(ws.id, { domain: 'a.example', alias: 'mine' }));
    });

    it('answers null when updating an unknown link, without creating its tags', async () => {
      const ws = await newWorkspace();
      expect(await store.updateLink(ws.id, 'lnk_unknown', { tags: ['nope'], updatedAt: at(2) })).toBeNull();
      expect(await store.listTags(ws.id)).toEqual([]);
    });

    it('deletes a link once, freeing its alias and dropping its clicks', async () => {
      const ws = await newWorkspace();
      const link = await store.insertLink(newLink(ws.id, { alias: 'gone', tags: ['t'] }));
      await store.recordClicks([click(link.id, ws.id)]);
      expect(await store.deleteLink(ws.id, link.id)).toBe(true);
      expect(await store.deleteLink(ws.id, link.id)).toBe(false);
      expect(await store.getLink(ws.id, link.id)).toBeNull();
      expect(await store.findRedirect('go.example', 'gone')).toBeNull();
      expect((await store.linkStats(ws.id, link.id, { from: at(0), to: at(86400) })).clicks).toBe(0);
      expect(await store.listTags(ws.id)).toEqual([{ name: 't', links: 0, createdAt: at(1) }]);
      const again = await store.insertLink(newLink(ws.id, { alias: 'gone' }));
      expect(again.alias).toBe('gone');
    });

    it('counts the links of a workspace on a domain', async () => {
      const a = await newWorkspace();
      const b = await newWorkspace();
      await store.insertLink(newLink(a.id, { domain: 'go.example' }));
      await store.insertLink(newLink(a.id, { domain: 'go.example' }));
      await store.insertLink(newLink(a.id, { domain: 'other.example' }));
      await store.insertLink(newLink(b.id, { domain: 'go.example' }));
      expect(await store.countLinksOnDomain(a.id, 'go.example')).toBe(2);
      expect(await store.countLinksOnDomain(a.id, 'other.example')).toBe(1);
      expect(await store.countLinksOnDomain(b.id, 'go.example')).toBe(1);
      expect(await store.countLinksOnDomain(b.id, 'other.example')).toBe(0);
    });
  });

  describe('listing links', () => {
    it('lists links newest first, ties on created_at broken by id descending', async () => {
      const ws = await newWorkspace();
      await store.insertLink(newLink(ws.id, { id: 'lnk_b', createdAt: at(1) }));
      await store.insertLink(newLink(ws.id, { id: 'lnk_d', createdAt: at(2) }));
      await store.insertLink(newLink(ws.id, { id: 'lnk_a', createdAt: at(2) }));
      await store.insertLink(newLink(ws.id, { id: 'lnk_c', createdAt: at(2) }));
      await store.insertLink(newLink(ws.id, { id: 'lnk_e', createdAt: at(0) }));
      const ids = (await store.listLinks(ws.id, { limit: 10 })).map((l) => l.id);
      expect(ids).toEqual(['lnk_d', 'lnk_c', 'lnk_a', 'lnk_b', 'lnk_e']);
      expect((await store.listLinks(ws.id, { limit: 2 })).map((l) => l.id)).toEqual(['lnk_d', 'lnk_c']);
    });

    it('pages with `after` without duplicates or skips, even when links are inserted between pages', async () => {
      const ws = await newWorkspace();
      // three share one timestamp so that a page boundary falls inside a tie
      const times: Record<string, number> = { lnk_a: 1, lnk_b: 2, lnk_c: 3, lnk_d: 3, lnk_e: 3, lnk_f: 4, lnk_g: 5, lnk_h: 6 };
      for (const [id, s] of Object.entries(times)) await store.insertLink(newLink(ws.id, { id, createdAt: at(s) }));
      const expectedOrder = Object.keys(times).sort((x, y) => times[y]! - times[x]! || (x < y ? 1 : -1));
      expect(expectedOrder).toEqual(['lnk_h', 'lnk_g', 'lnk_f', 'lnk_e', 'lnk_d', 'lnk_c', 'lnk_b', 'lnk_a']);

      const seen: string[] = [];
      let after: { createdAt: Date; id: string } | undefined;
      for (let page = 0; page < 20; page++) {
        const links = await store.listLinks(ws.id, { limit: 3, after });
        if (links.length === 0) break;
        seen.push(...links.map((l) => l.id));
        const last = links[links.length - 1]!;
        after = { createdAt: last.createdAt, id: last.id };
        // writers keep adding links between pages: newer ones, one in the cursor's tie ahead of it
        // (a greater id), and one in the tie behind it (a smaller id: it belongs to the later pages)
        await store.insertLink(newLink(ws.id, { id: `lnk_new${page}`, createdAt: at(100 + page) }));
        await store.insertLink(newLink(ws.id, { id: `lnk_zz${page}`, createdAt: last.createdAt }));
        await store.insertLink(newLink(ws.id, { id: `lnk_0${page}`, createdAt: last.createdAt }));
      }
      expect(new Set(seen).size).toBe(seen.length); // no duplicates
      expect(seen.filter((id) => id in times)).toEqual(expectedOrder); // no skips, newest first
      expect(seen.filter((id) => id.startsWith('lnk_new') || id.startsWith('lnk_zz'))).toEqual([]);
      expect(seen.filter((id) => id.startsWith('lnk_0')).length).toBeGreaterThan(0);
    });

    it('filters by tag key, by domain and by both, combined with paging', async () => {
      const ws = await newWorkspace();
      const other = await newWorkspace();
      const l1 = await store.insertLink(newLink(ws.id, { domain: 'a.example', tags: ['Red', 'blue'], createdAt: at(1) }));
      const l2 = await store.insertLink(newLink(ws.id, { domain: 'b.example', tags: ['red'], createdAt: at(2) }));
      const l3 = await store.insertLink(newLink(ws.id, { domain: 'a.example', tags: ['green'], createdAt: at(3) }));
      const l4 = await store.insertLink(newLink(ws.id, { domain: 'a.example', tags: ['RED'], createdAt: at(4) }));
      await store.insertLink(newLink(other.id, { domain: 'a.example', tags: ['red'], createdAt: at(5) }));
      const ids = async (q: Parameters<Store['listLinks']>[1]) => (await store.listLinks(ws.id, q)).map((l) => l.id);
      expect(await ids({ limit: 10, tag: 'red' })).toEqual([l4.id, l2.id, l1.id]);
      expect(await ids({ limit: 10, tag: 'blue' })).toEqual([l1.id]);
      expect(await ids({ limit: 10, tag: 'none' })).toEqual([]);
      expect(await ids({ limit: 10, domain: 'a.example' })).toEqual([l4.id, l3.id, l1.id]);
      expect(await ids({ limit: 10, domain: 'a.example', tag: 'red' })).toEqual([l4.id, l1.id]);
      expect(await ids({ limit: 1, domain: 'a.example', tag: 'red', after: { createdAt: l4.createdAt, id: l4.id } })).toEqual([l1.id]);
      // every link shows the tag's canonical (first) spelling
      expect((await store.listLinks(ws.id, { limit: 10, tag: 'red' })).map((l) => l.tags)).toEqual([['Red'], ['Red'], ['Red', 'blue']]);
    });

    it('filters by q as a case-insensitive substring of the alias or the destination', async () => {
      const ws = await newWorkspace();
      const byAlias = await store.insertLink(newLink(ws.id, { alias: 'Summer-Sale', destination: 'https://shop.example/x', createdAt: at(1) }));
      const byDest = await store.insertLink(newLink(ws.id, { alias: 'x1', destination: 'https://example.com/SUMMER/deals', createdAt: at(2) }));
      await store.insertLink(newLink(ws.id, { alias: 'winter', destination: 'https://example.com/winter', createdAt: at(3) }));
      const ids = async (q: string) => (await store.listLinks(ws.id, { limit: 10, q })).map((l) => l.id);
      expect(await ids('summer')).toEqual([byDest.id, byAlias.id]);
      expect(await ids('SuMmEr')).toEqual([byDest.id, byAlias.id]);
      expect(await ids('sale')).toEqual([byAlias.id]);
      expect(await ids('/deals')).toEqual([byDest.id]);
      expect(await ids('autumn')).toEqual([]);
      expect(await ids('')).toHaveLength(3); // an empty q filters nothing
    });

    it('treats regex metacharacters in q literally (q="a.b" does not match "axb")', async () => {
      const ws = await newWorkspace();
      const dotted = await store.insertLink(newLink(ws.id, { alias: 'a.b', destination: 'https://example.com/1', createdAt: at(1) }));
      await store.insertLink(newLink(ws.id, { alias: 'axb', destination: 'https://example.com/2', createdAt: at(2) }));
      const odd = await store.insertLink(newLink(ws.id, { alias: 'odd', destination: 'https://example.com/p?q=(1+2)*[3]|$^\\{4}', createdAt: at(3) }));
      const ids = async (q: string) => (await store.listLinks(ws.id, { limit: 10, q })).map((l) => l.id);
      expect(await ids('a.b')).toEqual([dotted.id]);
      expect(await ids('A.B')).toEqual([dotted.id]);
      expect(await ids('.*')).toEqual([]);
      expect(await ids('(1+2)*')).toEqual([odd.id]);
      expect(await ids('[3]|$^\\{4}')).toEqual([odd.id]);
      expect(await ids('?')).toEqual([odd.id]);
      expect(await ids('[')).toEqual([odd.id]);
    });
  });

  describe('tags', () => {
    it('shows the first spelling a workspace used for a tag on every link (canonical spelling)', async () => {
      const ws = await newWorkspace();
      const other = await newWorkspace();
      const first = await store.insertLink(newLink(ws.id, { tags: ['Foo'] }));
      const second = await store.insertLink(newLink(ws.id, { tags: ['foo', 'Bar'] }));
      const elsewhere = await store.insertLink(newLink(other.id, { tags: ['FOO'] }));
      expect(first.tags).toEqual(['Foo']);
      expect(second.tags).toEqual(['Foo', 'Bar']);
      expect(elsewhere.tags).toEqual(['FOO']); // tags never cross workspaces
      expect((await store.getLink(ws.id, second.id))!.tags).toEqual(['Foo', 'Bar']);
    });

    it("keeps a link's tag order and collapses case-insensitive duplicates to the first", async () => {
      const ws = await newWorkspace();
      const link = await store.insertLink(newLink(ws.id, { tags: ['zeta', 'Alpha', 'alpha', 'mid', 'ZETA'] }));
      expect(link.tags).toEqual(['zeta', 'Alpha', 'mid']);
      expect((await store.getLink(ws.id, link.id))!.tags).toEqual(['zeta', 'Alpha', 'mid']);
    });

    it('lists the tags of a workspace by key with their link counts and creation times, unused ones included', async () => {
      const ws = await newWorkspace();
      const other = await newWorkspace();
      const l1 = await store.insertLink(newLink(ws.id, { tags: ['beta', 'Alpha'], createdAt: at(1) }));
      await store.insertLink(newLink(ws.id, { tags: ['alpha'], createdAt: at(2) }));
      await store.insertLink(newLink(other.id, { tags: ['alpha', 'gamma'], createdAt: at(3) }));
      expect(await store.listTags(ws.id)).toEqual([
        { name: 'Alpha', links: 2, createdAt: at(1) },
        { name: 'beta', links: 1, createdAt: at(1) },
      ]);
      await store.updateLink(ws.id, l1.id, { tags: ['delta'], updatedAt: at(10) });
      expect(await store.listTags(ws.id)).toEqual([
        { name: 'Alpha', links: 1, createdAt: at(1) },
        { name: 'beta', links: 0, createdAt: at(1) },
        { name: 'delta', links: 1, createdAt: at(10) },
      ]);
      expect((await store.listTags(other.id)).map((t) => [t.name, t.links])).toEqual([
        ['alpha', 1],
        ['gamma', 1],
      ]);
    });

    it('renames a tag: links show the new name in place, count and created_at are kept, the old key is gone', async () => {
      const ws = await newWorkspace();
      const l1 = await store.insertLink(newLink(ws.id, { tags: ['first', 'old', 'last'], createdAt: at(1) }));
      const l2 = await store.insertLink(newLink(ws.id, { tags: ['old'], createdAt: at(2) }));
      const renamed = await store.renameTag(ws.id, 'old', 'New Name');
      expect(renamed).toEqual({ name: 'New Name', links: 2, createdAt: at(1) });
      expect((await store.getLink(ws.id, l1.id))!.tags).toEqual(['first', 'New Name', 'last']);
      expect((await store.getLink(ws.id, l2.id))!.tags).toEqual(['New Name']);
      expect((await store.listTags(ws.id)).map((t) => t.name)).toEqual(['first', 'last', 'New Name']);
      expect((await store.listLinks(ws.id, { limit: 10, tag: 'new name' })).map((l) => l.id)).toEqual([l2.id, l1.id]);
      expect(await store.listLinks(ws.id, { limit: 10, tag: 'old' })).toEqual([]);
      expect(await store.renameTag(ws.id, 'old', 'again')).toBeNull();
      // a link using the old name now creates a fresh tag
      const l3 = await store.insertLink(newLink(ws.id, { tags: ['OLD'], createdAt: at(3) }));
      expect(l3.tags).toEqual(['OLD']);
    });

    it('renames a tag by case only', async () => {
      const ws = await newWorkspace();
      const link = await store.insertLink(newLink(ws.id, { tags: ['a', 'promo', 'z'], createdAt: at(4) }));
      expect(await store.renameTag(ws.id, 'promo', 'PROMO')).toEqual({ name: 'PROMO', links: 1, createdAt: at(4) });
      expect((await store.getLink(ws.id, link.id))!.tags).toEqual(['a', 'PROMO', 'z']);
      expect(await store.listTags(ws.id)).toEqual([
        { name: 'a', links: 1, createdAt: at(4) },
        { name: 'PROMO', links: 1, createdAt: at(4) },
        { name: 'z', links: 1, createdAt: at(4) },
      ]);
    });

    it("merges a tag into the existing tag its new name matches case-insensitively; a link with both keeps one, and the target's spelling stays", async () => {
      const ws = await newWorkspace();
      const both = await store.insertLink(newLink(ws.id, { tags: ['x', 'Spring', 'y', 'Summer'], createdAt: at(1) }));
      const bothReversed = await store.insertLink(newLink(ws.id, { tags: ['Summer', 'Spring'], createdAt: at(2) }));
      const onlyFrom = await store.insertLink(newLink(ws.id, { tags: ['a', 'spring'], createdAt: at(3) }));
      const onlyTo = await store.insertLink(newLink(ws.id, { tags: ['summer'], createdAt: at(4) }));
      const merged = await store.renameTag(ws.id, 'spring', 'SUMMER');
      expect(merged).toEqual({ name: 'Summer', links: 4, createdAt: at(1) });
      expect((await store.getLink(ws.id, both.id))!.tags).toEqual(['x', 'y', 'Summer']);
      expect((await store.getLink(ws.id, bothReversed.id))!.tags).toEqual(['Summer']);
      expect((await store.getLink(ws.id, onlyFrom.id))!.tags).toEqual(['a', 'Summer']);
      expect((await store.getLink(ws.id, onlyTo.id))!.tags).toEqual(['Summer']);
      expect(await store.listTags(ws.id)).toEqual([
        { name: 'a', links: 1, createdAt: at(3) },
        { name: 'Summer', links: 4, createdAt: at(1) },
        { name: 'x', links: 1, createdAt: at(1) },
        { name: 'y', links: 1, createdAt: at(1) },
      ]);
      expect((await store.listLinks(ws.id, { limit: 10, tag: 'summer' })).map((l) => l.id)).toEqual([onlyTo.id, onlyFrom.id, bothReversed.id, both.id]);
      expect(await store.listLinks(ws.id, { limit: 10, tag: 'spring' })).toEqual([]);
    });

    it('answers null when renaming an unknown tag, and renames only within the workspace', async () => {
      const a = await newWorkspace();
      const b = await newWorkspace();
      const la = await store.insertLink(newLink(a.id, { tags: ['shared'] }));
      const lb = await store.insertLink(newLink(b.id, { tags: ['shared'] }));
      expect(await store.renameTag(a.id, 'missing', 'whatever')).toBeNull();
      expect(await store.listTags(a.id)).toEqual([{ name: 'shared', links: 1, createdAt: at(1) }]);
      expect((await store.renameTag(a.id, 'shared', 'mine'))!.name).toBe('mine');
      expect((await store.getLink(a.id, la.id))!.tags).toEqual(['mine']);
      expect((await store.getLink(b.id, lb.id))!.tags).toEqual(['shared']);
      expect(await store.listTags(b.id)).toEqual([{ name: 'shared', links: 1, createdAt: at(1) }]);
    });

    it('deletes a tag: it leaves every link of the workspace, and a second delete answers false', async () => {
      const ws = await newWorkspace();
      const other = await newWorkspace();
      const l1 = await store.insertLink(newLink(ws.id, { tags: ['a', 'Doomed', 'b'] }));
      const l2 = await store.insertLink(newLink(ws.id, { tags: ['doomed'] }));
      const lo = await store.insertLink(newLink(other.id, { tags: ['doomed'] }));
      expect(await store.deleteTag(ws.id, 'doomed')).toBe(true);
      expect((await store.getLink(ws.id, l1.id))!.tags).toEqual(['a', 'b']);
      expect((await store.getLink(ws.id, l2.id))!.tags).toEqual([]);
      expect((await store.listTags(ws.id)).map((t) => t.name)).toEqual(['a', 'b']);
      expect(await store.listLinks(ws.id, { limit: 10, tag: 'doomed' })).toEqual([]);
      expect(await store.deleteTag(ws.id, 'doomed')).toBe(false);
      expect((await store.getLink(other.id, lo.id))!.tags).toEqual(['doomed']);
      // using the name again creates a new tag with the new spelling
      const l3 = await store.insertLink(newLink(ws.id, { tags: ['DOOMED'], createdAt: at(9) }));
      expect(l3.tags).toEqual(['DOOMED']);
      expect(await store.listTags(ws.id)).toContainEqual({ name: 'DOOMED', links: 1, createdAt: at(9) });
    });
  });

  describe('domains', () => {
    it('adds, gets, lists (oldest first) and deletes the domains of a workspace', async () => {
      const ws = await newWorkspace();
      const d2 = await store.addDomain({ host: 'b.example', workspaceId: ws.id, createdAt: at(2) });
      const d1 = await store.addDomain({ host: 'a.example', workspaceId: ws.id, createdAt: at(1) });
      const d3 = await store.addDomain({ host: 'c.example', workspaceId: ws.id, createdAt: at(2) });
      expect(d1).toEqual({ host: 'a.example', workspaceId: ws.id, createdAt: at(1) });
      expect(await store.getDomain('b.example')).toEqual(d2);
      expect(await store.getDomain('unknown.example')).toBeNull();
      expect(await store.listDomains(ws.id)).toEqual([d1, d2, d3]);
      expect(await store.deleteDomain(ws.id, 'b.example')).toBe(true);
      expect(await store.deleteDomain(ws.id, 'b.example')).toBe(false);
      expect(await store.getDomain('b.example')).toBeNull();
      expect(await store.listDomains(ws.id)).toEqual([d1, d3]);
    });

    it('refuses a host that is already registered, to any workspace, as a conflict on host', async () => {
      const a = await newWorkspace();
      const b = await newWorkspace();
      const d = await store.addDomain({ host: 'go.example', workspaceId: a.id, createdAt: at(1) });
      await expectConflict(store.addDomain({ host: 'go.example', workspaceId: b.id, createdAt: at(2) }), 'host');
      await expectConflict(store.addDomain({ host: 'go.example', workspaceId: a.id, createdAt: at(3) }), 'host');
      expect(await store.getDomain('go.example')).toEqual(d);
      expect(await store.listDomains(b.id)).toEqual([]);
    });

    it('lists and deletes domains only within their workspace', async () => {
      const a = await newWorkspace();
      const b = await newWorkspace();
      const d = await store.addDomain({ host: 'a.example', workspaceId: a.id, createdAt: at(1) });
      expect(await store.listDomains(b.id)).toEqual([]);
      expect(await store.deleteDomain(b.id, 'a.example')).toBe(false);
      expect(await store.getDomain('a.example')).toEqual(d);
    });
  });

  describe('API keys', () => {
    it('inserts, gets and lists API keys newest first, per workspace', async () => {
      const a = await newWorkspace();
      const b = await newWorkspace();
      const k1 = await store.insertApiKey(apiKey(a.id, { id: 'key_1', name: 'ci', createdAt: at(1) }));
      const k2 = await store.insertApiKey(apiKey(a.id, { id: 'key_2', createdAt: at(2), lastUsedAt: at(3) }));
      const k3 = await store.insertApiKey(apiKey(a.id, { id: 'key_3', createdAt: at(2) }));
      const kb = await store.insertApiKey(apiKey(b.id, { id: 'key_b' }));
      expect(k1).toEqual(apiKey(a.id, { id: 'key_1', name: 'ci', createdAt: at(1) }));
      expect(await store.getApiKey('key_2')).toEqual(k2);
      expect(await store.getApiKey('key_unknown')).toBeNull();
      expect(await store.listApiKeys(a.id)).toEqual([k3, k2, k1]);
      expect(await store.listApiKeys(b.id)).toEqual([kb]);
    });

    it('revokes a key within its workspace; revoking again keeps the first time; another workspace gets null', async () => {
      const a = await newWorkspace();
      const b = await newWorkspace();
      const key = await store.insertApiKey(apiKey(a.id));
      expect(await store.revokeApiKey(b.id, key.id, at(5))).toBeNull();
      expect((await store.getApiKey(key.id))!.revokedAt).toBeNull();
      expect(await store.revokeApiKey(a.id, key.id, at(10))).toEqual({ ...key, revokedAt: at(10) });
      expect(await store.revokeApiKey(a.id, key.id, at(20))).toEqual({ ...key, revokedAt: at(10) });
      expect(await store.revokeApiKey(a.id, 'key_unknown', at(20))).toBeNull();
    });

    it('records last-used times in one batch, never moving them backwards', async () => {
      const ws = await newWorkspace();
      const k1 = await store.insertApiKey(apiKey(ws.id));
      const k2 = await store.insertApiKey(apiKey(ws.id, { lastUsedAt: at(100) }));
      await store.touchApiKeys(
        new Map([
          [k1.id, at(50)],
          [k2.id, at(60)],
          ['key_unknown', at(70)],
        ]),
      );
      expect((await store.getApiKey(k1.id))!.lastUsedAt).toEqual(at(50));
      expect((await store.getApiKey(k2.id))!.lastUsedAt).toEqual(at(100));
      await store.touchApiKeys(
        new Map([
          [k1.id, at(40)],
          [k2.id, at(200)],
        ]),
      );
      expect((await store.getApiKey(k1.id))!.lastUsedAt).toEqual(at(50));
      expect((await store.getApiKey(k2.id))!.lastUsedAt).toEqual(at(200));
      await store.touchApiKeys(new Map());
    });

    it('claims the successor of a key only once', async () => {
      const ws = await newWorkspace();
      const key = await store.insertApiKey(apiKey(ws.id));
      // several instances racing for the same key: exactly one wins
      const candidates = ['key_next1', 'key_next2', 'key_next3', 'key_next4', 'key_next5'];
      const results = await Promise.all(candidates.map((c) => store.claimSuccessor(key.id, c)));
      expect(results.filter(Boolean)).toHaveLength(1);
      const winner = candidates[results.indexOf(true)];
      expect((await store.getApiKey(key.id))!.successorId).toBe(winner);
      expect(await store.claimSuccessor(key.id, 'key_late')).toBe(false);
      expect((await store.getApiKey(key.id))!.successorId).toBe(winner);
      expect(await store.claimSuccessor('key_unknown', 'key_other')).toBe(false);
      // a key stored with a successor already cannot be claimed again
      const preset = await store.insertApiKey(apiKey(ws.id, { successorId: 'key_given' }));
      expect(await store.claimSuccessor(preset.id, 'key_other')).toBe(false);
      expect((await store.getApiKey(preset.id))!.successorId).toBe('key_given');
    });
  });

  describe('signing keys', () => {
    it('inserts a signing key unless one with that kid exists, returning the stored one either way', async () => {
      const first = signingKey('kid-a', { createdAt: at(1) });
      expect(await store.insertSigningKey(first)).toEqual(first);
      const rival = signingKey('kid-a', { privateJwk: '{"other":1}', publicJwk: '{"other":2}', createdAt: at(2) });
      expect(await store.insertSigningKey(rival)).toEqual(first);
      expect(await store.listSigningKeys()).toEqual([first]);
    });

    it('keeps exactly one signing key when several instances insert the same kid at once', async () => {
      const rivals = [1, 2, 3, 4].map((n) => signingKey('kid-race', { privateJwk: `{"n":${n}}`, createdAt: at(n) }));
      const stored = await Promise.all(rivals.map((k) => store.insertSigningKey(k)));
      const kept = await store.listSigningKeys();
      expect(kept).toHaveLength(1);
      for (const s of stored) expect(s).toEqual(kept[0]);
      expect(rivals).toContainEqual(kept[0]);
    });

    it('lists signing keys oldest first and deletes them by kid', async () => {
      const k2 = await store.insertSigningKey(signingKey('kid-b', { createdAt: at(2) }));
      const k1 = await store.insertSigningKey(signingKey('kid-z', { createdAt: at(1) }));
      const k3 = await store.insertSigningKey(signingKey('kid-c', { createdAt: at(2) }));
      expect(await store.listSigningKeys()).toEqual([k1, k2, k3]);
      await store.deleteSigningKey('kid-b');
      await store.deleteSigningKey('kid-unknown');
      expect(await store.listSigningKeys()).toEqual([k1, k3]);
    });
  });

  describe('clicks and statistics', () => {
    it("records clicks and bumps the link's click counter for non-bots only", async () => {
      const ws = await newWorkspace();
      const l1 = await store.insertLink(newLink(ws.id));
      const l2 = await store.insertLink(newLink(ws.id));
      await store.recordClicks([]);
      await store.recordClicks([click(l1.id, ws.id), click(l1.id, ws.id, { bot: true }), click(l1.id, ws.id), click(l2.id, ws.id, { bot: true })]);
      await store.recordClicks([click(l1.id, ws.id), click(l2.id, ws.id)]);
      expect((await store.getLink(ws.id, l1.id))!.clicks).toBe(3);
      expect((await store.getLink(ws.id, l2.id))!.clicks).toBe(1);
      expect((await store.listLinks(ws.id, { limit: 10 })).map((l) => l.clicks).sort()).toEqual([1, 3]);
    });

    it('computes totals with bots apart, by day in date order, and by country, referrer and device by clicks then name', async () => {
      const ws = await newWorkspace();
      const link = await store.insertLink(newLink(ws.id));
      const day1 = Date.parse('2026-11-20T23:59:59.999Z');
      const day2 = Date.parse('2026-11-21T00:00:00.000Z');
      const c = (t: number, over: Partial<Click>) => click(link.id, ws.id, { at: new Date(t), ...over });
      await store.recordClicks([
        c(day2 + 1000, { country: 'DE', referrerHost: 'news.example', device: 'desktop' }),
        c(day2 + 2000, { country: 'DE', referrerHost: 'news.example', device: 'mobile' }),
        c(day2 + 3000, { country: 'US', referrerHost: null, device: 'mobile' }),
        c(day1, { country: 'FR', referrerHost: 'blog.example', device: 'tablet' }),
        c(day1 - 1000, { country: null, referrerHost: 'blog.example', device: 'desktop' }),
        c(day2 + 4000, { country: 'AT', referrerHost: 'a.example', device: 'desktop' }),
        c(day2 + 5000, { country: 'DE', referrerHost: 'news.example', device: 'bot', bot: true }),
        c(day1, { country: 'CN', referrerHost: 'spam.example', device: 'bot', bot: true }),
      ]);
      const stats = await store.linkStats(ws.id, link.id, { from: new Date(day1 - 86400_000), to: new Date(day2 + 86400_000) });
      expect(stats).toEqual({
        clicks: 6,
        bots: 2,
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
          { host: 'a.example', clicks: 1 },
        ],
        byDevice: [
          { device: 'desktop', clicks: 3 },
          { device: 'mobile', clicks: 2 },
          { device: 'tablet', clicks: 1 },
        ],
      });
    });

    it('counts only clicks inside the range, its end excluded', async () => {
      const ws = await newWorkspace();
      const link = await store.insertLink(newLink(ws.id));
      const from = at(1000);
      const to = at(2000);
      await store.recordClicks([
        click(link.id, ws.id, { at: new Date(from.getTime() - 1) }),
        click(link.id, ws.id, { at: from }),
        click(link.id, ws.id, { at: at(1500) }),
        click(link.id, ws.id, { at: at(1500), bot: true }),
        click(link.id, ws.id, { at: new Date(to.getTime() - 1) }),
        click(link.id, ws.id, { at: to }),
        click(link.id, ws.id, { at: to, bot: true }),
      ]);
      const stats = await store.linkStats(ws.id, link.id, { from, to });
      expect(stats.clicks).toBe(3);
      expect(stats.bots).toBe(1);
      expect(stats.byDay).toEqual([{ date: '2026-11-21', clicks: 3 }]);
      const empty = await store.linkStats(ws.id, link.id, { from: at(5000), to: at(6000) });
      expect(empty).toEqual({ clicks: 0, bots: 0, byDay: [], byCountry: [], byReferrer: [], byDevice: [] });
    });

    it('keeps statistics inside the workspace and the link', async () => {
      const a = await newWorkspace();
      const b = await newWorkspace();
      const la = await store.insertLink(newLink(a.id));
      const la2 = await store.insertLink(newLink(a.id));
      await store.recordClicks([click(la.id, a.id), click(la.id, a.id), click(la2.id, a.id)]);
      const range = { from: at(0), to: at(86400) };
      expect((await store.linkStats(a.id, la.id, range)).clicks).toBe(2);
      expect((await store.linkStats(a.id, la2.id, range)).clicks).toBe(1);
      expect(await store.linkStats(b.id, la.id, range)).toEqual({
        clicks: 0,
        bots: 0,
        byDay: [],
        byCountry: [],
        byReferrer: [],
        byDevice: [],
      });
    });
  });

  describe('counters', () => {
    it('reads nothing for an unknown key, then versions each compare-and-set', async () => {
      expect(await store.getCounter('c:new')).toBeNull();
      expect(await store.casCounter('c:new', null, 'one')).toBe(true);
      expect(await store.getCounter('c:new')).toEqual({ version: 1, value: 'one' });
      expect(await store.casCounter('c:new', null, 'again')).toBe(false);
      expect(await store.casCounter('c:new', 1, 'two')).toBe(true);
      expect(await store.casCounter('c:new', 1, 'stale')).toBe(false);
      expect(await store.getCounter('c:new')).toEqual({ version: 2, value: 'two' });
    });

    it('lets exactly one of many concurrent writers win each version', async () => {
      for (let round = 0; round < 20; round++) {
        const current = await store.getCounter('c:race');
        const results = await Promise.all(Array.from({ length: 8 }, (_, i) => store.casCounter('c:race', current?.version ?? null, `w${i}`)));
        expect(results.filter(Boolean)).toHaveLength(1);
      }
      expect((await store.getCounter('c:race'))?.version).toBe(20);
    });
  });

  it('matches q case-insensitively beyond ASCII', async () => {
    const ws = await newWorkspace();
    await store.insertLink(newLink(ws.id, { id: 'lnk_umlaut', destination: 'https://example.de/%C3%84rger' }));
    await store.insertLink(newLink(ws.id, { id: 'lnk_greek', alias: 'ΑΒΓ'.length ? 'abg' : 'x', destination: 'https://example.gr/?q=ΑΒΓ' }));
    expect((await store.listLinks(ws.id, { limit: 10, q: '%c3%84RGER' })).map((l) => l.id)).toEqual(['lnk_umlaut']);
    expect((await store.listLinks(ws.id, { limit: 10, q: 'αβγ' })).map((l) => l.id)).toEqual(['lnk_greek']);
  });
});

// --- MongoDB-only behaviour -----------------------------------------------------------------

describe('MongoStore specifics', () => {
  it('reports an unreachable server as StoreUnavailable', async () => {
    const store = new MongoStore('mongodb://127.0.0.1:9/', { dbName: 'unreachable', serverSelectionTimeoutMS: 300 });
    try {
      await expect(store.init()).rejects.toBeInstanceOf(StoreUnavailable);
      await expect(store.ping()).rejects.toBeInstanceOf(StoreUnavailable);
      await expect(store.getWorkspace('wsp_x')).rejects.toBeInstanceOf(StoreUnavailable);
    } finally {
      await store.close();
    }
  });

  it('initialises the same database twice (indexes are created idempotently) and shares its data', async () => {
    const uri = testMongoUri();
    const dbName = uniqueDbName('lsk_init');
    const one = new MongoStore(uri, { dbName });
    const two = new MongoStore(uri, { dbName });
    try {
      await one.init();
      await two.init();
      const ws = workspace({ slug: 'twice' });
      await one.createWorkspace(ws);
      expect(await two.getWorkspaceBySlug('twice')).toEqual(ws);
      await expectConflict(two.createWorkspace(workspace({ slug: 'twice' })), 'slug');
    } finally {
      const admin = new MongoClient(uri);
      await admin
        .db(dbName)
        .dropDatabase()
        .catch(() => {});
      await admin.close();
      await one.close();
      await two.close();
    }
  });

  it('takes its database name from the URI when none is given', async () => {
    const uri = testMongoUri();
    const dbName = uniqueDbName('lsk_uri');
    const u = new URL(uri);
    u.pathname = `/${dbName}`;
    const store = new MongoStore(u.toString());
    const admin = new MongoClient(uri);
    try {
      await store.init();
      await store.createWorkspace(workspace({ slug: 'from-uri' }));
      expect(await admin.db(dbName).collection('workspaces').countDocuments({ slug: 'from-uri' })).toBe(1);
    } finally {
      await admin
        .db(dbName)
        .dropDatabase()
        .catch(() => {});
      await admin.close();
      await store.close();
    }
  });
});
