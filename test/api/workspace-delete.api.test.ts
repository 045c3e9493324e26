/**
 * DELETE /v1/workspace and the deleteWorkspace mutation (docs/adr/0177): who may (owners; keys with
 * workspace:write and no restriction), the confirmation, and what is gone right after: keys (401),
 * sessions (403), links (404), while the slug and the domains are free again.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cliLines } from '../support/cli-in-process.js';
import { client, type Lsk, STORES, startLsk, visit } from '../support/server.js';
import { dashboard, newAccount } from './_accounts.js';
import { BIG_PLAN, expectError, graphql } from './_assert.js';

describe.each(STORES)('deleting a workspace on %s', (store) => {
  let lsk: Lsk;
  let api: ReturnType<typeof client>;
  let host: string;

  beforeAll(async () => {
    lsk = await startLsk(store);
    api = client(lsk.base);
    host = `localhost:${lsk.port}`;
  });
  afterAll(async () => {
    await lsk?.stop();
  });

  it('over REST: refused to admins, narrow and restricted keys and without the slug; then keys, sessions and links of it are gone', async () => {
    const key = await lsk.workspace('doomed', BIG_PLAN);
    const keep = await lsk.workspace('bystander', BIG_PLAN);
    const asKey = client(lsk.base, key);
    const owner = await newAccount(lsk, `owner.${store}@example.com`, 'doomed', 'owner');
    const admin = await newAccount(lsk, `admin.${store}@example.com`, 'doomed', 'admin');
    await cliLines(['user', 'create', owner.email, '--workspace', 'bystander', '--role', 'member'], lsk.env);
    const narrow = (await asKey('POST', '/v1/keys', { name: 'links only', scopes: ['links:write'] })).body.key as string;
    const restricted = (await asKey('POST', '/v1/keys', { name: 'tagged', scopes: ['workspace:write'], tags: ['team'] })).body.key as string;
    expect((await asKey('POST', '/v1/domains', { host: 'go.doomed.example' })).status).toBe(201);
    expect((await asKey('POST', '/v1/links', { destination: 'https://example.com/a', alias: 'doomed-a' })).status).toBe(201);
    expect((await client(lsk.base, keep)('POST', '/v1/links', { destination: 'https://example.com/b', alias: 'kept-b' })).status).toBe(201);
    expect((await visit(lsk.base, '/doomed-a', { host })).status).toBe(302);
    const del = (auth: Record<string, string>, query = '?confirm=doomed') => api('DELETE', `/v1/workspace${query}`, undefined, auth);

    expectError(await del(dashboard(admin.cookie, 'doomed')), 403, 'forbidden');
    expectError(await client(lsk.base, narrow)('DELETE', '/v1/workspace?confirm=doomed'), 403, 'insufficient_scope');
    expectError(await client(lsk.base, restricted)('DELETE', '/v1/workspace?confirm=doomed'), 403, 'forbidden');
    const asOwner = dashboard(owner.cookie, 'doomed');
    expectError(await del(asOwner, ''), 400, 'validation_failed', { paths: ['confirm'] });
    expectError(await del(asOwner, '?confirm=bystander'), 400, 'validation_failed', { paths: ['confirm'] });
    expectError(await del(asOwner, '?confirm=doomed&force=1'), 400, 'validation_failed', { paths: ['force'] });
    expect((await asKey('GET', '/v1/workspace')).status).toBe(200);

    const gone = await del(asOwner);
    expect(gone.status, gone.text).toBe(204);
    // At once: its keys are no keys, its members no members, its links unknown.
    expectError(await asKey('GET', '/v1/links'), 401, 'invalid_api_key');
    expectError(await api('GET', '/v1/links', undefined, asOwner), 403, 'forbidden');
    expect((await visit(lsk.base, '/doomed-a', { host })).status).toBe(404);
    const session = await api('GET', '/auth/session', undefined, { cookie: owner.cookie });
    expect(session.body.workspaces.map((w: { slug: string }) => w.slug)).toEqual(['bystander']);
    // The other workspace is untouched; the slug and the domain are free again.
    expect((await visit(lsk.base, '/kept-b', { host })).status).toBe(302);
    expect((await api('GET', '/v1/links', undefined, dashboard(owner.cookie, 'bystander'))).status).toBe(200);
    const reborn = client(lsk.base, await lsk.workspace('doomed', BIG_PLAN));
    expect((await reborn('POST', '/v1/domains', { host: 'go.doomed.example' })).status).toBe(201);
    expect((await reborn('GET', '/v1/links')).body.data).toEqual([]);
  });

  it('over GraphQL, with the same guard and confirmation', async () => {
    const key = await lsk.workspace('graphql-doomed', BIG_PLAN);
    const gql = graphql(lsk.base, key);
    const mutation = 'mutation ($confirm: String!) { deleteWorkspace(confirm: $confirm) }';
    const wrong = await gql(mutation, { confirm: 'nope' });
    expect(wrong.body.errors?.[0]?.extensions?.code).toBe('validation_failed');
    const narrow = (await client(lsk.base, key)('POST', '/v1/keys', { name: 'reader', scopes: ['links:read'] })).body.key as string;
    const refused = await graphql(lsk.base, narrow)(mutation, { confirm: 'graphql-doomed' });
    expect(refused.body.errors?.[0]?.extensions?.code).toBe('insufficient_scope');
    const ok = await gql(mutation, { confirm: 'graphql-doomed' });
    expect(ok.body).toEqual({ data: { deleteWorkspace: true } });
    expectError(await client(lsk.base, key)('GET', '/v1/workspace'), 401, 'invalid_api_key');
  });
});
