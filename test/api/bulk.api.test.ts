/** Bulk calls: POST, PATCH and DELETE /v1/links/bulk and createLinks/updateLinks/deleteLinks, on both stores. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bulkLinkResultsSchema } from '../../src/domain/bulk-outputs.js';
import { client, type Lsk, STORES, startLsk } from '../support/server.js';
import { BIG_PLAN, createLink, expectError, expectLinkShape } from './_assert.js';

describe.each(STORES)('bulk link calls on %s', (store) => {
  let lsk: Lsk;
  let api: ReturnType<typeof client>;
  beforeAll(async () => {
    lsk = await startLsk(store);
    api = client(lsk.base, await lsk.workspace('bulk', BIG_PLAN));
  });
  afterAll(async () => {
    await lsk?.stop();
  });

  it('creates links in request order; bad, taken and duplicate items fail alone with their own error', async () => {
    await createLink(api, { destination: 'https://example.com/taken', alias: 'bulk-taken' });
    const res = await api('POST', '/v1/links/bulk', {
      links: [
        { destination: 'https://example.com/1', alias: 'bulk-one', tags: ['Bulk', 'one'] },
        { destination: 'ftp://example.com/', alias: 'bulk-bad', colour: 'red' },
        { destination: 'https://example.com/2', alias: 'bulk-taken' },
        { destination: 'https://example.com/3' },
        { destination: 'https://example.com/4', alias: 'bulk-one' },
        { destination: 'https://example.com/5', domain: 'not-mine.example' },
        'not an object',
      ],
    });
    expect(res.status, res.text).toBe(200);
    expect(bulkLinkResultsSchema.safeParse(res.body).error?.issues ?? []).toEqual([]);
    const [one, bad, taken, generated, dup, domain, notObject] = res.body.data;
    expect(Object.keys(one)).toEqual(['link']);
    expectLinkShape(one.link);
    expect(one.link).toMatchObject({ alias: 'bulk-one', destination: 'https://example.com/1', tags: ['Bulk', 'one'], clicks: 0 });
    expect(bad.error.code).toBe('validation_failed');
    expect(bad.error.details.map((d: { path: string }) => d.path).sort()).toEqual(['colour', 'destination']);
    expect(taken).toEqual({ error: { code: 'alias_taken', message: expect.any(String), details: [{ path: 'alias', message: expect.any(String) }] } });
    expect(generated.link.alias).toMatch(/^[0-9A-Za-z]{7}$/);
    expect(dup.error.code).toBe('alias_taken');
    expect(domain.error).toMatchObject({ code: 'validation_failed', details: [{ path: 'domain' }] });
    expect(notObject.error.code).toBe('validation_failed');
    // The links made are there, the failed ones are not.
    expect((await api('GET', `/v1/links/${one.link.id}`)).body).toEqual(one.link);
    const list = await api('GET', '/v1/links?q=example.com/&limit=100');
    expect(list.body.data.map((l: { destination: string }) => l.destination).sort()).toEqual([
      'https://example.com/1',
      'https://example.com/3',
      'https://example.com/taken',
    ]);
  });

  it('creates 100 links in one call, counted as one request against the plan', async () => {
    const small = client(lsk.base, await lsk.workspace('bulk-plan'));
    const links = Array.from({ length: 100 }, (_, i) => ({ destination: `https://example.com/many/${i}`, tags: [`t${i % 3}`] }));
    const res = await small('POST', '/v1/links/bulk', { links });
    expect(res.status).toBe(200);
    expect(res.body.data.every((d: { link?: unknown }) => d.link)).toBe(true);
    expect(res.body.data.map((d: { link: { destination: string } }) => d.link.destination)).toEqual(links.map((l) => l.destination));
    expect(res.headers.get('ratelimit-remaining')).toBe('99');
    const tags = await small('GET', '/v1/tags');
    expect(tags.body.data.map((t: { name: string; links: number }) => [t.name, t.links])).toEqual(
      expect.arrayContaining([
        ['t0', 34],
        ['t1', 33],
        ['t2', 33],
      ]),
    );
  });

  it('refuses an empty list, more than 100 links or unknown fields as a whole, creating nothing', async () => {
    expectError(await api('POST', '/v1/links/bulk', { links: [] }), 400, 'validation_failed', { paths: ['links'] });
    const many = Array.from({ length: 101 }, () => ({ destination: 'https://example.com/too-many' }));
    expectError(await api('POST', '/v1/links/bulk', { links: many }), 400, 'validation_failed', { paths: ['links'] });
    expectError(await api('POST', '/v1/links/bulk', { links: [{ destination: 'https://example.com/x' }], extra: 1 }), 400, 'validation_failed', {
      paths: ['extra'],
    });
    expect((await api('GET', '/v1/links?q=too-many')).body.data).toEqual([]);
  });

  it('updates many links with one patch, adding and removing tags; unknown ids and conflicts fail alone', async () => {
    const a = await createLink(api, { destination: 'https://example.com/a', alias: 'upd-a', tags: ['keep', 'old'] });
    const b = await createLink(api, { destination: 'https://example.com/b', alias: 'upd-b', tags: ['OLD'] });
    const res = await api('PATCH', '/v1/links/bulk', {
      ids: [a.id, 'lnk_doesnotexist000000', b.id],
      patch: { destination: 'https://example.com/new' },
      add_tags: ['fresh'],
      remove_tags: ['old'],
    });
    expect(res.status, res.text).toBe(200);
    const [ra, missing, rb] = res.body.data;
    expect(ra.link).toMatchObject({ id: a.id, destination: 'https://example.com/new', tags: ['keep', 'fresh'] });
    expect(missing).toEqual({ error: { code: 'not_found', message: expect.any(String) } });
    expect(rb.link).toMatchObject({ id: b.id, destination: 'https://example.com/new', tags: ['fresh'] });
    const alias = await api('PATCH', '/v1/links/bulk', { ids: [a.id, b.id], patch: { alias: 'upd-same' } });
    expect(alias.body.data.map((d: { link?: unknown; error?: { code: string } }) => (d.link ? 'ok' : d.error!.code)).sort()).toEqual(['alias_taken', 'ok']);
    expectError(await api('PATCH', '/v1/links/bulk', { ids: [a.id], patch: { destination: 'javascript:alert(1)' } }), 400, 'validation_failed', {
      paths: ['patch.destination'],
    });
    expectError(await api('PATCH', '/v1/links/bulk', { ids: [a.id, a.id] }), 400, 'validation_failed', { paths: ['ids'] });
  });

  it('deletes by ids in the query string, listing what was deleted and what was not found', async () => {
    const a = await createLink(api, { destination: 'https://example.com/del-a' });
    const b = await createLink(api, { destination: 'https://example.com/del-b' });
    const other = client(lsk.base, await lsk.workspace('bulk-other'));
    const theirs = await createLink(other, { destination: 'https://example.com/theirs' });
    const res = await api('DELETE', `/v1/links/bulk?ids=${a.id},lnk_doesnotexist000000,${theirs.id},${b.id}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ deleted: [a.id, b.id], not_found: ['lnk_doesnotexist000000', theirs.id] });
    expectError(await api('GET', `/v1/links/${a.id}`), 404, 'not_found');
    expect((await other('GET', `/v1/links/${theirs.id}`)).status).toBe(200);
    expectError(await api('DELETE', '/v1/links/bulk'), 400, 'validation_failed', { paths: ['ids'] });
    const tooMany = Array.from({ length: 101 }, (_, i) => `lnk_${i}`).join(',');
    expectError(await api('DELETE', `/v1/links/bulk?ids=${tooMany}`), 400, 'validation_failed', { paths: ['ids'] });
  });

  it('does the same over GraphQL: createLinks, updateLinks, deleteLinks', async () => {
    const created = await api('POST', '/graphql', {
      query: `mutation($links: [LinkFields!]!) { createLinks(links: $links) { data { link { id alias tags } error { code details { path } } } } }`,
      variables: { links: [{ destination: 'https://example.com/g1', alias: 'gql-bulk', tags: ['g'] }, { destination: 'nope' }] },
    });
    expect(created.body.errors).toBeUndefined();
    const [ok, bad] = created.body.data.createLinks.data;
    expect(ok).toEqual({ link: { id: expect.any(String), alias: 'gql-bulk', tags: ['g'] }, error: null });
    expect(bad).toEqual({ link: null, error: { code: 'validation_failed', details: [{ path: 'destination' }] } });
    const inline = await api('POST', '/graphql', {
      query: `mutation { updateLinks(ids: ["${ok.link.id}"], patch: {destination: "https://example.com/g2"}, add_tags: ["h"]) { data { link { destination tags } } } }`,
    });
    expect(inline.body.data.updateLinks.data).toEqual([{ link: { destination: 'https://example.com/g2', tags: ['g', 'h'] } }]);
    const deleted = await api('POST', '/graphql', { query: `mutation { deleteLinks(ids: ["${ok.link.id}", "lnk_x"]) { deleted not_found } }` });
    expect(deleted.body.data.deleteLinks).toEqual({ deleted: [ok.link.id], not_found: ['lnk_x'] });
  });
});
