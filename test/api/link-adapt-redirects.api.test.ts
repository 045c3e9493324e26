/** Links that adapt, through the real redirect on both stores: rules, their order, variants, UTM, previews, wildcards. */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, type Lsk, STORES, startLsk, visit } from '../support/server.js';
import { waitFor } from '../support/wait-for.js';
import { BIG_PLAN, createLink } from './_assert.js';

const CHROME = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36';
const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
const CRAWLERS = {
  facebookexternalhit: 'facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)',
  Twitterbot: 'Twitterbot/1.0',
  LinkedInBot: 'LinkedInBot/1.0 (compatible; Mozilla/5.0; Apache-HttpClient +http://www.linkedin.com)',
  Slackbot: 'Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)',
  Discordbot: 'Mozilla/5.0 (compatible; Discordbot/2.0; +https://discordapp.com)',
  WhatsApp: 'WhatsApp/2.23.20.0 A',
  TelegramBot: 'TelegramBot (like TwitterBot)',
};
const HOUR = 3_600_000;

describe.each(STORES)('links that adapt, redirected on %s', (store) => {
  const dir = mkdtempSync(join(tmpdir(), 'lsk-adapt-'));
  const clockFile = join(dir, 'offset-ms');
  let lsk: Lsk;
  let api: ReturnType<typeof client>;
  let host: string;
  const go = (path: string, headers: Record<string, string> = {}, method: 'GET' | 'HEAD' = 'GET') =>
    visit(lsk.base, path, { host, 'user-agent': CHROME, ...headers }, method);

  beforeAll(async () => {
    writeFileSync(clockFile, '0');
    lsk = await startLsk(store, { env: { LSK_TEST_CLOCK_FILE: clockFile, LSK_COUNTRY_HEADER: 'cf-ipcountry', LSK_TRUST_PROXY: '1' } });
    api = client(lsk.base, await lsk.workspace('adapt', BIG_PLAN));
    host = `localhost:${lsk.port}`;
  });
  afterAll(async () => {
    await lsk?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('evaluates rules first (first match wins), then device, then country, then variants, else the destination', async () => {
    await createLink(api, {
      alias: 'order',
      destination: 'https://example.com/default',
      rules: [
        { if: { country: ['de'], device: ['mobile'] }, to: 'https://example.com/rule-de-mobile' },
        { if: { query: { ref: 'partner' } }, to: 'https://example.com/rule-partner' },
        { if: { country: ['DE'] }, to: 'https://example.com/rule-de' },
      ],
      device_targeting: { ios: 'https://example.com/ios' },
      geo_targeting: { FR: 'https://example.com/fr' },
      variants: [
        { url: 'https://example.com/a', weight: 50 },
        { url: 'https://example.com/b', weight: 50 },
      ],
    });
    expect((await go('/order', { 'cf-ipcountry': 'DE', 'user-agent': IPHONE })).location).toBe('https://example.com/rule-de-mobile');
    expect((await go('/order?ref=partner', { 'cf-ipcountry': 'DE' })).location).toBe('https://example.com/rule-partner?ref=partner');
    expect((await go('/order', { 'cf-ipcountry': 'DE' })).location).toBe('https://example.com/rule-de');
    expect((await go('/order', { 'cf-ipcountry': 'FR', 'user-agent': IPHONE })).location).toBe('https://example.com/ios');
    expect((await go('/order', { 'cf-ipcountry': 'FR' })).location).toBe('https://example.com/fr');
    const drawn = await go('/order', { 'cf-ipcountry': 'US' });
    expect(['https://example.com/a', 'https://example.com/b']).toContain(drawn.location);
    // A rule's answer draws no variant: no cookie.
    expect((await go('/order', { 'cf-ipcountry': 'DE' })).headers['set-cookie']).toBeUndefined();
  });

  it('matches language, continent, IP blocks (behind a trusted proxy) and time windows on the server clock', async () => {
    const soon = new Date(Date.now() + HOUR).toISOString();
    await createLink(api, {
      alias: 'conds',
      destination: 'https://example.com/default',
      rules: [
        { if: { after: soon }, to: 'https://example.com/later' },
        { if: { ip: ['203.0.113.0/24', '2001:db8::/32'] }, to: 'https://example.com/office' },
        { if: { language: ['fr'] }, to: 'https://example.com/fr' },
        { if: { continent: ['oc'] }, to: 'https://example.com/oceania' },
      ],
    });
    expect((await go('/conds', { 'x-forwarded-for': '203.0.113.77' })).location).toBe('https://example.com/office');
    expect((await go('/conds', { 'x-forwarded-for': '2001:db8::9' })).location).toBe('https://example.com/office');
    expect((await go('/conds', { 'x-forwarded-for': '198.51.100.1', 'accept-language': 'fr-CA,en;q=0.5' })).location).toBe('https://example.com/fr');
    expect((await go('/conds', { 'accept-language': 'en-GB,fr;q=0.9', 'cf-ipcountry': 'NZ' })).location).toBe('https://example.com/oceania');
    expect((await go('/conds', { 'cf-ipcountry': 'US' })).location).toBe('https://example.com/default');
    writeFileSync(clockFile, String(HOUR + 1000));
    try {
      expect((await go('/conds', { 'cf-ipcountry': 'US' })).location).toBe('https://example.com/later');
    } finally {
      writeFileSync(clockFile, '0');
    }
  });

  it('keeps a visitor on the variant first drawn (lsk_v for the link path, 30 days, HttpOnly, SameSite=Lax); new variants, new draw', async () => {
    const link = await createLink(api, {
      alias: 'ab/test',
      destination: 'https://example.com/default',
      variants: [
        { url: 'https://example.com/a', weight: 50 },
        { url: 'https://example.com/b', weight: 50 },
      ],
    });
    const first = await go('/ab/test');
    const cookie = String(first.headers['set-cookie']);
    expect(cookie).toMatch(/^lsk_v=[A-Za-z0-9_-]+\.[01]; Path=\/ab\/test; Max-Age=2592000; HttpOnly; SameSite=Lax$/);
    const pair = cookie.split(';')[0]!;
    for (let i = 0; i < 10; i++) {
      const again = await go('/ab/test', { cookie: `other=1; ${pair}` });
      expect(again.location).toBe(first.location);
      expect(again.headers['set-cookie']).toBeUndefined();
    }
    // Both variants come up among fresh visitors (50/50: 40 visitors all drawing one has odds 2^-39).
    const seen = new Set<string | null>();
    for (let i = 0; i < 40; i++) seen.add((await go('/ab/test')).location);
    expect(seen).toEqual(new Set(['https://example.com/a', 'https://example.com/b']));
    await api('PATCH', `/v1/links/${link.id}`, {
      variants: [
        { url: 'https://example.com/c', weight: 99 },
        { url: 'https://example.com/d', weight: 1 },
      ],
    });
    const redrawn = await go('/ab/test', { cookie: pair });
    expect(['https://example.com/c', 'https://example.com/d']).toContain(redrawn.location);
    expect(String(redrawn.headers['set-cookie'])).not.toContain(pair);
  });

  it("records each click's variant in analytics (group_by=variants); a rule's answer records none", async () => {
    const link = await createLink(api, {
      alias: 'ab/counted',
      destination: 'https://example.com/default',
      rules: [{ if: { country: ['JP'] }, to: 'https://example.com/jp' }],
      variants: [
        { url: 'https://example.com/x', weight: 50 },
        { url: 'https://example.com/y', weight: 50 },
      ],
    });
    const sent = new Map<string, number>();
    const count = (to: string | null) => sent.set(String(to), (sent.get(String(to)) ?? 0) + 1);
    const first = await go('/ab/counted');
    count(first.location);
    const pair = String(first.headers['set-cookie']).split(';')[0]!;
    // A kept visitor's clicks record the variant first drawn; fresh visitors' their own draws.
    for (let i = 0; i < 3; i++) count((await go('/ab/counted', { cookie: pair })).location);
    for (let i = 0; i < 6; i++) count((await go('/ab/counted')).location);
    expect((await go('/ab/counted', { 'cf-ipcountry': 'JP' })).location).toBe('https://example.com/jp');
    const got = await waitFor(
      () => api('GET', `/v1/analytics?group_by=variants&link_id=${link.id}`),
      (r) => r.body?.total?.clicks === 11,
    );
    expect(got.body.total.clicks).toBe(11);
    const byKey = (a: { key: string }, b: { key: string }) => a.key.localeCompare(b.key);
    expect([...got.body.data].sort(byKey)).toEqual([...sent].map(([key, clicks]) => ({ key, clicks })).sort(byKey));
    expect([...sent.values()].reduce((a, b) => a + b)).toBe(10);
  });

  it('sets the UTM values on the chosen target (replacing the same keys), then appends the incoming query', async () => {
    await createLink(api, {
      alias: 'utm',
      destination: 'https://example.com/p?utm_source=old&keep=1#top',
      geo_targeting: { DE: 'https://example.de/p' },
      utm: { source: 'newsletter', campaign: 'spring sale' },
    });
    expect((await go('/utm?x=1')).location).toBe('https://example.com/p?keep=1&utm_source=newsletter&utm_campaign=spring%20sale&x=1#top');
    expect((await go('/utm', { 'cf-ipcountry': 'DE' })).location).toBe('https://example.de/p?utm_source=newsletter&utm_campaign=spring%20sale');
  });

  it('answers link-preview crawlers with the share card (200, escaped), everyone else with the redirect; previews are not clicks', async () => {
    const link = await createLink(api, {
      alias: 'card',
      destination: 'https://example.com/secret-target',
      title: 'Spring',
      preview: { title: 'Spring <b>sale</b>', description: '"30 %" off', image: 'https://cdn.example.com/card.png' },
    });
    for (const [name, ua] of Object.entries(CRAWLERS)) {
      const card = await go('/card', { 'user-agent': ua });
      expect(card.status, name).toBe(200);
      expect(card.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(card.body).toContain('<meta property="og:title" content="Spring &lt;b&gt;sale&lt;/b&gt;">');
      expect(card.body).toContain('<meta property="og:description" content="&quot;30 %&quot; off">');
      expect(card.body).toContain('<meta property="og:image" content="https://cdn.example.com/card.png">');
      expect(card.body).toContain(`<meta property="og:url" content="${link.short_url}">`);
      expect(card.body).toContain('<meta name="twitter:card" content="summary_large_image">');
      expect(card.body).not.toContain('secret-target');
    }
    expect((await go('/card')).location).toBe('https://example.com/secret-target');
    // Other bots and plain HTTP clients are not link-preview crawlers: `curl -L`, scripts and search
    // engines follow the link (counted as bot visits, not clicks).
    for (const ua of ['curl/8.5.0', 'Wget/1.21.4', 'python-requests/2.31.0', 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)', '']) {
      const other = await go('/card', { 'user-agent': ua });
      expect(other.status, ua).toBe(302);
      expect(other.location, ua).toBe('https://example.com/secret-target');
    }
    const counted = await waitFor(
      () => api('GET', `/v1/links/${link.id}`),
      (r) => r.body.clicks >= 1,
    );
    expect(counted.body.clicks).toBe(1);
    // Nor are crawlers counted as bot visits (they saw a page, not the link's target); the five others are.
    const stats = await waitFor(
      () => api('GET', `/v1/links/${link.id}/stats`),
      (r) => r.body.bots >= 5,
    );
    expect(stats.body).toMatchObject({ clicks: 1, bots: 5 });
  });

  it('answers paths below a wildcard alias: exact beats wildcard, the longest wildcard wins, {path} or appended', async () => {
    await createLink(api, { alias: 'help/*', destination: 'https://docs.example.com/kb?src=lsk' });
    await createLink(api, { alias: 'help/api/*', destination: 'https://api.example.com/{path}/index.html' });
    await createLink(api, { alias: 'help/api/keys', destination: 'https://example.com/keys' });
    expect((await go('/help/getting/started?x=1')).location).toBe('https://docs.example.com/kb/getting/started?src=lsk&x=1');
    expect((await go('/help/api/v2/links')).location).toBe('https://api.example.com/v2/links/index.html');
    expect((await go('/help/api/keys')).location).toBe('https://example.com/keys');
    // A path longer than any alias is not looked up in the cache as a whole; its wildcard still answers.
    const deep = 'a'.repeat(300);
    expect((await go(`/help/${deep}`)).location).toBe(`https://docs.example.com/kb/${deep}?src=lsk`);
    expect((await go('/help')).status).toBe(404);
    expect((await go('/helpdesk/x')).status).toBe(404);
    // A new exact link under the wildcard wins at once.
    await createLink(api, { alias: 'help/getting/started', destination: 'https://example.com/start' });
    expect((await go('/help/getting/started')).location).toBe('https://example.com/start');
  });

  it("puts the rest of the path into the target's query as one value: & and + escaped there, kept in a path", async () => {
    await createLink(api, { alias: 'find/*', destination: 'https://search.example.com/{path}?q={path}&lang=en#{path}' });
    // `&` and `+` are plain characters of a path, but split or turn into a space in a query.
    expect((await go('/find/a+b/c&d=e?x=1')).location).toBe('https://search.example.com/a+b/c&d=e?q=a%2Bb/c%26d=e&lang=en&x=1#a+b/c&d=e');
    expect((await go('/find/caf%C3%A9')).location).toBe('https://search.example.com/caf%C3%A9?q=caf%C3%A9&lang=en#caf%C3%A9');
  });
});
