/**
 * Deleting a workspace through the services (docs/adr/0177), on a SQLite file and on MongoDB: a
 * workspace with links, tags, domains, keys, a webhook and its delivery, UTM templates, clicks
 * (closed into sheets) and their events is deleted; it is gone at once, its purge runs to the end
 * (once cut short halfway first), and then nothing of it is left in any table or collection, while
 * another workspace's data is untouched.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { MongoClient } from 'mongodb';
import { afterEach, describe, expect, it } from 'vitest';
import { Blocklist } from '../../src/abuse/blocklist.js';
import { bumpGeneration, ModerationState } from '../../src/abuse/moderation.js';
import { loadConfig } from '../../src/config/env.js';
import { ManualClock } from '../../src/domain/clock.js';
import { LskError } from '../../src/domain/errors.js';
import { WorkspacePurge } from '../../src/services/workspace-purge.js';
import { openRepositories } from '../../src/storage/open.js';
import type { Repositories } from '../../src/storage/repositories.js';
import type { Services } from '../../src/wiring/all-services.js';
import { buildServices } from '../../src/wiring/build-services.js';
import { batchOf, hc, hour } from '../contract/_harness.js';
import { as, TEST_ACTING } from '../support/caller.js';
import { testMongoUri, uniqueDbName } from '../support/mongo.js';

const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

/** Records anywhere in the store that name the workspace (every table with a workspace column; every collection). */
type Leftovers = (workspaceId: string) => Promise<Record<string, number>>;

async function open(kind: 'sqlite file' | 'mongodb', clock: ManualClock): Promise<{ repos: Repositories; leftovers: Leftovers }> {
  if (kind === 'mongodb') {
    const uri = testMongoUri();
    const dbName = uniqueDbName('lsk_wsdel');
    const repos = await openRepositories(uri, { dbName, clock });
    await repos.init();
    const client = new MongoClient(uri, { serverSelectionTimeoutMS: 5000 });
    cleanups.push(async () => {
      await repos.close();
      await client.db(dbName).dropDatabase();
      await client.close();
    });
    const leftovers: Leftovers = async (ws) => {
      const out: Record<string, number> = {};
      for (const { name } of await client.db(dbName).listCollections().toArray()) {
        const c = client.db(dbName).collection<{ _id: string }>(name);
        const n = await c.countDocuments({ $or: [{ workspaceId: ws }, { w: ws }, { _id: ws }, { _id: { $gt: `${ws}`, $lt: `${ws}\u00ff` } }] });
        if (n > 0) out[name] = n;
      }
      return out;
    };
    return { repos, leftovers };
  }
  const dir = mkdtempSync(join(tmpdir(), 'lsk-wsdel-'));
  const file = join(dir, 'lsk.db');
  const repos = await openRepositories(`file:${file}`, { clock });
  await repos.init();
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  cleanups.push(() => repos.close());
  const leftovers: Leftovers = async (ws) => {
    const db = new Database(file, { readonly: true });
    try {
      const out: Record<string, number> = {};
      const tables = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all() as { name: string }[];
      for (const { name } of tables) {
        const cols = (db.prepare(`PRAGMA table_info(${name})`).all() as { name: string }[]).map((c) => c.name);
        const where = ['workspace_id', 'id'].filter((c) => cols.includes(c)).map((c) => `${c} = @ws`);
        if (where.length === 0) continue;
        const n = (db.prepare(`SELECT count(*) AS n FROM ${name} WHERE ${where.join(' OR ')}`).get({ ws }) as { n: number }).n;
        if (n > 0) out[name] = n;
      }
      return out;
    } finally {
      db.close();
    }
  };
  return { repos, leftovers };
}

/** A workspace with something of every kind; what a later check needs. */
async function fill(services: Services, repos: Repositories, slug: string) {
  const ws = await services.workspaces.create(TEST_ACTING, slug, 'standard');
  const caller = as(ws.id);
  const host = `go.${slug}.example`;
  await services.workspaces.addDomain(caller, { host });
  const links = [];
  for (let i = 0; i < 12; i++) {
    const domain = i % 2 ? host : undefined;
    links.push(
      await services.links.create(caller, {
        destination: `https://example.com/${i}`,
        alias: `${slug}${i}`,
        tags: [`t${i % 3}`],
        ...(domain ? { domain } : {}),
      }),
    );
  }
  const { secret } = await services.keys.issue(caller, 'ci');
  // The operator's decisions about it (moot once it is gone).
  await repos.moderation.disableLink({
    linkId: links[0]!.id,
    workspaceId: ws.id,
    domain: links[0]!.domain,
    alias: links[0]!.alias,
    reason: null,
    disabledAt: services.clock.now(),
  });
  await repos.moderation.suspend({ workspaceId: ws.id, reason: null, suspendedAt: services.clock.now() });
  await services.utmTemplates.create(caller, { name: 'news', source: 'newsletter' });
  const endpoint = await repos.webhooks.insertEndpoint({
    id: `whk_${slug}`,
    workspaceId: ws.id,
    url: 'https://hooks.example/in',
    events: ['link.created'],
    description: null,
    enabled: true,
    secrets: [{ secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw2TC2Fhn3hb4=', expiresAt: null }],
    createdAt: services.clock.now(),
    failingSince: null,
  });
  await services.webhooks.service.test(caller, endpoint.id);
  // Clicks with their events (closed into sheets by setUp).
  const visits = links.map((l, i) => hc(l.id, ws.id, hour(i % 4), [[{ country: 'FR', browser: 'Firefox' }, i + 1]]));
  await repos.clicks.record(batchOf(visits, true));
  return { ws, secret, host, links };
}

async function codeOf(p: Promise<unknown>): Promise<string> {
  try {
    await p;
    return 'ok';
  } catch (e) {
    return e instanceof LskError ? e.code : `unexpected: ${(e as Error).message}`;
  }
}

describe.each(['sqlite file', 'mongodb'] as const)('deleting a workspace on %s', (kind) => {
  async function setUp() {
    const clock = new ManualClock(hour(40));
    const { repos, leftovers } = await open(kind, clock);
    const config = loadConfig({ DATABASE_URL: 'file::memory:', LSK_COUNTRY_HEADER: 'cf-ipcountry', LSK_CLICK_EVENTS_DAYS: '30' });
    const services = await buildServices(config, { clock, repos });
    cleanups.push(() => services.auditRecorder.stop());
    const gone = await fill(services, repos, 'doomed');
    const kept = await fill(services, repos, 'kept');
    await services.auditRecorder.flush();
    // The click store's upkeep (at most once a minute; the first run on MongoDB takes the writer slot) closes the hours into sheets.
    for (let i = 0; i < 2; i++) {
      clock.advance(61_000);
      await repos.clicks.maintain();
    }
    const analytics = (ws: string) => repos.clicks.query({ workspaceId: ws, from: hour(0), to: hour(24), groups: ['country'] });
    const events = (ws: string) => repos.clicks.events({ workspaceId: ws, from: hour(0), to: hour(24), limit: 100 });
    expect((await analytics(gone.ws.id)).total.clicks).toBe(78);
    const keptBefore = { leftovers: await leftovers(kept.ws.id), analytics: await analytics(kept.ws.id), events: await events(kept.ws.id) };
    expect(keptBefore.events.events.length).toBe(78);
    expect(Object.keys(keptBefore.leftovers).filter((name) => name.includes('sheets')).length).toBeGreaterThan(0);
    return { services, repos, leftovers, gone, kept, keptBefore, analytics, events };
  }

  it('takes effect at once, then the purge leaves nothing of it while the other workspace keeps everything', async () => {
    const t = await setUp();
    const { services, gone } = t;
    await expect(codeOf(services.workspaces.delete(as(gone.ws.id), gone.ws, { confirm: 'kept' }))).resolves.toBe('validation_failed');
    await expect(codeOf(services.workspaces.delete(as(gone.ws.id), gone.ws, {}))).resolves.toBe('validation_failed');
    expect(await services.repos.workspaces.get(gone.ws.id)).not.toBeNull();

    await services.workspaces.delete(as(gone.ws.id), gone.ws, { confirm: 'doomed' });
    // At once: no key, no workspace by slug or id, its links are gone for the redirects, its domain and slug are free.
    expect(await codeOf(services.keys.authenticate(`Bearer ${gone.secret}`))).toBe('invalid_api_key');
    expect(await codeOf(services.workspaces.bySlug('doomed'))).toBe('not_found');
    expect(services.abuse.gone(gone.ws.id)).toBe(true);
    expect(services.abuse.gone(t.kept.ws.id)).toBe(false);
    const taker = await services.workspaces.create(TEST_ACTING, 'taker', 'standard');
    await services.workspaces.addDomain(as(taker.id), { host: gone.host });
    const again = await services.workspaces.create(TEST_ACTING, 'doomed', 'standard');
    expect(again.id).not.toBe(gone.ws.id);

    await services.workspacePurge.run();
    expect(await services.repos.workspaces.deleting()).toEqual([]);
    expect(await t.leftovers(gone.ws.id)).toEqual({});
    expect((await t.analytics(gone.ws.id)).total.clicks).toBe(0);
    expect((await t.events(gone.ws.id)).events).toEqual([]);
    expect(await t.leftovers(t.kept.ws.id)).toEqual(t.keptBefore.leftovers);
    expect(await t.analytics(t.kept.ws.id)).toEqual(t.keptBefore.analytics);
    expect(await t.events(t.kept.ws.id)).toEqual(t.keptBefore.events);
  });

  it('tells another instance of a deletion purged before it re-read, and of no deletion after other decisions', async () => {
    const t = await setUp();
    const { services, repos, gone } = t;
    const other = new ModerationState(repos, new Blocklist());
    await other.ready();
    // Another operator decision: re-read, no workspace deleted (its caches are kept).
    await bumpGeneration(repos.counters, services.clock.now());
    expect(await other.refresh()).toBe(true);
    expect(other.workspacesDeleted).toBe(false);
    // Deleted and purged (as the CLI does) before the other instance re-reads: no record is left to find.
    await services.workspaces.delete(as(gone.ws.id), gone.ws, { confirm: 'doomed' });
    await services.workspacePurge.run();
    expect(await repos.workspaces.deleting()).toEqual([]);
    expect(await other.refresh()).toBe(true);
    expect(other.workspacesDeleted).toBe(true);
    expect(await other.refresh()).toBe(false);
  });

  it('finishes a purge cut short halfway on the next run, as after a crash', async () => {
    const t = await setUp();
    const { services, repos, gone } = t;
    // The tombstone alone, as when the process stopped right after it; a run stops after a few batches.
    expect(await repos.workspaces.markDeleted(gone.ws.id, services.clock.now())).toBe(true);
    const cut = new WorkspacePurge(repos, { batch: 3, maxBatches: 6 });
    expect(await cut.run()).toBe(0);
    const halfway = await t.leftovers(gone.ws.id);
    expect(Object.keys(halfway).length).toBeGreaterThan(0);
    expect((await repos.workspaces.deleting()).map((w) => w.id)).toEqual([gone.ws.id]);

    expect(await new WorkspacePurge(repos, { batch: 3 }).run()).toBe(1);
    expect(await t.leftovers(gone.ws.id)).toEqual({});
    expect(await t.leftovers(t.kept.ws.id)).toEqual(t.keptBefore.leftovers);
    expect(await t.analytics(t.kept.ws.id)).toEqual(t.keptBefore.analytics);
  });
});
