import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type IdpAccount, ssoSignIn, startIdp, type TestIdp } from '../support/oidc.js';
import { client, freePort, type Lsk, STORES, startLsk } from '../support/server.js';
import { newAccount } from './_accounts.js';
import { BIG_PLAN, expectError } from './_assert.js';

describe.each(STORES)('single sign-on (OpenID Connect, against oidc-provider) on %s', (store) => {
  let idp: TestIdp;
  let lsk: Lsk;
  let joiner: Lsk;
  let key: string;
  let n = 0;
  const publicUrl = (l: Lsk) => `http://localhost:${l.port}`;

  beforeAll(async () => {
    const idpPort = await freePort();
    const oidcEnv = (issuer: string) => ({ LSK_OIDC_ISSUER: issuer, LSK_OIDC_CLIENT_ID: 'lsk-dashboard', LSK_OIDC_CLIENT_SECRET: 'idp-client-secret-5d1e7a' });
    // lsk discovers the provider on first use, so it may start first (the provider needs lsk's callback URL).
    lsk = await startLsk(store, { env: oidcEnv(`http://127.0.0.1:${idpPort}`) });
    key = await lsk.workspace('acme', BIG_PLAN);
    joiner = await startLsk(store, {
      env: { ...oidcEnv(`http://127.0.0.1:${idpPort}`), LSK_OIDC_AUTO_JOIN: 'acme:member' },
      databaseUrl: lsk.env.DATABASE_URL,
    });
    idp = await startIdp(idpPort, [publicUrl(lsk), publicUrl(joiner)]);
  });
  afterAll(async () => {
    await joiner?.stop();
    await lsk?.stop();
    await idp?.stop();
  });

  const person = (over: Partial<IdpAccount> = {}) => {
    const id = `idp-${++n}-${store}`;
    idp.accounts.set(id, { email: `${id}@example.com`, email_verified: true, name: `Person ${n}`, ...over });
    return { id, email: idp.accounts.get(id)!.email };
  };
  const sso = (l: Lsk, accountId: string, query = 'next=/links') => ssoSignIn(`${publicUrl(l)}/auth/oidc/start?${query}`, l.base, publicUrl(l), accountId);
  const session = (l: Lsk, cookie: string | undefined) => client(l.base)('GET', '/auth/session', undefined, cookie ? { cookie: `lsk_session=${cookie}` } : {});

  it('signs an existing user in by their verified email (PKCE, state, nonce) and lands on the page asked for', async () => {
    const p = person();
    await newAccount(lsk, p.email.toUpperCase(), 'acme', 'viewer');
    const start = await client(lsk.base)('GET', '/auth/oidc/start?next=/links');
    expect(start.status).toBe(302);
    const to = new URL(start.headers.get('location')!);
    expect(to.origin).toBe(idp.issuer);
    expect(Object.fromEntries(to.searchParams)).toMatchObject({
      client_id: 'lsk-dashboard',
      response_type: 'code',
      code_challenge_method: 'S256',
      redirect_uri: `${publicUrl(lsk)}/auth/oidc/callback`,
      scope: 'openid email profile',
    });
    for (const k of ['state', 'nonce', 'code_challenge']) expect(to.searchParams.get(k)).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(start.headers.get('set-cookie')).toMatch(/^lsk_oidc=[A-Za-z0-9_-]{43}; Path=\/auth\/oidc; Max-Age=600; HttpOnly; SameSite=Lax/);
    const r = await sso(lsk, p.id);
    expect(r.location).toBe(`${publicUrl(lsk)}/dashboard/links`);
    const s = await session(lsk, r.lskCookies.get('lsk_session'));
    expect(s.status).toBe(200);
    expect(s.body.user.email).toBe(p.email.toUpperCase());
    expect(s.body.workspaces.map((w: { slug: string }) => w.slug)).toEqual(['acme']);
    expect((await client(lsk.base)('GET', '/auth/methods')).body.oidc).toBe(true);
  });

  it('refuses an unverified email, and an unknown one without an invite (the sign-in page says why)', async () => {
    const unverified = person({ email_verified: false });
    await newAccount(lsk, unverified.email, 'acme');
    for (const [who, reason] of [
      [unverified.id, 'email_unverified'],
      [person().id, 'no_account'],
    ] as const) {
      const r = await sso(lsk, who);
      expect(r.location).toBe(`${publicUrl(lsk)}/dashboard/sign-in?sso_error=${reason}`);
      expect(r.lskCookies.get('lsk_session')).toBeUndefined();
    }
  });

  it('creates the account from an invite for the same verified email (and leaves an invite for another email usable)', async () => {
    const p = person();
    const invite = await client(lsk.base, key)('POST', '/v1/invites', { email: p.email, role: 'admin' });
    const token = invite.body.url.split('#token=')[1];
    const other = person();
    const wrong = await sso(lsk, other.id, `invite=${token}`);
    expect(wrong.location).toBe(`${publicUrl(lsk)}/dashboard/sign-in?sso_error=invite_mismatch`);
    const r = await sso(lsk, p.id, `invite=${token}&next=/members`);
    expect(r.location).toBe(`${publicUrl(lsk)}/dashboard/members`);
    const s = await session(lsk, r.lskCookies.get('lsk_session'));
    expect(s.body.user).toMatchObject({ email: p.email, name: idp.accounts.get(p.id)!.name });
    expect(s.body.workspaces).toEqual([expect.objectContaining({ slug: 'acme', role: 'admin' })]);
    expectError(await client(lsk.base)('GET', `/auth/invites/${token}`), 404, 'not_found');
  });

  it('with LSK_OIDC_AUTO_JOIN, a verified email without an account joins that workspace with that role', async () => {
    const p = person();
    const r = await sso(joiner, p.id);
    expect(r.location).toBe(`${publicUrl(joiner)}/dashboard/links`);
    const s = await session(joiner, r.lskCookies.get('lsk_session'));
    expect(s.body.workspaces).toEqual([expect.objectContaining({ slug: 'acme', role: 'member' })]);
  });

  it('refuses a callback replayed, from another browser (no binding cookie), with a forged state, or with the provider’s error', async () => {
    const p = person();
    await newAccount(lsk, p.email, 'acme');
    const done = await sso(lsk, p.id);
    expect(done.lskCookies.get('lsk_session')).toBeTruthy();
    const callback = new URL(done.callback);
    const replay = await client(lsk.base)('GET', `/auth/oidc/callback${callback.search}`, undefined, {
      cookie: `lsk_oidc=${done.lskCookies.get('lsk_oidc') ?? 'gone'}`,
    });
    expect(replay.headers.get('location')).toBe(`${publicUrl(lsk)}/dashboard/sign-in?sso_error=failed`);
    const started = await client(lsk.base)('GET', '/auth/oidc/start');
    const state = new URL(started.headers.get('location')!).searchParams.get('state');
    const binding = /lsk_oidc=([^;]+)/.exec(started.headers.get('set-cookie')!)![1];
    for (const [query, cookie] of [
      [`?code=x&state=${state}`, ''],
      [`?code=x&state=forged`, `lsk_oidc=${binding}`],
      [`?error=access_denied&state=${state}`, `lsk_oidc=${binding}`],
    ]) {
      const res = await client(lsk.base)('GET', `/auth/oidc/callback${query}`, undefined, cookie ? { cookie } : {});
      expect(res.status, query).toBe(302);
      expect(res.headers.get('location')).toBe(`${publicUrl(lsk)}/dashboard/sign-in?sso_error=failed`);
      expect(res.headers.get('set-cookie')).not.toContain('lsk_session=');
    }
    expectError(await client(lsk.base)('GET', '/auth/oidc/start?next=https://evil.example/'), 400, 'validation_failed', { paths: ['next'] });
    expectError(await client(lsk.base)('GET', '/auth/oidc/start?next=//evil.example/'), 400, 'validation_failed', { paths: ['next'] });
  });
});

describe('without OIDC settings', () => {
  let lsk: Lsk;
  beforeAll(async () => {
    lsk = await startLsk('sqlite');
  });
  afterAll(async () => {
    await lsk?.stop();
  });

  it('answers 404 on the SSO routes', async () => {
    expectError(await client(lsk.base)('GET', '/auth/oidc/start'), 404, 'not_found');
    expectError(await client(lsk.base)('GET', '/auth/oidc/callback?code=x&state=y'), 404, 'not_found');
  });
});
