import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, type Lsk, STORES, startLsk, type Visit, visit } from '../support/server.js';
import { waitFor } from '../support/wait-for.js';
import { BIG_PLAN, createLink } from './_assert.js';

const HOUR = 3_600_000;
const CHROME = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36';
const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
const IPAD = 'Mozilla/5.0 (iPad; CPU OS 16_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/16.6 Mobile/15E148 Safari/604.1';
const ANDROID = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Mobile Safari/537.36';

/** A raw POST of a form to a short link (fetch cannot set Host). */
function submit(base: string, path: string, body: string, headers: Record<string, string>): Promise<Visit> {
  const u = new URL(base);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      { host: u.hostname, port: Number(u.port), path, method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers } },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (d: string) => (text += d));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, location: (res.headers.location as string | undefined) ?? null, headers: res.headers, body: text }),
        );
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

function clicksOf(api: ReturnType<typeof client>, id: string, want: number): Promise<number> {
  return waitFor(
    async () => (await api('GET', `/v1/links/${id}`)).body.clicks as number,
    (clicks) => clicks === want,
    { timeout: 10_000, interval: 200 },
  );
}

describe.each(STORES)('redirects of links with behaviour fields on %s', (store) => {
  const dir = mkdtempSync(join(tmpdir(), 'lsk-redirects-'));
  const clockFile = join(dir, 'offset-ms');
  const moveTo = (offsetMs: number) => writeFileSync(clockFile, String(offsetMs));
  let lsk: Lsk;
  let api: ReturnType<typeof client>;
  let host: string;
  const go = (path: string, headers: Record<string, string> = {}, method: 'GET' | 'HEAD' = 'GET') =>
    visit(lsk.base, path, { host, 'user-agent': CHROME, ...headers }, method);

  beforeAll(async () => {
    moveTo(0);
    lsk = await startLsk(store, { env: { LSK_TEST_CLOCK_FILE: clockFile, LSK_COUNTRY_HEADER: 'cf-ipcountry' } });
    api = client(lsk.base, await lsk.workspace('behave', BIG_PLAN));
    host = `localhost:${lsk.port}`;
  });
  afterAll(async () => {
    await lsk?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('sends iPhone, iPad and iPod visitors to ios, Android ones to android, others by country or to the destination (query string kept)', async () => {
    await createLink(api, {
      alias: 'app',
      destination: 'https://example.com/app?src=lsk',
      geo_targeting: { DE: 'https://example.de/app' },
      device_targeting: { ios: 'https://apps.apple.com/app/id1', android: 'https://play.google.com/store/apps/details?id=x' },
    });
    expect(await go('/app?c=1', { 'user-agent': IPHONE, 'cf-ipcountry': 'DE' })).toMatchObject({ status: 302, location: 'https://apps.apple.com/app/id1?c=1' });
    expect(await go('/app', { 'user-agent': IPAD })).toMatchObject({ location: 'https://apps.apple.com/app/id1' });
    expect(await go('/app', { 'user-agent': 'Mozilla/5.0 (iPod touch; CPU iPhone OS 12_0 like Mac OS X)' })).toMatchObject({
      location: 'https://apps.apple.com/app/id1',
    });
    expect(await go('/app?c=2', { 'user-agent': ANDROID })).toMatchObject({ location: 'https://play.google.com/store/apps/details?id=x&c=2' });
    expect(await go('/app', { 'cf-ipcountry': 'DE' })).toMatchObject({ location: 'https://example.de/app' });
    expect(await go('/app?c=3')).toMatchObject({ location: 'https://example.com/app?src=lsk&c=3' });
    // Only one device set: the other device falls through to geo and destination.
    await createLink(api, { alias: 'ios-only', destination: 'https://example.com/web', device_targeting: { ios: 'https://apps.apple.com/app/id2' } });
    expect(await go('/ios-only', { 'user-agent': ANDROID })).toMatchObject({ location: 'https://example.com/web' });
  });

  it('percent-encodes a destination with characters outside Latin-1 instead of failing (and keeps existing escapes)', async () => {
    await createLink(api, { alias: 'euro', destination: 'https://example.com/€?q=ä%20b', geo_targeting: { FR: 'https://example.fr/prix/€' } });
    expect(await go('/euro')).toMatchObject({ status: 302, location: 'https://example.com/%E2%82%AC?q=%C3%A4%20b' });
    expect(await go('/euro?x=1', { 'cf-ipcountry': 'FR' })).toMatchObject({ status: 302, location: 'https://example.fr/prix/%E2%82%AC?x=1' });
  });

  it('expires on the server clock: 410 page (or JSON link_expired), expired_url when set, no click counted', async () => {
    const expires = new Date(Date.now() + HOUR).toISOString();
    const bare = await createLink(api, { alias: 'until', destination: 'https://example.com/until', expires_at: expires });
    await createLink(api, {
      alias: 'until-fallback',
      destination: 'https://example.com/until',
      expires_at: expires,
      expired_url: 'https://example.com/over?r=1',
    });
    expect(await go('/until')).toMatchObject({ status: 302, location: 'https://example.com/until' });
    await clicksOf(api, bare.id, 1);
    moveTo(HOUR + 1000);
    try {
      const page = await go('/until');
      expect(page.status).toBe(410);
      expect(page.headers['content-type']).toMatch(/^text\/html/);
      expect(page.body).toContain('expired');
      expect(page.headers['cache-control']).toBe('no-store');
      const json = await go('/until', { accept: 'application/json' });
      expect(json.status).toBe(410);
      expect(JSON.parse(json.body).error.code).toBe('link_expired');
      expect((await go('/until', {}, 'HEAD')).status).toBe(410);
      expect(await go('/until-fallback?utm=x')).toMatchObject({ status: 302, location: 'https://example.com/over?r=1&utm=x' });
      expect((await api('GET', `/v1/links/${bare.id}`)).body.status).toBe('expired');
      // Extending the expiry makes it live again at once.
      await api('PATCH', `/v1/links/${bare.id}`, { expires_at: new Date(Date.now() + 3 * HOUR).toISOString() });
      expect((await go('/until')).status).toBe(302);
    } finally {
      moveTo(0);
    }
    expect(await clicksOf(api, bare.id, 2)).toBe(2);
  });

  it('stops at max_clicks (HEAD and bots do not count): then expired_url or 410', async () => {
    const link = await createLink(api, { alias: 'three', destination: 'https://example.com/3', max_clicks: 3 });
    await createLink(api, { alias: 'two', destination: 'https://example.com/2', max_clicks: 2, expired_url: 'https://example.com/sold-out' });
    expect((await go('/three', {}, 'HEAD')).status).toBe(302);
    expect((await go('/three', { 'user-agent': 'Googlebot/2.1 (+http://www.google.com/bot.html)' })).status).toBe(302);
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push((await go('/three')).status);
    expect(statuses).toEqual([302, 302, 302, 410, 410]);
    expect(await clicksOf(api, link.id, 3)).toBe(3);
    expect((await api('GET', `/v1/links/${link.id}`)).body.status).toBe('exhausted');
    const two = [];
    for (let i = 0; i < 3; i++) two.push((await go('/two?a=b')).location);
    expect(two).toEqual(['https://example.com/2?a=b', 'https://example.com/2?a=b', 'https://example.com/sold-out?a=b']);
    // Raising the cap reopens it.
    await api('PATCH', `/v1/links/${link.id}`, { max_clicks: 4 });
    expect((await go('/three')).status).toBe(302);
    expect((await go('/three')).status).toBe(410);
  });

  it('asks for the password with a script-free, self-contained form; right -> redirect and a click, wrong -> 401, the 11th try in a minute -> 429', async () => {
    const link = await createLink(api, {
      alias: 'secret',
      destination: 'https://example.com/secret?s=1',
      password: 'correct horse',
      device_targeting: { android: 'https://play.google.com/secret' },
    });
    const form = await go('/secret?utm=mail');
    expect(form.status).toBe(200);
    expect(form.headers['content-type']).toMatch(/^text\/html/);
    expect(form.headers['cache-control']).toBe('no-store');
    const csp = String(form.headers['content-security-policy']);
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("form-action 'self'");
    expect(form.body).toContain('<form method="post" action="/secret?utm=mail">');
    expect(form.body).toContain('name="password"');
    expect(form.body).not.toMatch(/<script|src=|href=|@import|url\(/i);
    expect((await go('/secret', {}, 'HEAD')).status).toBe(200);

    const wrong = await submit(lsk.base, '/secret?utm=mail', 'password=nope', { host, 'user-agent': CHROME });
    expect(wrong.status).toBe(401);
    expect(wrong.body).toContain('not right');
    const right = await submit(lsk.base, '/secret?utm=mail', `password=${encodeURIComponent('correct horse')}`, { host, 'user-agent': CHROME });
    expect(right).toMatchObject({ status: 302, location: 'https://example.com/secret?s=1&utm=mail' });
    const android = await submit(lsk.base, '/secret', 'password=correct+horse', { host, 'user-agent': ANDROID });
    expect(android).toMatchObject({ status: 302, location: 'https://play.google.com/secret' });
    expect(await clicksOf(api, link.id, 2)).toBe(2);

    const from = { host, 'user-agent': CHROME, 'x-forwarded-for': '203.0.113.9' };
    const tries: number[] = [];
    for (let i = 0; i < 11; i++) tries.push((await submit(lsk.base, '/secret', 'password=wrong', from)).status);
    expect(tries.slice(0, 9)).toEqual(Array(9).fill(401));
    expect(tries[10]).toBe(429);
    const blocked = await submit(lsk.base, '/secret', 'password=correct+horse', from);
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    // Another minute on the server clock lets the client try again.
    moveTo(61_000);
    try {
      expect((await submit(lsk.base, '/secret', 'password=correct+horse', from)).status).toBe(302);
    } finally {
      moveTo(0);
    }
    // Not a form: 415; a link without a password refuses POST.
    expect((await submit(lsk.base, '/secret', '{"password":"x"}', { host, 'content-type': 'application/json', accept: 'application/json' })).status).toBe(415);
    expect((await submit(lsk.base, '/app', 'password=x', { host })).status).toBe(405);
    expect((await submit(lsk.base, '/secret', `password=${'x'.repeat(5000)}`, { host })).status).toBe(413);
  });

  it('checks expiry before the password: an expired protected link answers 410 without the form', async () => {
    await createLink(api, {
      alias: 'old-secret',
      destination: 'https://example.com/',
      password: 'pass',
      expires_at: new Date(Date.now() + HOUR).toISOString(),
    });
    moveTo(2 * HOUR);
    try {
      expect((await go('/old-secret')).status).toBe(410);
      expect((await submit(lsk.base, '/old-secret', 'password=pass', { host })).status).toBe(410);
    } finally {
      moveTo(0);
    }
  });

  it('redirects / to /dashboard by default and answers unknown aliases with the styled 404 page', async () => {
    expect(await go('/')).toMatchObject({ status: 302, location: '/dashboard' });
    const missing = await go('/no-such-link');
    expect(missing.status).toBe(404);
    expect(missing.body).toContain('Link not found');
    expect(missing.body).toContain('lsk');
    expect(missing.headers['content-security-policy']).toBeTruthy();
  });
});

describe('LSK_ROOT_URL and LSK_NOT_FOUND_URL', () => {
  let lsk: Lsk;
  beforeAll(async () => {
    lsk = await startLsk('sqlite', { env: { LSK_ROOT_URL: 'https://www.example.com/', LSK_NOT_FOUND_URL: 'https://www.example.com/404' } });
  });
  afterAll(async () => {
    await lsk?.stop();
  });

  it('sends / to LSK_ROOT_URL and unknown aliases to LSK_NOT_FOUND_URL (JSON clients still get the 404 error)', async () => {
    const host = `localhost:${lsk.port}`;
    expect(await visit(lsk.base, '/', { host })).toMatchObject({ status: 302, location: 'https://www.example.com/' });
    expect(await visit(lsk.base, '/nope?x=1', { host })).toMatchObject({ status: 302, location: 'https://www.example.com/404?x=1' });
    expect((await visit(lsk.base, '/nope', { host, accept: 'application/json' })).status).toBe(404);
  });
});
