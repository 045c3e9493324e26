/**
 * max_clicks is taken before the redirect: a capped link's visit takes its click first, so visits
 * sent at once never pass the cap, a password link's included (its check is asynchronous).
 */
import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, type Lsk, STORES, startLsk, visit } from '../support/server.js';
import { waitFor } from '../support/wait-for.js';
import { BIG_PLAN, createLink } from './_assert.js';

const CHROME = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36';

/** A raw POST of the password form to a short link (fetch cannot set Host). */
function submit(base: string, path: string, body: string, host: string): Promise<number> {
  const u = new URL(base);
  return new Promise((resolve, reject) => {
    const headers = { host, 'user-agent': CHROME, 'content-type': 'application/x-www-form-urlencoded' };
    const req = httpRequest({ host: u.hostname, port: Number(u.port), path, method: 'POST', headers }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', reject);
    req.end(body);
  });
}

describe.each(STORES)('capped links under concurrent visits on %s', (store) => {
  let lsk: Lsk;
  let api: ReturnType<typeof client>;
  const host = 'sho.rt';

  beforeAll(async () => {
    lsk = await startLsk(store, { env: { LSK_DEFAULT_DOMAIN: host } });
    api = client(lsk.base, await lsk.workspace('caps', BIG_PLAN));
  });
  afterAll(async () => {
    await lsk?.stop();
  });

  function clicksOf(id: string, want: number): Promise<number> {
    return waitFor(
      async () => (await api('GET', `/v1/links/${id}`)).body.clicks as number,
      (clicks) => clicks === want,
      { timeout: 5000, interval: 100 },
    );
  }

  it('redirects exactly max_clicks of ten right passwords sent at once, from one address', async () => {
    const link = await createLink(api, { destination: 'https://example.com/', alias: 'locked3', max_clicks: 3, password: 'open sesame' });
    const statuses = await Promise.all(Array.from({ length: 10 }, () => submit(lsk.base, '/locked3', 'password=open+sesame', host)));
    expect(statuses.filter((s) => s === 302)).toHaveLength(3);
    expect(statuses.filter((s) => s === 410)).toHaveLength(7);
    expect(await clicksOf(link.id, 3)).toBe(3);
    expect((await api('GET', `/v1/links/${link.id}`)).body.status).toBe('exhausted');
  });

  it('redirects exactly max_clicks of 200 visits at once', async () => {
    const link = await createLink(api, { destination: 'https://example.com/', alias: 'fifty', max_clicks: 50 });
    const statuses = await Promise.all(Array.from({ length: 200 }, () => visit(lsk.base, '/fifty', { host, 'user-agent': CHROME }).then((r) => r.status)));
    expect(statuses.filter((s) => s === 302)).toHaveLength(50);
    expect(statuses.filter((s) => s === 410)).toHaveLength(150);
    expect(await clicksOf(link.id, 50)).toBe(50);
  });
});
