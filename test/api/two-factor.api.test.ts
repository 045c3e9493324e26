import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, type Lsk, STORES, startLsk } from '../support/server.js';
import { type Account, CHEAP_PASSWORDS, cookieOf, newAccount, post, signIn } from './_accounts.js';
import { BIG_PLAN, expectError } from './_assert.js';
import { enableTotp, TestClock, totp } from './_two-factor.js';

const BASE32 = /^[A-Z2-7]{32}$/;
const RECOVERY = /^[a-z2-7]{5}-[a-z2-7]{5}$/;

describe.each(STORES)('two-factor sign-in (TOTP) on %s', (store) => {
  const dir = mkdtempSync(join(tmpdir(), 'lsk-2fa-'));
  const clock = new TestClock(join(dir, 'offset-ms'));
  let lsk: Lsk;
  let api: ReturnType<typeof client>;
  let n = 0;
  const account = async (): Promise<Account> => newAccount(lsk, `tfa${++n}.${store}@example.com`, 'acme');

  beforeAll(async () => {
    lsk = await startLsk(store, { env: { ...CHEAP_PASSWORDS, LSK_TEST_CLOCK_FILE: join(dir, 'offset-ms'), LSK_TRUST_PROXY: '1' } });
    api = client(lsk.base);
    await lsk.workspace('acme', BIG_PLAN);
  });
  afterAll(async () => {
    await lsk?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  /** The password step of a 2FA account: its challenge. */
  async function challenge(a: Account): Promise<string> {
    const res = await signIn(lsk, a.email, a.password);
    expect(res.status, res.text).toBe(200);
    return res.body.challenge;
  }

  it('sets up an authenticator (base32 secret, otpauth URL); a wrong code changes nothing; the right one answers 10 recovery codes', async () => {
    const a = await account();
    const setup = await post(lsk, '/auth/2fa/setup', undefined, { cookie: a.cookie });
    expect(setup.status).toBe(200);
    expect(setup.headers.get('cache-control')).toBe('no-store');
    expect(setup.body.secret).toMatch(BASE32);
    const url = new URL(setup.body.otpauth_url);
    expect(url.protocol).toBe('otpauth:');
    expect(url.host).toBe('totp');
    expect(decodeURIComponent(url.pathname)).toBe(`/lsk (localhost:${lsk.port}):${a.email}`);
    expect(Object.fromEntries(url.searchParams)).toMatchObject({ secret: setup.body.secret, issuer: `lsk (localhost:${lsk.port})` });
    const right = await totp(setup.body.secret, clock);
    const wrong = right === '000000' ? '111111' : '000000';
    expectError(await post(lsk, '/auth/2fa/enable', { code: wrong }, { cookie: a.cookie }), 400, 'validation_failed', { paths: ['code'] });
    expect((await api('GET', '/auth/session', undefined, { cookie: a.cookie })).body.two_factor).toBe(false);
    const on = await post(lsk, '/auth/2fa/enable', { code: ` ${right.slice(0, 3)} ${right.slice(3)} ` }, { cookie: a.cookie });
    expect(on.status, on.text).toBe(200);
    expect(on.body.recovery_codes).toHaveLength(10);
    for (const c of on.body.recovery_codes) expect(c).toMatch(RECOVERY);
    expect(new Set(on.body.recovery_codes).size).toBe(10);
    const session = await api('GET', '/auth/session', undefined, { cookie: a.cookie });
    expect(session.body).toMatchObject({ two_factor: true, second_factors: { totp: true, passkeys: 0 } });
    expectError(await post(lsk, '/auth/2fa/setup', undefined, { cookie: a.cookie }), 400, 'validation_failed', { paths: ['two_factor'] });
    expectError(await post(lsk, '/auth/2fa/setup'), 401, 'unauthorized');
    clock.nextStep();
  });

  it('signs in in two steps: the password answers a challenge and no cookie; the code answers the session cookie', async () => {
    const a = await account();
    const { secret } = await enableTotp(lsk, a.cookie, clock);
    const first = await signIn(lsk, a.email, a.password);
    expect(first.status).toBe(200);
    expect(first.headers.get('set-cookie')).toBeNull();
    expect(first.body).toEqual({ second_factor_required: true, challenge: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/), methods: ['totp', 'recovery_code'] });
    const done = await post(lsk, '/auth/sign-in/verify', { challenge: first.body.challenge, code: await totp(secret, clock) });
    expect(done.status, done.text).toBe(204);
    const session = await api('GET', '/auth/session', undefined, { cookie: cookieOf(done) });
    expect(session.body).toMatchObject({ user: { email: a.email }, two_factor: true });
    // A wrong password still answers 401 before any second factor is asked for.
    expectError(await signIn(lsk, a.email, 'not the password'), 401, 'invalid_credentials');
    clock.nextStep();
  });

  it('accepts each code once, and the codes of the steps just before and after; none further off', async () => {
    const a = await account();
    const { secret } = await enableTotp(lsk, a.cookie, clock);
    clock.nextStep(); // the step before is then not the one whose code turned TOTP on (used already)
    const code = await totp(secret, clock);
    expect((await post(lsk, '/auth/sign-in/verify', { challenge: await challenge(a), code })).status).toBe(204);
    expectError(await post(lsk, '/auth/sign-in/verify', { challenge: await challenge(a), code }), 401, 'invalid_credentials');
    for (const steps of [-1, 1]) {
      const res = await post(lsk, '/auth/sign-in/verify', { challenge: await challenge(a), code: await totp(secret, clock, steps) });
      expect(res.status, `${steps} step(s): ${res.text}`).toBe(204);
    }
    for (const steps of [-3, 3]) {
      expectError(
        await post(lsk, '/auth/sign-in/verify', { challenge: await challenge(a), code: await totp(secret, clock, steps) }),
        401,
        'invalid_credentials',
      );
    }
    clock.nextStep();
    clock.nextStep();
    clock.nextStep();
  });

  it('takes a recovery code once, typed with or without its dash, in any case', async () => {
    const a = await account();
    const { recoveryCodes } = await enableTotp(lsk, a.cookie, clock);
    const [c1, c2] = recoveryCodes as [string, string];
    expect((await post(lsk, '/auth/sign-in/verify', { challenge: await challenge(a), code: c1.toUpperCase() })).status).toBe(204);
    expectError(await post(lsk, '/auth/sign-in/verify', { challenge: await challenge(a), code: c1 }), 401, 'invalid_credentials');
    expect((await post(lsk, '/auth/sign-in/verify', { challenge: await challenge(a), code: c2.replace('-', '') })).status).toBe(204);
    expectError(await post(lsk, '/auth/sign-in/verify', { challenge: await challenge(a), code: 'aaaaa-bbbbb' }), 401, 'invalid_credentials');
  });

  it('voids a challenge after 5 wrong codes, even when 20 guesses arrive at once; the right code is then refused too', async () => {
    const a = await account();
    const { secret } = await enableTotp(lsk, a.cookie, clock);
    const right = await totp(secret, clock);
    const wrong = Array.from({ length: 20 }, (_, i) => String((Number(right) + 1000 + i) % 1_000_000).padStart(6, '0'));
    const ch = await challenge(a);
    const answers = await Promise.all(wrong.map((code) => post(lsk, '/auth/sign-in/verify', { challenge: ch, code })));
    expect(answers.filter((r) => r.status === 401)).toHaveLength(5);
    for (const r of answers.filter((x) => x.status !== 401)) expectError(r, 400, 'validation_failed', { paths: ['challenge'] });
    expectError(await post(lsk, '/auth/sign-in/verify', { challenge: ch, code: right }), 400, 'validation_failed', { paths: ['challenge'] });
    // A new challenge still works (the 5 wrong codes also counted against the sign-in throttle, below its 10).
    expect((await post(lsk, '/auth/sign-in/verify', { challenge: await challenge(a), code: right })).status).toBe(204);
    clock.nextStep();
  });

  it('refuses a challenge once used, one older than 10 minutes, and an unknown one', async () => {
    const a = await account();
    const { secret } = await enableTotp(lsk, a.cookie, clock);
    const used = await challenge(a);
    expect((await post(lsk, '/auth/sign-in/verify', { challenge: used, code: await totp(secret, clock) })).status).toBe(204);
    clock.nextStep();
    expectError(await post(lsk, '/auth/sign-in/verify', { challenge: used, code: await totp(secret, clock) }), 400, 'validation_failed', {
      paths: ['challenge'],
    });
    const old = await challenge(a);
    clock.move(10 * 60_000 + 1000);
    expectError(await post(lsk, '/auth/sign-in/verify', { challenge: old, code: await totp(secret, clock) }), 400, 'validation_failed', {
      paths: ['challenge'],
    });
    expectError(await post(lsk, '/auth/sign-in/verify', { challenge: 'x'.repeat(43), code: '123456' }), 400, 'validation_failed', { paths: ['challenge'] });
    clock.nextStep();
  });

  it('turns TOTP off with a code from the app or a recovery code; then the password alone signs in', async () => {
    for (const by of ['app', 'recovery'] as const) {
      const a = await account();
      const { secret, recoveryCodes } = await enableTotp(lsk, a.cookie, clock);
      expectError(await post(lsk, '/auth/2fa/disable', { code: '12345' }, { cookie: a.cookie }), 400, 'validation_failed', { paths: ['code'] });
      const code = by === 'app' ? await totp(secret, clock) : recoveryCodes[3]!;
      expect((await post(lsk, '/auth/2fa/disable', { code }, { cookie: a.cookie })).status).toBe(204);
      expect((await api('GET', '/auth/session', undefined, { cookie: a.cookie })).body.two_factor).toBe(false);
      expect((await signIn(lsk, a.email, a.password)).status).toBe(204);
      expectError(await post(lsk, '/auth/2fa/disable', { code }, { cookie: a.cookie }), 400, 'validation_failed', { paths: ['code'] });
      clock.nextStep();
    }
  });

  it('refuses bad bodies with the field at fault, and limits tries at turning TOTP on or off to 10 per 15 minutes', async () => {
    const a = await account();
    expectError(await post(lsk, '/auth/sign-in/verify', { challenge: 'c' }), 400, 'validation_failed', { paths: ['code'] });
    expectError(await post(lsk, '/auth/sign-in/verify', { challenge: 'c', code: 'abc' }), 400, 'validation_failed', { paths: ['code'] });
    expectError(await post(lsk, '/auth/sign-in/verify', { code: '123456' }), 400, 'validation_failed', { paths: ['challenge'] });
    expectError(await post(lsk, '/auth/2fa/enable', { code: '123456', extra: 1 }, { cookie: a.cookie }), 400, 'validation_failed', { paths: ['extra'] });
    expectError(await post(lsk, '/auth/2fa/enable', { code: '123456' }, { cookie: a.cookie }), 400, 'validation_failed', { paths: ['code'] });
    const setup = await post(lsk, '/auth/2fa/setup', undefined, { cookie: a.cookie });
    const right = await totp(setup.body.secret, clock);
    const wrong = right === '000000' ? '111111' : '000000';
    for (let i = 1; i < 10; i++)
      expectError(await post(lsk, '/auth/2fa/enable', { code: wrong }, { cookie: a.cookie }), 400, 'validation_failed', { paths: ['code'] });
    const limited = await post(lsk, '/auth/2fa/enable', { code: right }, { cookie: a.cookie });
    expectError(limited, 429, 'rate_limited');
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    clock.move(15 * 60_000);
    expect((await post(lsk, '/auth/2fa/enable', { code: await totp(setup.body.secret, clock) }, { cookie: a.cookie })).status).toBe(200);
    clock.nextStep();
  });
});
