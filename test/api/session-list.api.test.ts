import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, type Lsk, STORES, startLsk } from '../support/server.js';
import { CHEAP_PASSWORDS, cookieOf, newAccount, post } from './_accounts.js';
import { BIG_PLAN, expectError, ISO_TIME } from './_assert.js';

const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0';
const SAFARI = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

describe.each(STORES)('your own sessions on %s', (store) => {
  let lsk: Lsk;
  let api: ReturnType<typeof client>;
  let n = 0;
  const email = () => `ses${++n}.${store}@example.com`;

  beforeAll(async () => {
    lsk = await startLsk(store, { env: { ...CHEAP_PASSWORDS, LSK_TRUST_PROXY: '1' } });
    api = client(lsk.base);
    await lsk.workspace('acme', BIG_PLAN);
  });
  afterAll(async () => {
    await lsk?.stop();
  });

  const signInWith = async (e: string, password: string, ua: string) =>
    cookieOf(await post(lsk, '/auth/sign-in', { email: e, password }, { 'user-agent': ua }));

  it('lists them newest first with browser, OS and which one is asking; never another user’s', async () => {
    const a = await newAccount(lsk, email(), 'acme');
    const b = await newAccount(lsk, email(), 'acme');
    const firefox = await signInWith(a.email, a.password, FIREFOX);
    const iphone = await signInWith(a.email, a.password, SAFARI);
    const res = await api('GET', '/auth/sessions', undefined, { cookie: firefox });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.body.data).toHaveLength(3);
    for (const s of res.body.data) {
      expect(Object.keys(s).sort()).toEqual(['browser', 'created_at', 'current', 'id', 'last_seen_at', 'os']);
      expect(s.id).toMatch(/^ses_[0-9a-f]{24}$/);
      expect(s.created_at).toMatch(ISO_TIME);
      expect(s.last_seen_at).toMatch(ISO_TIME);
    }
    const [newest, middle] = res.body.data;
    expect(newest).toMatchObject({ browser: 'Safari', os: 'iOS', current: false });
    expect(middle).toMatchObject({ browser: 'Firefox', os: 'Linux', current: true });
    expect(res.body.data.filter((s: { current: boolean }) => s.current)).toHaveLength(1);
    const theirs = await api('GET', '/auth/sessions', undefined, { cookie: b.cookie });
    expect(theirs.body.data).toHaveLength(1);
    expect(theirs.body.data.map((s: { id: string }) => s.id)).not.toContain(newest.id);
    expect((await api('GET', '/auth/sessions', undefined, { cookie: iphone })).body.data[0].current).toBe(true);
    expectError(await api('GET', '/auth/sessions'), 401, 'unauthorized');
  });

  it('revokes one of them (that browser is signed out at once); another user’s or an unknown id is 404', async () => {
    const a = await newAccount(lsk, email(), 'acme');
    const b = await newAccount(lsk, email(), 'acme');
    const other = await signInWith(a.email, a.password, FIREFOX);
    const list = (await api('GET', '/auth/sessions', undefined, { cookie: a.cookie })).body.data as { id: string; current: boolean }[];
    const target = list.find((s) => !s.current)!;
    expectError(await api('DELETE', `/auth/sessions/${target.id}`, undefined, { cookie: b.cookie }), 404, 'not_found');
    expectError(await api('DELETE', '/auth/sessions/ses_000000000000000000000000', undefined, { cookie: a.cookie }), 404, 'not_found');
    expectError(await api('DELETE', '/auth/sessions/%E0%A4%A', undefined, { cookie: a.cookie }), 404, 'not_found');
    expectError(await api('DELETE', `/auth/sessions/${target.id}`, undefined, { cookie: a.cookie, origin: 'https://evil.example' }), 403, 'csrf_failed');
    const del = await api('DELETE', `/auth/sessions/${target.id}`, undefined, { cookie: a.cookie });
    expect(del.status).toBe(204);
    expect(del.headers.get('set-cookie')).toBeNull();
    expectError(await api('GET', '/auth/session', undefined, { cookie: other }), 401, 'unauthorized');
    expect((await api('GET', '/auth/session', undefined, { cookie: a.cookie })).status).toBe(200);
    expectError(await api('DELETE', `/auth/sessions/${target.id}`, undefined, { cookie: a.cookie }), 404, 'not_found');
    expectError(await api('GET', `/auth/sessions/${target.id}`, undefined, { cookie: a.cookie }), 405, 'method_not_allowed');
  });

  it('revoking the current session signs this browser out (its cookie is cleared)', async () => {
    const a = await newAccount(lsk, email(), 'acme');
    const mine = (await api('GET', '/auth/sessions', undefined, { cookie: a.cookie })).body.data[0];
    const del = await api('DELETE', `/auth/sessions/${mine.id}`, undefined, { cookie: a.cookie });
    expect(del.status).toBe(204);
    expect(del.headers.get('set-cookie')).toMatch(/^lsk_session=; Path=\/; Max-Age=0/);
    expectError(await api('GET', '/auth/session', undefined, { cookie: a.cookie }), 401, 'unauthorized');
  });
});
