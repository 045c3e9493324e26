import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cliLines } from '../support/cli-in-process.js';
import { client, type Lsk, STORES, startLsk } from '../support/server.js';
import { CHEAP_PASSWORDS, dashboard, newAccount, post } from './_accounts.js';
import { BIG_PLAN, expectError } from './_assert.js';
import { enableTotp, TestClock, totp } from './_two-factor.js';

describe.each(STORES)('a workspace that requires a second factor, on %s', (store) => {
  const dir = mkdtempSync(join(tmpdir(), 'lsk-req2fa-'));
  const clock = new TestClock(join(dir, 'offset-ms'));
  let lsk: Lsk;
  let api: ReturnType<typeof client>;
  let key: string;
  let n = 0;
  const email = () => `req${++n}.${store}@example.com`;

  beforeAll(async () => {
    lsk = await startLsk(store, { env: { ...CHEAP_PASSWORDS, LSK_TEST_CLOCK_FILE: join(dir, 'offset-ms'), LSK_TRUST_PROXY: '1' } });
    api = client(lsk.base);
    key = await lsk.workspace('strict', BIG_PLAN);
    await lsk.workspace('loose', BIG_PLAN);
  });
  afterAll(async () => {
    await lsk?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('lets only an owner with a second factor require one; members without get 403 two_factor_required there until they add one', async () => {
    const owner = await newAccount(lsk, email(), 'strict', 'owner');
    const admin = await newAccount(lsk, email(), 'strict', 'admin');
    const member = await newAccount(lsk, email(), 'strict', 'member');
    await cliLines(['user', 'create', member.email, '--workspace', 'loose', '--role', 'member'], lsk.env);
    const patch = (cookie: string, body: unknown) => api('PATCH', '/v1/workspace', body, dashboard(cookie, 'strict'));

    expectError(await patch(owner.cookie, { require_2fa: true }), 400, 'validation_failed', { paths: ['require_2fa'] });
    expectError(await patch(admin.cookie, { require_2fa: true }), 403, 'forbidden');
    expectError(await patch(owner.cookie, { require_2fa: 'yes' }), 400, 'validation_failed', { paths: ['require_2fa'] });
    expectError(await patch(owner.cookie, { require_2fa: true, plan: 'custom' }), 400, 'validation_failed', { paths: ['plan'] });
    await enableTotp(lsk, owner.cookie, clock);
    const on = await patch(owner.cookie, { require_2fa: true });
    expect(on.status, on.text).toBe(200);
    expect(on.body).toMatchObject({ slug: 'strict', require_2fa: true });

    const asMember = dashboard(member.cookie, 'strict');
    expectError(await api('GET', '/v1/links', undefined, asMember), 403, 'two_factor_required');
    const gql = await api('POST', '/graphql', { query: '{ links { data { id } } }' }, asMember);
    expect(gql.body.errors?.[0]?.extensions?.code).toBe('two_factor_required');
    // Elsewhere, and for what is not workspace data, the member is unaffected.
    expect((await api('GET', '/v1/links', undefined, dashboard(member.cookie, 'loose'))).status).toBe(200);
    const session = await api('GET', '/auth/session', undefined, { cookie: member.cookie });
    expect(session.body.workspaces.find((w: { slug: string }) => w.slug === 'strict')).toMatchObject({ require_2fa: true });
    expect((await api('GET', '/v1/links', undefined, dashboard(owner.cookie, 'strict'))).status).toBe(200);
    // API keys are their own credential: unaffected.
    expect((await client(lsk.base, key)('GET', '/v1/links')).status).toBe(200);

    await enableTotp(lsk, member.cookie, clock);
    expect((await api('GET', '/v1/links', undefined, asMember)).status).toBe(200);

    const off = await patch(owner.cookie, { require_2fa: false });
    expect(off.body.require_2fa).toBe(false);
    expect((await api('GET', '/v1/workspace', undefined, dashboard(admin.cookie, 'strict'))).body.require_2fa).toBe(false);
  });

  it('lets an owner key (scope workspace:write) change it over REST and GraphQL; keys without the scope get 403 insufficient_scope', async () => {
    const owner = client(lsk.base, key);
    const gql = await owner('POST', '/graphql', { query: 'mutation { updateWorkspace(require_2fa: true) { slug require_2fa } }' });
    expect(gql.body).toEqual({ data: { updateWorkspace: { slug: 'strict', require_2fa: true } } });
    expect((await owner('GET', '/v1/workspace')).body.require_2fa).toBe(true);
    const reader = await owner('POST', '/v1/keys', { name: 'reader', scopes: ['workspace:read'] });
    expectError(await client(lsk.base, reader.body.key)('PATCH', '/v1/workspace', { require_2fa: false }), 403, 'insufficient_scope');
    expect((await owner('PATCH', '/v1/workspace', { require_2fa: false })).body.require_2fa).toBe(false);
    expect((await owner('PATCH', '/v1/workspace', {})).body.require_2fa).toBe(false);
  });

  it('keeps a signed-in member out until a second factor is added, and lets them add one (the /auth routes stay open)', async () => {
    const owner = await newAccount(lsk, email(), 'loose', 'owner');
    const { secret } = await enableTotp(lsk, owner.cookie, clock);
    expect(secret).toBeTruthy();
    expect((await api('PATCH', '/v1/workspace', { require_2fa: true }, dashboard(owner.cookie, 'loose'))).status).toBe(200);
    const viewer = await newAccount(lsk, email(), 'loose', 'viewer');
    expectError(await api('GET', '/v1/workspace', undefined, dashboard(viewer.cookie, 'loose')), 403, 'two_factor_required');
    const setup = await post(lsk, '/auth/2fa/setup', undefined, { cookie: viewer.cookie });
    expect((await post(lsk, '/auth/2fa/enable', { code: await totp(setup.body.secret, clock) }, { cookie: viewer.cookie })).status).toBe(200);
    expect((await api('GET', '/v1/workspace', undefined, dashboard(viewer.cookie, 'loose'))).status).toBe(200);
    clock.nextStep();
  });
});
