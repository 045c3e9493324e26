/** GET /v1/links: sort (newest, oldest, alias, clicks), total, and q over titles, on both stores. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiResponse, client, type Lsk, STORES, startLsk, visit } from '../support/server.js';
import { waitFor } from '../support/wait-for.js';
import { BIG_PLAN, createLink, expectError } from './_assert.js';

describe.each(STORES)('sorted link lists on %s', (store) => {
  let lsk: Lsk;
  let api: ReturnType<typeof client>;

  beforeAll(async () => {
    lsk = await startLsk(store);
    api = client(lsk.base, await lsk.workspace('sorts', BIG_PLAN));
    for (const [alias, title] of [
      ['b-two', null],
      ['a-one', 'Quarterly report'],
      ['c-three', null],
    ] as const) {
      await createLink(api, { alias, destination: `https://example.com/${alias}`, ...(title ? { title } : {}) });
    }
    const host = `localhost:${lsk.port}`;
    for (let i = 0; i < 3; i++) await visit(lsk.base, '/c-three', { host, 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Firefox/120.0' });
    await visit(lsk.base, '/a-one', { host, 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Firefox/120.0' });
    await waitFor(
      () => api('GET', '/v1/links?sort=clicks'),
      (r) => r.body.data?.[0]?.clicks === 3 && r.body.data?.[1]?.clicks === 1,
    );
  });
  afterAll(async () => {
    await lsk?.stop();
  });

  /** Every alias in a sort, one link per page through next_cursor. */
  async function walk(sort: string, extra = ''): Promise<string[]> {
    const aliases: string[] = [];
    let cursor: string | null = null;
    for (let i = 0; i < 10; i++) {
      const res: ApiResponse = await api('GET', `/v1/links?limit=1&sort=${sort}${extra}${cursor ? `&cursor=${cursor}` : ''}`);
      expect(res.status, res.text).toBe(200);
      expect(Object.keys(res.body).sort()).toEqual(['data', 'next_cursor']);
      aliases.push(...res.body.data.map((l: { alias: string }) => l.alias));
      cursor = res.body.next_cursor;
      if (!cursor) break;
    }
    return aliases;
  }

  it('pages through each order with its cursor', async () => {
    expect(await walk('newest')).toEqual(['c-three', 'a-one', 'b-two']);
    expect(await walk('oldest')).toEqual(['b-two', 'a-one', 'c-three']);
    expect(await walk('alias')).toEqual(['a-one', 'b-two', 'c-three']);
    expect(await walk('clicks')).toEqual(['c-three', 'a-one', 'b-two']);
    expect(await walk('clicks', '&status=active')).toEqual(['c-three', 'a-one', 'b-two']);
  });

  it('counts the links matching the filters (GET /v1/links/count, linkCount)', async () => {
    expect((await api('GET', '/v1/links/count')).body).toEqual({ total: 3 });
    expect((await api('GET', '/v1/links/count?q=report&status=active')).body).toEqual({ total: 1 });
    expectError(await api('GET', '/v1/links/count?limit=2'), 400, 'validation_failed', { paths: ['limit'] });
  });

  it('finds titles with q, and refuses a cursor of another sort or an unknown sort', async () => {
    const found = await api('GET', '/v1/links?q=QUARTERLY');
    expect(found.body.data.map((l: { alias: string }) => l.alias)).toEqual(['a-one']);
    const page = await api('GET', '/v1/links?limit=1&sort=alias');
    expectError(await api('GET', `/v1/links?sort=newest&cursor=${page.body.next_cursor}`), 400, 'invalid_cursor');
    expectError(await api('GET', '/v1/links?sort=popular'), 400, 'validation_failed', { paths: ['sort'] });
  });
});
