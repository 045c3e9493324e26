/**
 * Blocked hosts through the real server on both stores: LSK_BLOCKLIST_FILE (in the formats public
 * feeds use) and `lsk blocklist`, checked on every write path (REST, bulk, GraphQL, CSV import:
 * 422 destination_blocked naming each field, rules' and variants' URLs and a domain's settings
 * included) and on visits (403 link_disabled, not a click), the
 * file changed while the server runs.
 */
import { mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, type Lsk, STORES, startLsk, visit } from '../support/server.js';
import { waitFor } from '../support/wait-for.js';

const FEED = [
  '# a hosts file',
  '0.0.0.0 phish.example',
  '127.0.0.1 localhost',
  '||malware.example^',
  'address=/scam.example/0.0.0.0',
  'https://a.url.example/x',
].join('\n');

describe.each(STORES)('blocked hosts on %s', (kind) => {
  let lsk: Lsk;
  let dir: string;
  let feed: string;
  let api: ReturnType<typeof client>;
  const host = 'sho.rt';

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'lsk-feed-'));
    feed = join(dir, 'blocked.txt');
    writeFileSync(feed, FEED);
    lsk = await startLsk(kind, { env: { LSK_BLOCKLIST_FILE: feed, LSK_DEFAULT_DOMAIN: host } });
    // Polled by the tests below: a plan the polls do not exhaust.
    api = client(lsk.base, await lsk.workspace('acme', ['--rpm', '100000']));
  });
  afterAll(async () => {
    await lsk?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  /** Replaces the feed the way downloads and editors do: a new file renamed over the old one. */
  const replaceFeed = (text: string) => {
    writeFileSync(`${feed}.new`, text);
    renameSync(`${feed}.new`, feed);
  };
  const UA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36';
  const go = (alias: string, headers: Record<string, string> = {}, method: 'GET' | 'HEAD' = 'GET') =>
    visit(lsk.base, `/${alias}`, { host, 'user-agent': UA, ...headers }, method);

  it('refuses every target on a blocked host, naming each field, on create, update, bulk, GraphQL and import', async () => {
    const res = await api('POST', '/v1/links', {
      destination: 'https://login.phish.example/bank',
      geo_targeting: { DE: 'https://malware.example/de', FR: 'https://fine.example/fr' },
      device_targeting: { ios: 'https://x.scam.example/app' },
      expired_url: 'https://PHISH.example./gone',
    });
    expect(res.status).toBe(422);
    expect(res.body.error.code).toBe('destination_blocked');
    expect(res.body.error.details).toEqual([
      { path: 'destination', message: 'is on a blocked host (phish.example)' },
      { path: 'geo_targeting.DE', message: 'is on a blocked host (malware.example)' },
      { path: 'device_targeting.ios', message: 'is on a blocked host (scam.example)' },
      { path: 'expired_url', message: 'is on a blocked host (phish.example)' },
    ]);
    // Not blocked: a look-alike, the URL line of the feed (skipped), and localhost (never an entry).
    for (const destination of ['https://notphish.example/', 'https://a.url.example/x', 'https://phish.example.org/']) {
      expect((await api('POST', '/v1/links', { destination })).status, destination).toBe(201);
    }

    const link = (await api('POST', '/v1/links', { destination: 'https://fine.example/', alias: 'kept' })).body;
    const patched = await api('PATCH', `/v1/links/${link.id}`, { destination: 'https://phish.example/', title: 'x' });
    expect(patched.status).toBe(422);
    expect(patched.body.error.details).toEqual([{ path: 'destination', message: 'is on a blocked host (phish.example)' }]);
    expect((await api('GET', `/v1/links/${link.id}`)).body).toMatchObject({ destination: 'https://fine.example/', title: null });

    const bulk = await api('POST', '/v1/links/bulk', { links: [{ destination: 'https://fine.example/a' }, { destination: 'https://malware.example/b' }] });
    expect(bulk.status).toBe(200);
    expect(bulk.body.data[0].link.destination).toBe('https://fine.example/a');
    expect(bulk.body.data[1].error).toMatchObject({ code: 'destination_blocked', details: [{ path: 'destination' }] });
    const bulkPatch = await api('PATCH', '/v1/links/bulk', { ids: [link.id], patch: { expired_url: 'https://scam.example/' } });
    expect(bulkPatch.body.data[0].error.code).toBe('destination_blocked');

    const gql = await api('POST', '/graphql', { query: 'mutation { createLink(destination: "https://phish.example/g") { id } }' });
    expect(gql.body.errors[0].extensions.code).toBe('destination_blocked');
    expect(gql.body.errors[0].extensions.details).toEqual([{ path: 'destination', message: 'is on a blocked host (phish.example)' }]);

    const csv = join(dir, 'import.csv');
    writeFileSync(csv, 'destination,alias\nhttps://fine.example/c,imported\nhttps://www.malware.example/d,refused\n');
    const imported = await lsk.cli(['links', 'import', csv, '--workspace', 'acme']);
    expect(imported.code, imported.stderr).toBe(0);
    expect(JSON.parse(imported.last)).toEqual({
      created: 1,
      failed: 1,
      errors: [{ line: 3, code: 'destination_blocked', message: 'destination is on a blocked host (malware.example).' }],
    });
  });

  it("checks each rule's and variant's URL and a domain's URLs on writes, and a rule's target on visits", async () => {
    const res = await api('POST', '/v1/links', {
      destination: 'https://fine.example/',
      rules: [
        { if: { country: ['DE'] }, to: 'https://fine.example/de' },
        { if: { device: ['mobile'] }, to: 'https://malware.example/m' },
      ],
      variants: [
        { url: 'https://fine.example/a', weight: 50 },
        { url: 'https://x.phish.example/b', weight: 50 },
      ],
    });
    expect(res.status).toBe(422);
    expect(res.body.error.details).toEqual([
      { path: 'rules.1.to', message: 'is on a blocked host (malware.example)' },
      { path: 'variants.1.url', message: 'is on a blocked host (phish.example)' },
    ]);
    const rules = [{ if: { device: ['mobile'] }, to: 'https://later-bad.example/m' }];
    const link = (await api('POST', '/v1/links', { destination: 'https://fine.example/', alias: 'ruled', rules })).body;
    const variants = [
      { url: 'https://scam.example/a', weight: 60 },
      { url: 'https://fine.example/b', weight: 40 },
    ];
    const patched = await api('PATCH', `/v1/links/${link.id}`, { variants });
    expect(patched.status).toBe(422);
    expect(patched.body.error.details).toEqual([{ path: 'variants.0.url', message: 'is on a blocked host (scam.example)' }]);
    expect((await api('GET', `/v1/links/${link.id}`)).body.variants).toBeNull();

    expect((await api('POST', '/v1/domains', { host: 'go.acme.example' })).status).toBe(201);
    const settings = await api('PATCH', '/v1/domains/go.acme.example', { root_url: 'https://fine.example/', expired_url: 'https://phish.example/x' });
    expect(settings.status).toBe(422);
    expect(settings.body.error.details).toEqual([{ path: 'expired_url', message: 'is on a blocked host (phish.example)' }]);
    expect((await api('GET', '/v1/domains')).body.data[0]).toMatchObject({ host: 'go.acme.example', root_url: null, expired_url: null });

    expect((await go('ruled', {}, 'HEAD')).status).toBe(302);
    replaceFeed(`${FEED}\n0.0.0.0 later-bad.example\n`);
    await waitFor(
      () => go('ruled', {}, 'HEAD'),
      (v) => v.status === 403,
      { timeout: 15_000, what: "the link whose rule's target became blocked answering 403" },
    );
    replaceFeed(FEED);
    await waitFor(
      () => go('ruled', {}, 'HEAD'),
      (v) => v.status === 302,
      { timeout: 15_000, what: 'the link redirecting again' },
    );
  });

  it('disables existing links whose target becomes blocked once the changed file is read, and enables them when it is lifted', async () => {
    const link = (await api('POST', '/v1/links', { destination: 'https://soon-bad.example/page', alias: 'soon' })).body;
    expect((await go('soon')).status).toBe(302);
    await waitFor(
      () => api('GET', `/v1/links/${link.id}`),
      (r) => r.body.clicks === 1,
      { timeout: 10_000, what: 'the first click' },
    );

    replaceFeed(`${FEED}\n0.0.0.0 soon-bad.example\n`);
    // Polled with HEAD, which is never a click; the GETs below are the visits that count.
    await waitFor(
      () => go('soon', {}, 'HEAD'),
      (v) => v.status === 403,
      { timeout: 15_000, what: 'the link answering 403' },
    );
    const page = await go('soon');
    expect(page.status).toBe(403);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.body).toContain('This link has been disabled');
    expect(page.location).toBeNull();
    const json = await go('soon', { accept: 'application/json' });
    expect(json.status).toBe(403);
    expect(JSON.parse(json.body).error).toMatchObject({ code: 'link_disabled' });
    expect((await api('POST', '/v1/links', { destination: 'https://soon-bad.example/other' })).body.error.code).toBe('destination_blocked');

    replaceFeed(FEED);
    await waitFor(
      () => go('soon', {}, 'HEAD'),
      (v) => v.status === 302,
      { timeout: 15_000, what: 'the link redirecting again' },
    );
    expect((await go('soon')).status).toBe(302);
    // The 403 answers were not clicks: the first visit and the last one are.
    const counted = await waitFor(
      () => api('GET', `/v1/links/${link.id}`),
      (r) => r.body.clicks >= 2,
      { timeout: 10_000, what: 'the second click' },
    );
    expect(counted.body.clicks).toBe(2);
  });

  it('adds, lists and removes hosts with lsk blocklist; every instance applies them within a poll', async () => {
    const link = (await api('POST', '/v1/links', { destination: 'https://cli-blocked.example/', alias: 'cli' })).body;
    const added = await lsk.cli(['blocklist', 'add', 'CLI-Blocked.example', '--note', 'reported twice']);
    expect(added.code, added.stderr).toBe(0);
    expect(JSON.parse(added.last)).toMatchObject({ host: 'cli-blocked.example', note: 'reported twice', added: true });
    expect(JSON.parse((await lsk.cli(['blocklist', 'add', 'cli-blocked.example'])).last).added).toBe(false);
    const listed = await lsk.cli(['blocklist', 'list']);
    expect(listed.stdout).toContain('cli-blocked.example');
    const body = JSON.parse(listed.last);
    expect(body.data).toEqual([expect.objectContaining({ host: 'cli-blocked.example', note: 'reported twice' })]);
    expect(body.file).toMatchObject({ path: feed, hosts: 3, skipped: 1 });

    await waitFor(
      () => go('cli'),
      (v) => v.status === 403,
      { timeout: 10_000, what: 'the link answering 403' },
    );
    expect((await api('PATCH', `/v1/links/${link.id}`, { destination: 'https://www.cli-blocked.example/' })).status).toBe(422);
    expect((await lsk.cli(['blocklist', 'add', 'not a host'])).code).toBe(1);

    const removed = await lsk.cli(['blocklist', 'remove', 'cli-blocked.example']);
    expect(JSON.parse(removed.last)).toEqual({ host: 'cli-blocked.example', removed: true });
    await waitFor(
      () => go('cli'),
      (v) => v.status === 302,
      { timeout: 10_000, what: 'the link redirecting again' },
    );
  });
});
