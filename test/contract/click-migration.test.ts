/**
 * Upgrading a store written by an earlier version: its per-visit click rows are folded into the
 * rollups, and those moved into the sheets (docs/adr/0092) on first start, on both stores, and links
 * keep their counts. On MongoDB the fold may run
 * on two instances at once, or again after an interruption, without counting anything twice.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { MongoClient } from 'mongodb';
import { afterEach, describe, expect, it } from 'vitest';
import type { ClickGrouping } from '../../src/storage/clicks/repository.js';
import { clickWriter } from '../../src/storage/clicks/sqlite-writes.js';
import { openRepositories } from '../../src/storage/open.js';
import type { Repositories } from '../../src/storage/repositories.js';
import { SqliteConnection } from '../../src/storage/sqlite/connection.js';
import { MIGRATIONS } from '../../src/storage/sqlite/migrations.js';
import { testMongoUri, uniqueDbName } from '../support/mongo.js';
import { sqliteAtVersion } from '../support/sqlite-at-version.js';

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
  expect(Object.fromEntries(await repos.clicks.totals('wsp_old', ['lnk_a', 'lnk_b']))).toEqual({
    lnk_a: { clicks: 3, bots: 1 },
    lnk_b: { clicks: 1, bots: 0 },
  });
  const scope = { workspaceId: 'wsp_old', from: H, to: H + 3 * 3_600_000 };
  const series = await repos.clicks.query({ ...scope, linkIds: ['lnk_a'], buckets: [H, H + 3_600_000, H + 2 * 3_600_000] });
  expect(series.buckets).toEqual([2, 1, 0]);
  expect(series.total).toEqual({ clicks: 3, bots: 1 });
  const by = async (g: ClickGrouping) => (await repos.clicks.query({ ...scope, groups: [g] })).groups[g];
  expect(await by('country')).toEqual([
    { key: 'DE', clicks: 2 },
    { key: 'FR', clicks: 1 },
  ]);
  expect(await by('device')).toEqual([
    { key: 'desktop', clicks: 2 },
    { key: 'mobile', clicks: 1 },
    { key: 'tablet', clicks: 1 },
  ]);
  expect(await by('browser')).toEqual([
    { key: 'Chrome', clicks: 1 },
    { key: 'Firefox', clicks: 1 },
    { key: 'Safari', clicks: 1 },
  ]);
  expect(await by('referrer')).toEqual([
    { key: '(direct)', clicks: 2 },
    { key: 'news.example', clicks: 2 },
  ]);
}

describe('folding the click rows of earlier versions into rollups', () => {
  const cleanups: (() => Promise<void> | void)[] = [];
  afterEach(async () => {
    for (const c of cleanups.splice(0).reverse()) await c();
  });

  /** A fresh MongoDB database holding the click rows of the first versions, and a way to start instances on it. */
  async function oldClicksOnMongo(prefix: string) {
    const uri = testMongoUri();
    const dbName = uniqueDbName(prefix);
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
    return { client, dbName, open };
  }

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

  it('on SQLite, from the hourly rollups of the last version: closed rows and open hours move into the sheets, resumably', async () => {
    const { db, file } = sqliteAtVersion(9, cleanups);
    for (const id of ['lnk_a', 'lnk_b']) {
      db.prepare(
        "INSERT INTO links (id, workspace_id, domain, alias, destination, geo, created_at, updated_at) VALUES (?, 'wsp_old', 'go.example', ?, 'https://example.com/', '{}', 1, 1)",
      ).run(id, id);
    }
    // lnk_a: hour H closed (per-dimension rows and totals), hour H+1 still open; lnk_b: open only.
    const rollup = db.prepare("INSERT INTO click_rollups (link_id, hour, dim, value, workspace_id, n) VALUES (?, ?, ?, ?, 'wsp_old', ?)");
    for (const [dim, value, n] of [
      ['clicks', '', 2],
      ['country', 'DE', 2],
      ['referrer', 'news.example', 1],
      ['device', 'desktop', 1],
      ['device', 'mobile', 1],
      ['browser', 'Chrome', 1],
      ['browser', 'Safari', 1],
    ] as const)
      rollup.run('lnk_a', H, dim, value, n);
    db.prepare("INSERT INTO click_totals (link_id, workspace_id, clicks, bots) VALUES ('lnk_a', 'wsp_old', 2, 0)").run();
    const open = db.prepare("INSERT INTO click_hours (link_id, hour, workspace_id, clicks, bots, dims) VALUES (?, ?, 'wsp_old', ?, ?, ?)");
    open.run('lnk_a', H + 3_600_000, 1, 1, JSON.stringify({ 'country:FR': 1, 'referrer:news.example': 1, 'device:desktop': 1 }));
    open.run('lnk_b', H + 2 * 3_600_000, 1, 0, JSON.stringify({ 'device:tablet': 1, 'browser:Firefox': 1 }));
    db.close();
    // A first start stopped after moving one link: the next one moves the rest, nothing twice.
    const first = new SqliteConnection(file);
    first.migrate();
    expect(clickWriter(first).migrateLegacy(1)).toBe(true);
    first.close();
    const repos = await openRepositories(`file:${file}`);
    cleanups.push(() => repos.close());
    await repos.init();
    await expectFolded(repos);
    const check = new Database(file, { readonly: true });
    expect(check.prepare("SELECT count(*) AS n FROM sqlite_master WHERE name IN ('click_rollups', 'click_hours')").get()).toEqual({ n: 0 });
    check.close();
  });

  it('on MongoDB, once, even with two instances starting together, a third starting later, and a fourth resuming a move cut short', async () => {
    const { client, dbName, open } = await oldClicksOnMongo('lsk_fold');
    const [one, two] = [await open(), await open()];
    await Promise.all([one.init(), two.init()]);
    await expectFolded(one);
    const three = await open();
    await three.init();
    await expectFolded(three);
    // A move cut short after lnk_b's sheets were written but before its rollups were deleted (and
    // before the move was marked done): the next start moves lnk_b again, and its sheets skip it.
    const hour = H + 7_200_000;
    await client
      .db(dbName)
      .collection('click_rollups')
      .insertMany(
        (
          [
            ['clicks', ''],
            ['device', 'tablet'],
            ['browser', 'Firefox'],
          ] as const
        ).map(([d, v]) => ({ _id: `-1|lnk_b|${hour / 3_600_000}|${d}|${v}` as never, s: -1, l: 'lnk_b', w: 'wsp_old', h: new Date(hour), d, v, n: 1, q: 0 })),
      );
    await client
      .db(dbName)
      .collection('migrations')
      .deleteOne({ _id: 'rollups-to-sheets' as never });
    const four = await open();
    await four.init();
    await expectFolded(four);
    expect(await client.db(dbName).collection('click_rollups').countDocuments({})).toBe(0);
    const names = (await client.db(dbName).listCollections().toArray()).map((c) => c.name);
    expect(names).not.toContain('clicks');
    expect(
      await client
        .db(dbName)
        .collection('migrations')
        .countDocuments({ _id: 'clicks-to-rollups' as never }),
    ).toBe(1);
  }, 120_000);

  it('on MongoDB, registers the sheets written before the sheet registry at the next start (reads look sheets up through it)', async () => {
    const { client, dbName, open } = await oldClicksOnMongo('lsk_keys');
    const one = await open();
    await one.init();
    await expectFolded(one);
    // As a version without the registry left them: sheets, no entries, no mark.
    await client.db(dbName).collection('click_sheet_keys').deleteMany({});
    await client
      .db(dbName)
      .collection('migrations')
      .deleteOne({ _id: 'click_sheet_keys' as never });
    const two = await open();
    await two.init();
    await expectFolded(two);
    expect(await client.db(dbName).collection('click_sheet_keys').countDocuments({ k: 'domain', w: 'wsp_old' })).toBeGreaterThan(0);
  }, 120_000);
});
