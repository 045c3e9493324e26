/**
 * Click analytics read as an attacker would, on a real server and both stores: crafted event
 * cursors, another workspace's links, tags and cursors in filters.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, type Lsk, STORES, startLsk, visit } from '../support/server.js';
import { waitFor } from '../support/wait-for.js';
import { BIG_PLAN, expectError } from './_assert.js';

const CHROME = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36';
const cursorOf = (position: string) => Buffer.from(position).toString('base64url');

describe.each(STORES)('hostile analytics reads on %s', (store) => {
  let lsk: Lsk;
  let api: ReturnType<typeof client>;
  let other: ReturnType<typeof client>;
  let link: { id: string };
  beforeAll(async () => {
    lsk = await startLsk(store, { env: { LSK_COUNTRY_HEADER: 'cf-ipcountry' } });
    api = client(lsk.base, await lsk.workspace('hostile', BIG_PLAN));
    other = client(lsk.base, await lsk.workspace('victim', BIG_PLAN));
    link = (await api('POST', '/v1/links', { destination: 'https://example.com/a', alias: 'mine', tags: ['mine'] })).body;
    await other('POST', '/v1/links', { destination: 'https://example.com/v', alias: 'theirs', tags: ['secret'] });
    const host = `localhost:${lsk.port}`;
    for (const country of ['DE', 'FR', 'US']) await visit(lsk.base, '/mine', { host, 'user-agent': CHROME, 'cf-ipcountry': country });
    await visit(lsk.base, '/theirs', { host, 'user-agent': CHROME, 'cf-ipcountry': 'JP' });
    for (const c of [api, other])
      await waitFor(
        () => c('GET', '/v1/analytics/events'),
        (r) => (r.body?.data?.length ?? 0) > 0,
      );
  }, 90_000);
  afterAll(async () => {
    await lsk?.stop();
  });

  it('reads a cursor placed far in the future from the window end, not from the cursor (the first page)', async () => {
    const first = await api('GET', '/v1/analytics/events');
    expect(first.body.data).toHaveLength(3);
    const at = '999999999999999';
    const position = store === 'sqlite' ? `${at}.1` : `${at}.x.0`;
    const r = await api('GET', `/v1/analytics/events?cursor=${cursorOf(position)}`);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.data).toEqual(first.body.data);
  });

  it('keeps filters, tags and cursors inside the workspace', async () => {
    const theirs = (await other('GET', '/v1/links')).body.data[0].id as string;
    expectError(await api('GET', `/v1/analytics?link_id=${theirs}`), 404, 'not_found');
    expectError(await api('GET', `/v1/analytics/events?link_id=!${theirs}`), 404, 'not_found');
    expect((await api('GET', '/v1/analytics?tag=secret&group_by=countries')).body.data).toEqual([]);
    expect((await api('GET', '/v1/analytics?country=JP&group_by=links')).body.data).toEqual([]);
    const page = await other('GET', '/v1/analytics/events?limit=1');
    expect(page.body.data.map((e: { country: string }) => e.country)).toEqual(['JP']);
    const theirCursor = (await other('GET', '/v1/analytics/events?limit=1')).body.next_cursor;
    expect(theirCursor).toBeNull();
    const mine = (await api('GET', `/v1/analytics/events?limit=1&link_id=${link.id}`)).body;
    const next = await other('GET', `/v1/analytics/events?cursor=${mine.next_cursor}`);
    expect(next.status).toBe(200);
    expect(next.body.data.map((e: { country: string }) => e.country)).not.toContain('DE');
  });

  it('answers nothing when the domain argument and the domain filter exclude each other (AND, not "no filter")', async () => {
    const host = `localhost:${lsk.port}`;
    const both = await api('POST', '/graphql', {
      query: `{ analytics(domain: "${host}", filter: {domain: {in: ["other.test"]}}) { total { clicks } } }`,
    });
    expect(both.body.errors).toBeUndefined();
    expect(both.body.data.analytics.total.clicks).toBe(0);
    const one = await api('POST', '/graphql', { query: `{ analytics(domain: "${host}", filter: {domain: {in: ["${host}"]}}) { total { clicks } } }` });
    expect(one.body.data.analytics.total.clicks).toBe(3);
  });
});
