import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cliLines } from '../support/cli-in-process.js';
import { client, type Lsk, STORES, startLsk } from '../support/server.js';
import { CHEAP_PASSWORDS, cookieOf, dashboard, freshAddress, newAccount, post, setPassword, signIn, tokenOf } from './_accounts.js';
import { BIG_PLAN, expectError, ISO_TIME, WSP_ID } from './_assert.js';

const DAY = 86_400_000;
const SESSION_RPM = 12;

describe.each(STORES)('dashboard sessions on %s', (store) => {
  const dir = mkdtempSync(join(tmpdir(), 'lsk-sessions-'));
  const clockFile = join(dir, 'offset-ms');
  const moveTo = (offsetMs: number) => writeFileSync(clockFile, String(offsetMs));
  let lsk: Lsk;
  let api: ReturnType<typeof client>;
  let otherKey: string;
  let n = 0;
  const email = () => `user${++n}.${store}@example.com`;

  beforeAll(async () => {
    moveTo(0);
    lsk = await startLsk(store, { env: { ...CHEAP_PASSWORDS, LSK_TEST_CLOCK_FILE: clockFile, LSK_TRUST_PROXY: '1', LSK_SESSION_RPM: String(SESSION_RPM) } });
    api = client(lsk.base);
    await lsk.workspace('acme', BIG_PLAN);
    otherKey = await lsk.workspace('other', BIG_PLAN);
  });
  afterAll(async () => {
    await lsk?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('signs in with the password set through the CLI link; the cookie is HttpOnly, SameSite=Lax, Path=/, 30 days, not Secure on local http only', async () => {
    // The real CLI here: its printed link is what this test follows.
    const address = email();
    const created = await lsk.cli(['user', 'create', address, '--workspace', 'acme']);
    expect(created.code, created.stderr).toBe(0);
    const a = await setPassword(lsk, address, tokenOf(created.last));
    const res = await signIn(lsk, a.email.toUpperCase(), a.password);
    expect(res.status).toBe(204);
    const set = res.headers.get('set-cookie')!;
    expect(set).toMatch(/^lsk_session=[A-Za-z0-9_-]{43}; /);
    expect(set).toContain('; HttpOnly');
    expect(set).toContain('; SameSite=Lax');
    expect(set).toContain('; Path=/');
    expect(set).toContain(`; Max-Age=${30 * 86400}`);
    expect(set).not.toContain('Secure');
    const secure = await post(lsk, '/auth/sign-in', { email: a.email, password: a.password }, { 'x-forwarded-proto': 'https' });
    expect(secure.status).toBe(204);
    expect(secure.headers.get('set-cookie')).toContain('; Secure');
  });

  it('answers the session: the user and each workspace with the role there', async () => {
    const a = await newAccount(lsk, email(), 'acme', 'viewer');
    await cliLines(['user', 'create', a.email, '--workspace', 'other', '--role', 'admin'], lsk.env);
    const res = await api('GET', '/auth/session', undefined, { cookie: a.cookie });
    expect(res.status).toBe(200);
    expect(res.body.user).toEqual({
      id: expect.stringMatching(/^usr_/),
      email: a.email,
      name: a.email.split('@')[0],
      created_at: expect.stringMatching(ISO_TIME),
    });
    expect(res.body.workspaces).toEqual([
      { id: expect.stringMatching(WSP_ID), slug: 'acme', role: 'viewer', require_2fa: false },
      { id: expect.stringMatching(WSP_ID), slug: 'other', role: 'admin', require_2fa: false },
    ]);
    expectError(await api('GET', '/auth/session'), 401, 'unauthorized');
    expectError(await api('GET', '/auth/session', undefined, { cookie: 'lsk_session=nonsense' }), 401, 'unauthorized');
  });

  it('refuses a wrong password and an unknown email alike (401 invalid_credentials, same message)', async () => {
    const a = await newAccount(lsk, email(), 'acme');
    const wrong = await signIn(lsk, a.email, 'not the password');
    const unknown = await signIn(lsk, `nobody-${a.email}`, 'not the password');
    expectError(wrong, 401, 'invalid_credentials');
    expectError(unknown, 401, 'invalid_credentials');
    expect(wrong.body.error.message).toBe(unknown.body.error.message);
    expect(wrong.headers.get('set-cookie')).toBeNull();
    expectError(await post(lsk, '/auth/sign-in', { email: a.email }), 400, 'validation_failed', { paths: ['password'] });
    expectError(await post(lsk, '/auth/sign-in', 'not json', { 'content-type': 'application/json' }), 400, 'invalid_json');
  });

  it('throttles sign-in: 10 failures per email, or per client address, in 15 minutes → 429 even for the right password', async () => {
    const a = await newAccount(lsk, email(), 'acme');
    for (let i = 0; i < 10; i++) expectError(await signIn(lsk, a.email, `wrong ${i} password`), 401, 'invalid_credentials');
    const limited = await signIn(lsk, a.email, a.password);
    expectError(limited, 429, 'rate_limited');
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    const b = await newAccount(lsk, email(), 'acme');
    const address = freshAddress();
    for (let i = 0; i < 10; i++) expectError(await signIn(lsk, `stranger${i}@example.com`, 'wrong password', address), 401, 'invalid_credentials');
    expectError(await signIn(lsk, b.email, b.password, address), 429, 'rate_limited');
    expect((await signIn(lsk, b.email, b.password)).status).toBe(204);
  });

  it('takes each try from the throttle before checking it: 100 sign-ins at once (the 41st right) check at most 10 wrong passwords', async () => {
    const a = await newAccount(lsk, email(), 'acme');
    const address = freshAddress();
    const tries = Array.from({ length: 100 }, (_, i) => signIn(lsk, a.email, i === 40 ? a.password : `wrong guess ${i}`, address));
    const statuses = (await Promise.all(tries)).map((r) => r.status);
    // At most 10 wrong passwords are checked. The right one, when it got a try, gives it back as it
    // signs in, and a guess still arriving may then take that try: 11 checked passwords at the most.
    expect(statuses.filter((s) => s !== 204 && s !== 401 && s !== 429)).toEqual([]);
    expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(10);
    expect(statuses.filter((s) => s === 204).length).toBeLessThanOrEqual(1);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(89);
    // A right password gives its try back: signing in does not use up the allowance.
    const b = await newAccount(lsk, email(), 'acme');
    for (let i = 0; i < 12; i++) expect((await signIn(lsk, b.email, b.password)).status).toBe(204);
  });

  it('acts for the user in the workspace named by Lsk-Workspace (slug or id), with X-Lsk-Csrf and a same-origin Origin', async () => {
    const a = await newAccount(lsk, email(), 'acme');
    const ws = await api('GET', '/v1/workspace', undefined, dashboard(a.cookie, 'acme'));
    expect(ws.status).toBe(200);
    expect(ws.body.slug).toBe('acme');
    expect((await api('GET', '/v1/workspace', undefined, dashboard(a.cookie, ws.body.id))).body.slug).toBe('acme');
    const own = { ...dashboard(a.cookie, 'acme'), origin: lsk.base };
    expect((await api('POST', '/v1/links', { destination: 'https://example.com/' }, own)).status).toBe(201);
    const gql = await api('POST', '/graphql', { query: '{ workspace { slug } }' }, dashboard(a.cookie, 'acme'));
    expect(gql.body).toEqual({ data: { workspace: { slug: 'acme' } } });
    const { 'x-lsk-csrf': _, ...noCsrf } = dashboard(a.cookie, 'acme');
    expectError(await api('GET', '/v1/links', undefined, noCsrf), 403, 'csrf_failed');
    expectError(await api('GET', '/v1/links', undefined, { ...dashboard(a.cookie, 'acme'), origin: 'https://evil.example' }), 403, 'csrf_failed');
    expectError(await api('GET', '/v1/links', undefined, { cookie: a.cookie, 'x-lsk-csrf': '1' }), 400, 'validation_failed', { paths: ['Lsk-Workspace'] });
    expectError(await api('GET', '/v1/links', undefined, dashboard(a.cookie, 'other')), 403, 'forbidden');
    expectError(await api('GET', '/v1/links', undefined, dashboard(a.cookie, 'no-such-workspace')), 403, 'forbidden');
  });

  it('lets an API key win over a session cookie on the same request', async () => {
    const a = await newAccount(lsk, email(), 'acme');
    const res = await api('GET', '/v1/workspace', undefined, { ...dashboard(a.cookie, 'acme'), authorization: `Bearer ${otherKey}` });
    expect(res.status).toBe(200);
    expect(res.body.slug).toBe('other');
  });

  it('counts session requests per user (LSK_SESSION_RPM), not against the workspace plan', async () => {
    const a = await newAccount(lsk, email(), 'acme');
    const b = await newAccount(lsk, email(), 'acme');
    let last = await api('GET', '/v1/links', undefined, dashboard(a.cookie, 'acme'));
    expect(last.headers.get('ratelimit-limit')).toBe(String(SESSION_RPM));
    for (let i = 1; i < SESSION_RPM; i++) last = await api('GET', '/v1/links', undefined, dashboard(a.cookie, 'acme'));
    expect(last.status).toBe(200);
    expectError(await api('GET', '/v1/links', undefined, dashboard(a.cookie, 'acme')), 429, 'rate_limited');
    expect((await api('GET', '/v1/links', undefined, dashboard(b.cookie, 'acme'))).status).toBe(200);
  });

  it('signs out one session, or every session of the user', async () => {
    const a = await newAccount(lsk, email(), 'acme');
    const second = cookieOf(await signIn(lsk, a.email, a.password));
    const out = await post(lsk, '/auth/sign-out', undefined, { cookie: a.cookie });
    expect(out.status).toBe(204);
    expect(out.headers.get('set-cookie')).toMatch(/^lsk_session=; Path=\/; Max-Age=0/);
    expectError(await api('GET', '/auth/session', undefined, { cookie: a.cookie }), 401, 'unauthorized');
    expectError(await api('GET', '/v1/links', undefined, dashboard(a.cookie, 'acme')), 401, 'unauthorized');
    expect((await api('GET', '/auth/session', undefined, { cookie: second })).status).toBe(200);
    const third = cookieOf(await signIn(lsk, a.email, a.password));
    expect((await post(lsk, '/auth/sign-out-everywhere', undefined, { cookie: third })).status).toBe(204);
    for (const c of [second, third]) expectError(await api('GET', '/auth/session', undefined, { cookie: c }), 401, 'unauthorized');
  });

  it('changes the password with the current one, ending every other session', async () => {
    const a = await newAccount(lsk, email(), 'acme');
    const other = cookieOf(await signIn(lsk, a.email, a.password));
    expectError(
      await post(lsk, '/auth/password', { current_password: 'wrong one!', new_password: 'a new password' }, { cookie: a.cookie }),
      400,
      'validation_failed',
      {
        paths: ['current_password'],
      },
    );
    expectError(await post(lsk, '/auth/password', { current_password: a.password, new_password: 'short' }, { cookie: a.cookie }), 400, 'validation_failed', {
      paths: ['new_password'],
    });
    expect((await post(lsk, '/auth/password', { current_password: a.password, new_password: 'a new password' }, { cookie: a.cookie })).status).toBe(204);
    expect((await api('GET', '/auth/session', undefined, { cookie: a.cookie })).status).toBe(200);
    expectError(await api('GET', '/auth/session', undefined, { cookie: other }), 401, 'unauthorized');
    expectError(await signIn(lsk, a.email, a.password), 401, 'invalid_credentials');
    expect((await signIn(lsk, a.email, 'a new password')).status).toBe(204);
    expectError(await post(lsk, '/auth/password', { current_password: a.password, new_password: 'a new password' }), 401, 'unauthorized');
  });

  it('uses a password-set link once; reset-password ends the sessions once its link is used', async () => {
    const a = await newAccount(lsk, email(), 'acme');
    const reset = await lsk.cli(['user', 'reset-password', a.email]);
    expect(reset.code, reset.stderr).toBe(0);
    const token = tokenOf(reset.last);
    expect((await post(lsk, '/auth/password', { token, new_password: 'reset password 1' })).status).toBe(204);
    expectError(await api('GET', '/auth/session', undefined, { cookie: a.cookie }), 401, 'unauthorized');
    expectError(await post(lsk, '/auth/password', { token, new_password: 'reset password 2' }), 400, 'validation_failed', { paths: ['token'] });
    expect((await signIn(lsk, a.email, 'reset password 1')).status).toBe(204);
  });

  it('voids every older outstanding password-set link once the password changes (by a link or with the current password)', async () => {
    const a = await newAccount(lsk, email(), 'acme');
    const links = [];
    // Links issued by the CLI's command in this process (the real CLI issues one in the test above).
    const resetLink = async () => tokenOf((await cliLines(['user', 'reset-password', a.email], lsk.env)).at(-1)!);
    for (let i = 0; i < 3; i++) links.push(await resetLink());
    expect((await post(lsk, '/auth/password', { token: links[2], new_password: 'the newest link' })).status).toBe(204);
    for (const token of links.slice(0, 2)) {
      expectError(await post(lsk, '/auth/password', { token, new_password: 'an older link' }), 400, 'validation_failed', { paths: ['token'] });
    }
    const pending = await resetLink();
    const session = cookieOf(await signIn(lsk, a.email, 'the newest link'));
    expect((await post(lsk, '/auth/password', { current_password: 'the newest link', new_password: 'changed in place' }, { cookie: session })).status).toBe(
      204,
    );
    expectError(await post(lsk, '/auth/password', { token: pending, new_password: 'an older link' }), 400, 'validation_failed', { paths: ['token'] });
    expect((await signIn(lsk, a.email, 'changed in place')).status).toBe(204);
  });

  it('a password-set link expires after 24 hours (server clock)', async () => {
    const token = tokenOf((await cliLines(['user', 'create', email(), '--workspace', 'acme'], lsk.env)).at(-1)!);
    moveTo(DAY + 60_000);
    try {
      expectError(await post(lsk, '/auth/password', { token, new_password: 'too late password' }), 400, 'validation_failed', { paths: ['token'] });
    } finally {
      moveTo(0);
    }
  });

  it('ends a session idle for 14 days, and any session 30 days after sign-in however active', async () => {
    const idle = await newAccount(lsk, email(), 'acme');
    const active = await newAccount(lsk, email(), 'acme');
    try {
      for (const day of [10, 20, 29]) {
        moveTo(day * DAY);
        expect((await api('GET', '/auth/session', undefined, { cookie: active.cookie })).status, `day ${day}`).toBe(200);
      }
      expectError(await api('GET', '/auth/session', undefined, { cookie: idle.cookie }), 401, 'unauthorized');
      moveTo(30 * DAY + 60_000);
      expectError(await api('GET', '/auth/session', undefined, { cookie: active.cookie }), 401, 'unauthorized');
    } finally {
      moveTo(0);
    }
  });
});
