import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, type Lsk, STORES, startLsk } from '../support/server.js';
import { startSmtp, type TestSmtp } from '../support/smtp.js';
import { waitFor } from '../support/wait-for.js';
import { CHEAP_PASSWORDS, cookieOf, freshAddress, newAccount, post, signIn } from './_accounts.js';
import { BIG_PLAN, expectError } from './_assert.js';
import { enableTotp, TestClock, totp } from './_two-factor.js';

const LINK = /(http:\/\/localhost:\d+\/dashboard\/(?:set-password|accept-invite)#token=[A-Za-z0-9_-]{43})/;
const linkIn = (text: string) => LINK.exec(text)?.[1] ?? '';

describe.each(STORES)('email through SMTP on %s', (store) => {
  const dir = mkdtempSync(join(tmpdir(), 'lsk-mail-'));
  const clock = new TestClock(join(dir, 'offset-ms'));
  let smtp: TestSmtp;
  let lsk: Lsk;
  let key: string;
  let n = 0;
  const email = () => `mail${++n}.${store}@example.com`;
  const secrets: string[] = [];

  beforeAll(async () => {
    smtp = await startSmtp();
    lsk = await startLsk(store, { env: { ...CHEAP_PASSWORDS, LSK_SMTP_URL: smtp.url, LSK_TEST_CLOCK_FILE: join(dir, 'offset-ms'), LSK_TRUST_PROXY: '1' } });
    key = await lsk.workspace('acme', BIG_PLAN);
  });
  afterAll(async () => {
    await lsk?.stop();
    await smtp?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  const mailsTo = async (address: string, count: number) => {
    const mails = await waitFor(
      async () => smtp.to(address),
      (m) => m.length >= count,
      { timeout: 10_000 },
    );
    expect(mails.length, `mails to ${address}`).toBeGreaterThanOrEqual(count);
    return mails;
  };

  it('resets a password by email: 202 whatever the address; one email with a one-time link to an account’s address, none to others', async () => {
    const a = await newAccount(lsk, email(), 'acme');
    const stranger = email();
    const answers = [await post(lsk, '/auth/password-reset', { email: stranger }), await post(lsk, '/auth/password-reset', { email: a.email.toUpperCase() })];
    for (const r of answers) {
      expect(r.status).toBe(202);
      expect(r.text).toBe('');
    }
    expect(answers[0]!.headers.get('content-length')).toBe(answers[1]!.headers.get('content-length'));
    const [mail] = await mailsTo(a.email, 1);
    expect(mail!.subject).toBe('Reset your lsk password');
    expect(mail!.from).toBe('no-reply@localhost');
    const link = linkIn(mail!.text);
    expect(link).toContain('/dashboard/set-password#token=');
    const token = link.split('#token=')[1]!;
    secrets.push(token, a.password);
    const set = await post(lsk, '/auth/password', { token, new_password: 'a reset password' });
    expect(set.status).toBe(204);
    expect((await signIn(lsk, a.email, 'a reset password')).status).toBe(204);
    expectError(await post(lsk, '/auth/password', { token, new_password: 'again and again' }), 400, 'validation_failed', { paths: ['token'] });
    expect(smtp.to(stranger)).toEqual([]);
  });

  it('sends at most one reset email per address per 15 minutes, limits requests per client address, and refuses a non-email', async () => {
    const a = await newAccount(lsk, email(), 'acme');
    for (let i = 0; i < 3; i++) expect((await post(lsk, '/auth/password-reset', { email: a.email })).status).toBe(202);
    await mailsTo(a.email, 1);
    const from = freshAddress();
    for (let i = 0; i < 5; i++) expect((await post(lsk, '/auth/password-reset', { email: `x${i}@example.com` }, { 'x-forwarded-for': from })).status).toBe(202);
    const limited = await post(lsk, '/auth/password-reset', { email: a.email }, { 'x-forwarded-for': from });
    expectError(limited, 429, 'rate_limited');
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expectError(await post(lsk, '/auth/password-reset', { email: 'not an email' }), 400, 'validation_failed', { paths: ['email'] });
    expectError(await post(lsk, '/auth/password-reset', {}), 400, 'validation_failed', { paths: ['email'] });
    clock.move(15 * 60_000);
    expect((await post(lsk, '/auth/password-reset', { email: a.email })).status).toBe(202);
    await mailsTo(a.email, 2);
    expect(smtp.to(a.email)).toHaveLength(2);
  });

  it('emails an invite: workspace, role and the same link the API answered once', async () => {
    const invitee = email();
    const res = await client(lsk.base, key)('POST', '/v1/invites', { email: invitee, role: 'admin' });
    expect(res.status).toBe(201);
    const [mail] = await mailsTo(invitee, 1);
    expect(mail!.subject).toBe('You are invited to acme on lsk');
    expect(mail!.text).toContain('"acme"');
    expect(mail!.text).toContain('as admin');
    expect(linkIn(mail!.text)).toBe(res.body.url);
    secrets.push(res.body.url.split('#token=')[1]);
  });

  it('tells the account of a sign-in from a browser it had not seen, once per browser', async () => {
    const a = await newAccount(lsk, email(), 'acme');
    const firefox = 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0';
    const first = await post(lsk, '/auth/sign-in', { email: a.email, password: a.password }, { 'user-agent': firefox });
    expect(first.status).toBe(204);
    const [mail] = await mailsTo(a.email, 1);
    expect(mail!.subject).toBe('New sign-in to your lsk account');
    expect(mail!.text).toContain('Firefox on Linux');
    expect(mail!.text).toContain('/dashboard/account');
    const device = /lsk_device=([A-Za-z0-9_-]{43})/.exec(first.headers.get('set-cookie') ?? '')![1]!;
    secrets.push(device, cookieOf(first).split('=')[1]!);
    expect((await post(lsk, '/auth/sign-in', { email: a.email, password: a.password }, { cookie: `lsk_device=${device}`, 'user-agent': firefox })).status).toBe(
      204,
    );
    expect((await post(lsk, '/auth/sign-in', { email: a.email, password: a.password }, { 'user-agent': firefox })).status).toBe(204);
    await mailsTo(a.email, 2);
    expect(smtp.to(a.email).map((m) => m.subject)).toEqual(['New sign-in to your lsk account', 'New sign-in to your lsk account']);
  });

  it('tells the account when two-factor sign-in is turned on and off', async () => {
    const a = await newAccount(lsk, email(), 'acme');
    const { secret, recoveryCodes } = await enableTotp(lsk, a.cookie, clock);
    secrets.push(secret, ...recoveryCodes);
    expect((await post(lsk, '/auth/2fa/disable', { code: await totp(secret, clock) }, { cookie: a.cookie })).status).toBe(204);
    const mails = await mailsTo(a.email, 2);
    expect(mails.map((m) => m.subject)).toEqual(['Two-factor sign-in is on for your lsk account', 'Two-factor sign-in was turned off for your lsk account']);
    clock.nextStep();
  });

  it('logs no secret: no password, token, cookie, code, recovery code or SMTP credential in the output', async () => {
    const out = lsk.output();
    expect(out).toContain('"msg":"mail sent"');
    for (const s of [...secrets, smtp.password, 'correct horse battery']) expect(out.includes(s), `the log holds ${s.slice(0, 6)}…`).toBe(false);
    for (const m of smtp.messages) expect(out.includes(m.to[0]!), 'the log holds a recipient').toBe(false);
  });
});

describe('without SMTP', () => {
  let lsk: Lsk;
  beforeAll(async () => {
    lsk = await startLsk('sqlite', { env: { ...CHEAP_PASSWORDS, LSK_TRUST_PROXY: '1' } });
  });
  afterAll(async () => {
    await lsk?.stop();
  });

  it('says so (GET /auth/methods), still answers resets 202, and invites keep their copy-the-link URL', async () => {
    const methods = await client(lsk.base)('GET', '/auth/methods');
    expect(methods.body).toEqual({ password: true, passkey: true, oidc: false, password_reset: false, email: false });
    expect((await post(lsk, '/auth/password-reset', { email: 'someone@example.com' })).status).toBe(202);
    const key = await lsk.workspace('plain', BIG_PLAN);
    const invite = await client(lsk.base, key)('POST', '/v1/invites', { email: 'new@example.com', role: 'viewer' });
    expect(invite.body.url).toMatch(LINK);
  });
});
