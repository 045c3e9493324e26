/**
 * `lsk workspace delete <slug>` as an operator runs it, beside a running server on each store: the
 * server stops serving the workspace within its poll (links 404, keys 401), the command purges its
 * data before it returns, and an unknown or malformed slug fails with a clear line and no change.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Workspace } from '../../src/generated/graphql.js';
import { client, type Lsk, STORES, startLsk, visit } from '../support/server.js';
import { waitFor } from '../support/wait-for.js';

describe.each(STORES)('lsk workspace delete on %s', (store) => {
  let lsk: Lsk;
  let host: string;

  beforeAll(async () => {
    lsk = await startLsk(store);
    host = `localhost:${lsk.port}`;
  });
  afterAll(async () => {
    await lsk?.stop();
  });

  it('deletes the workspace for every surface, purges it, and leaves the others', async () => {
    const api = client(lsk.base, await lsk.workspace('cli-doomed'));
    const other = client(lsk.base, await lsk.workspace('cli-kept'));
    expect((await api('POST', '/v1/links', { destination: 'https://example.com/a', alias: 'cli-a' })).status).toBe(201);
    expect((await other('POST', '/v1/links', { destination: 'https://example.com/b', alias: 'cli-b' })).status).toBe(201);
    expect((await visit(lsk.base, '/cli-a', { host })).status).toBe(302);

    const r = await lsk.cli(['workspace', 'delete', 'cli-doomed']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/^deleted workspace cli-doomed and purged its data$/m);
    expect(JSON.parse(r.last) as Workspace).toMatchObject({ slug: 'cli-doomed' });

    // The server hears of it within one poll of the shared generation.
    const status = await waitFor(
      async () => (await visit(lsk.base, '/cli-a', { host })).status,
      (s) => s === 404,
      { what: 'the deleted workspace’s link to answer 404' },
    );
    expect(status).toBe(404);
    // A key's workspace is cached for up to 2 s.
    expect(
      await waitFor(
        async () => (await api('GET', '/v1/links')).status,
        (s) => s === 401,
        { what: 'the deleted workspace’s key to answer 401' },
      ),
    ).toBe(401);
    expect((await visit(lsk.base, '/cli-b', { host })).status).toBe(302);
    const list = await lsk.cli(['workspace', 'list']);
    expect((JSON.parse(list.last) as { data: Workspace[] }).data.map((w) => w.slug)).not.toContain('cli-doomed');
  });

  it('fails on an unknown or malformed slug and changes nothing', async () => {
    const unknown = await lsk.cli(['workspace', 'delete', 'nobody-here']);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toMatch(/Workspace "nobody-here"/);
    const bad = await lsk.cli(['workspace', 'delete', 'Not A Slug']);
    expect(bad.code).not.toBe(0);
    expect(bad.stderr).toMatch(/slug/);
    const missing = await lsk.cli(['workspace', 'delete']);
    expect(missing.code).toBe(2);
  });
});
