/**
 * Wildcard resolution stays O(path segments) however many links exist: with 100,000 links (a third of
 * them wildcards) in the store, a path costs at most one cache lookup per segment, and a cold path one
 * store read asking for at most as many aliases as it has segments, each a probe of the (domain,
 * alias) index (the SQLite query plan shows it).
 *
 * On MongoDB the same is asserted over 3,000 links: the stand-in, FerretDB 1.24, pushes no filter
 * but `_id` down to its backend (explain: `filterPushdown: false`, a SCAN), so every (domain, alias)
 * lookup there reads the whole collection; 100,000 links would take minutes per lookup on it, and it
 * could not show an index at work anyway. Real MongoDB answers each lookup from the unique index.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CachedLink } from '../../src/redirect/cached-link.js';
import { LinkCache } from '../../src/redirect/link-cache.js';
import { SiteCache } from '../../src/redirect/sites.js';
import { StaleIfError } from '../../src/redirect/stale-if-error.js';
import { WildcardLookup } from '../../src/redirect/wildcard-lookup.js';
import type { NewLink } from '../../src/storage/links/repository.js';
import { newLink, type OpenedStore, openStore, STORE_KINDS, workspace } from './_harness.js';

/** Links per store (see above for MongoDB). */
const LINKS = { sqlite: 100_000, mongodb: 3_000 } as const;

/** A LinkCache that counts its lookups. */
class CountingCache extends LinkCache {
  gets = 0;
  override get(key: string, nowMs: number): CachedLink | null | undefined {
    this.gets++;
    return super.get(key, nowMs);
  }
}

describe.each(STORE_KINDS)('wildcard resolution among many links on %s', (kind) => {
  let opened: OpenedStore;
  const reads: string[][] = [];
  let cache: CountingCache;
  let lookup: WildcardLookup;

  beforeAll(async () => {
    opened = await openStore(kind);
    const ws = await opened.repos.workspaces.create(workspace());
    // team<i>/... wildcards at three depths, and exact links beside them.
    const batch: NewLink[] = [];
    for (let i = 0; i < LINKS[kind]; i++) {
      const team = `team${Math.floor(i / 3)}`;
      const alias = i % 3 === 0 ? `${team}/*` : i % 3 === 1 ? `${team}/docs/*` : `${team}/docs/start`;
      batch.push(newLink(ws.id, { alias, destination: `https://example.com/${team}/${i % 3}` }));
      if (batch.length === 1000) await opened.repos.links.insertMany(ws.id, batch.splice(0));
    }
    cache = new CountingCache(200_000, 200_000);
    const counted = {
      findRedirects: (domain: string, aliases: readonly string[]) => {
        reads.push([...aliases]);
        return opened.repos.links.findRedirects(domain, aliases);
      },
    };
    const sites = new SiteCache(opened.repos.domains, { rootUrl: '/dashboard', notFoundUrl: undefined });
    lookup = new WildcardLookup(cache, counted, sites, new StaleIfError(), async () => 0);
  }, 600_000);
  afterAll(async () => {
    await opened?.dispose();
  });

  const find = async (path: string) => {
    const exact = cache.get(LinkCache.key('go.example', path), 0);
    return (await lookup.find('go.example', path, 0, exact))?.alias ?? null;
  };

  it('answers the exact link, else the longest wildcard above, reading once and asking for one alias per segment', async () => {
    const deep = 'team777/docs/guide/part/2';
    reads.length = 0;
    cache.gets = 0;
    expect(await find(deep)).toBe('team777/docs/*');
    expect(reads).toEqual([[deep, 'team777/docs/guide/part/*', 'team777/docs/guide/*', 'team777/docs/*', 'team777/*']]);
    expect(cache.gets).toBeLessThanOrEqual(5);
    // Warm: no store read, one cache lookup per segment at most.
    reads.length = 0;
    cache.gets = 0;
    expect(await find(deep)).toBe('team777/docs/*');
    expect(reads).toEqual([]);
    expect(cache.gets).toBeLessThanOrEqual(5);
    expect(await find('team777/docs/start')).toBe('team777/docs/start');
    expect(await find('team777/blog/1')).toBe('team777/*');
    expect(await find('nobody/x/y')).toBeNull();
    expect(reads.every((r) => r.length <= 3)).toBe(true);
  });

  it('reads each alias through the (domain, alias) index', async () => {
    if (kind === 'sqlite') {
      const conn = (opened.repos.links as unknown as { conn: { db: { prepare(sql: string): { all(...a: unknown[]): { detail: string }[] } } } }).conn;
      const plan = conn.db
        .prepare(`EXPLAIN QUERY PLAN SELECT id FROM links WHERE domain = ? AND alias IN (SELECT value FROM json_each(?))`)
        .all('go.example', '["a/*","b/*"]')
        .map((r) => r.detail)
        .join('\n');
      expect(plan).toMatch(/SEARCH links USING (COVERING )?INDEX \S+ \(domain=\? AND alias=\?\)/);
    } else {
      // The adapter asks one equality lookup of the unique (domain, alias) index per alias.
      const found = await opened.repos.links.findRedirects('go.example', ['team5/docs/*', 'team5/*', 'team999999/*']);
      expect(found.map((l) => l.alias).sort()).toEqual(['team5/*', 'team5/docs/*']);
    }
  });
});
