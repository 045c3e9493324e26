import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, freshDatabaseUrl, type Lsk, startLsk, visit } from '../support/server.js';
import { waitFor } from '../support/wait-for.js';

/**
 * max_clicks across two lsk processes on one MongoDB: a capped link's visit takes its click from
 * the shared store (a unique insert per click number) before it redirects, so the cap is exact
 * across instances too, however the visits are split.
 */
describe('max_clicks on two instances sharing one MongoDB', () => {
  let a: Lsk;
  let b: Lsk;
  let apiA: ReturnType<typeof client>;
  const UA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36';
  const go = (lsk: Lsk, alias: string) => visit(lsk.base, `/${alias}`, { host: 'sho.rt', 'user-agent': UA }).then((r) => r.status);

  beforeAll(async () => {
    const db = freshDatabaseUrl('mongodb');
    a = await startLsk('mongodb', { databaseUrl: db.url, env: { LSK_DEFAULT_DOMAIN: 'sho.rt' } });
    b = await startLsk('mongodb', { databaseUrl: db.url, env: { LSK_DEFAULT_DOMAIN: 'sho.rt' } });
    apiA = client(a.base, await a.workspace('capped', ['--rpm', '100000']));
  });
  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
  });

  function storedClicks(id: string, want: number): Promise<number> {
    return waitFor(
      async () => (await apiA('GET', `/v1/links/${id}`)).body.clicks as number,
      (clicks) => clicks === want,
      { timeout: 5000, interval: 100 },
    );
  }

  it('stops a "first 50 visitors" link at exactly 50 of 200 visits at once split over both instances (2 earlier)', async () => {
    const link = (await apiA('POST', '/v1/links', { destination: 'https://example.com/', alias: 'first50', max_clicks: 50 })).body;
    expect([await go(a, 'first50'), await go(b, 'first50')]).toEqual([302, 302]);
    const statuses = await Promise.all(Array.from({ length: 200 }, (_, i) => go(i % 2 === 0 ? a : b, 'first50')));
    expect(statuses.filter((s) => s === 302)).toHaveLength(48);
    expect(statuses.filter((s) => s === 410)).toHaveLength(152);
    expect(await storedClicks(link.id, 50)).toBe(50);
    expect((await apiA('GET', `/v1/links/${link.id}`)).body).toMatchObject({ clicks: 50, status: 'exhausted' });
    expect([await go(a, 'first50'), await go(b, 'first50')]).toEqual([410, 410]);
  });

  it('is exact one visit at a time too, alternating instances', async () => {
    const link = (await apiA('POST', '/v1/links', { destination: 'https://example.com/', alias: 'six', max_clicks: 6 })).body;
    const seen: number[] = [];
    for (let i = 0; i < 10; i++) seen.push(await go(i % 2 === 0 ? a : b, 'six'));
    expect(seen).toEqual([302, 302, 302, 302, 302, 302, 410, 410, 410, 410]);
    expect(await storedClicks(link.id, 6)).toBe(6);
  });
});
