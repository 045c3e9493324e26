/**
 * Upgrading a store written by an earlier version: its per-visit click rows are folded into the
 * rollups on first start, on both stores, and links keep their counts. On MongoDB the fold may run
 * on two instances at once, or again after an interruption, without counting anything twice.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { MongoClient } from 'mongodb';
import { afterEach, describe, expect, it } from 'vitest';
import { openRepositories } from '../../src/storage/open.js';
import type { Repositories } from '../../src/storage/repositories.js';
import { MIGRATIONS } from '../../src/storage/sqlite/migrations.js';
import { testMongoUri, uniqueDbName } from '../support/mongo.js';

const H = Date.parse('2026-11-20T10:00:00.000Z');
const CHROME = { device: 'desktop', browser: 'chrome' };

/** Clicks as earlier versions stored them: [link, ms after 10:00, country, referrer host, device, browser, bot]. */
const OLD: [string, number, string | null, string | null, string, string, boolean][] = [
  ['lnk_a', 60_000, 'DE', 'news.example', CHROME.device, CHROME.browser, false],
  ['lnk_a', 120_000, 'DE', null, 'mobile', 'safari', false],
  ['lnk_a', 3_600_000 + 5, 'FR', 'news.example', 'other', 'other', false],
  ['lnk_a', 3_600_000 + 9, 'US', null, 'other', 'other', true],
  ['lnk_b', 7_200_000, null, null, 'tablet', 'firefox', false],
];

async function expectFolded(repos: Repositories): Promise<void> {
  expect(Object.fromEntries(await repos.clicks.totals(['lnk_a', 'lnk_b']))).toEqual({ lnk_a: { clicks: 3, bots: 1 }, lnk_b: { clicks: 1, bots: 0 } });
  const scope = { workspaceId: 'wsp_old', from: new Date(H), to: new Date(H + 3 * 3_600_000) };
  expect(await repos.clicks.hourly({ ...scope, linkIds: ['lnk_a'] })).toEqual([
    { hour: new Date(H), clicks: 2, bots: 0 },
    { hour: new Date(H + 3_600_000), clicks: 1, bots: 1 },
  ]);
  expect(await repos.clicks.breakdown(scope, 'country')).toEqual([
    { key: 'DE', clicks: 2 },
    { key: 'FR', clicks: 1 },
  ]);
  expect(await repos.clicks.breakdown(scope, 'device')).toEqual([
    { key: 'desktop', clicks: 2 },
    { key: 'mobile', clicks: 1 },
    { key: 'tablet', clicks: 1 },
  ]);
  expect(await repos.clicks.breakdown(scope, 'browser')).toEqual([
    { key: 'Chrome', clicks: 1 },
    { key: 'Firefox', clicks: 1 },
    { key: 'Safari', clicks: 1 },
  ]);
  expect(await repos.clicks.breakdown(scope, 'referrer')).toEqual([{ key: 'news.example', clicks: 2 }]);
}

describe('folding the click rows of earlier versions into rollups', () => {
  const cleanups: (() => Promise<void> | void)[] = [];
  afterEach(async () => {
    for (const c of cleanups.splice(0).reverse()) await c();
  });

  it('on SQLite, in the migration that creates the rollups', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'lsk-fold-'));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    const file = join(dir, 'lsk.db');
    const db = new Database(file);
    for (const m of MIGRATIONS.slice(0, 2)) db.exec(m);
    db.pragma('user_version = 2');
    for (const id of ['lnk_a', 'lnk_b']) {
      db.prepare(
        "INSERT INTO links (id, workspace_id, domain, alias, destination, geo, clicks, created_at, updated_at) VALUES (?, 'wsp_old', 'go.example', ?, 'https://example.com/', '{}', 0, 1, 1)",
      ).run(id, id);
    }
    const insert = db.prepare(
      'INSERT INTO clicks (link_id, workspace_id, at, day, country, referrer_host, device, browser, bot) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)',
    );
    for (const [l, dt, country, ref, device, browser, bot] of OLD) insert.run(l, 'wsp_old', H + dt, '2026-11-20', country, ref, device, browser, bot ? 1 : 0);
    db.close();

    const repos = await openRepositories(`file:${file}`);
    cleanups.push(() => repos.close());
    await repos.init();
    await expectFolded(repos);
    expect((await repos.links.get('wsp_old', 'lnk_a'))?.alias).toBe('lnk_a');
    const check = new Database(file, { readonly: true });
    expect(check.prepare("SELECT count(*) AS n FROM sqlite_master WHERE name = 'clicks'").get()).toEqual({ n: 0 });
    check.close();
  });

  it('on MongoDB, once, even with two instances starting together and a third starting later', async () => {
    const uri = testMongoUri();
    const dbName = uniqueDbName('lsk_fold');
    const client = new MongoClient(uri);
    cleanups.push(async () => {
      await client.db(dbName).dropDatabase();
      await client.close();
    });
    const raw = OLD.map(([linkId, dt, country, referrerHost, device, browser, bot]) => ({
      linkId,
      workspaceId: 'wsp_old',
      at: new Date(H + dt),
      day: '2026-11-20',
      country,
      referrerHost,
      device,
      browser,
      bot,
    }));
    await client.db(dbName).collection('clicks').insertMany(raw);
    const open = async () => {
      const r = await openRepositories(uri, { dbName });
      cleanups.push(() => r.close());
      return r;
    };
    const [one, two] = [await open(), await open()];
    await Promise.all([one.init(), two.init()]);
    await expectFolded(one);
    const three = await open();
    await three.init();
    await expectFolded(three);
    const names = (await client.db(dbName).listCollections().toArray()).map((c) => c.name);
    expect(names).not.toContain('clicks');
    expect(
      await client
        .db(dbName)
        .collection('migrations')
        .countDocuments({ _id: 'clicks-to-rollups' as never }),
    ).toBe(1);
  });
});
