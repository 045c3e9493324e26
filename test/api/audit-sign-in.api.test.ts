/**
 * The sign-in half's account events reach the audit log through the services' one event bus, on both
 * stores and through the real server: turning an authenticator app on and off, a sign-in in two steps
 * (its second factor), a wrong code, a recovery code used, a session revoked from another browser and
 * a password reset asked by email, each with the member as actor and its request id, in every
 * workspace the member belongs to and in no other. No code, recovery code, cookie or token in an entry.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, type Lsk, STORES, startLsk } from '../support/server.js';
import { startSmtp, type TestSmtp } from '../support/smtp.js';
import { waitFor } from '../support/wait-for.js';
import { CHEAP_PASSWORDS, cookieOf, newAccount, post, signIn } from './_accounts.js';
import { BIG_PLAN } from './_assert.js';
import { enableTotp, TestClock, totp } from './_two-factor.js';

interface Entry {
  actor: { type: string; id: string; label: string };
  action: string;
  target: { type: string; id: string };
  request_id: string | null;
}

describe.each(STORES)('account events in the audit log on %s', (store) => {
  const dir = mkdtempSync(join(tmpdir(), 'lsk-audit-sign-in-'));
  const clock = new TestClock(join(dir, 'offset-ms'));
  let smtp: TestSmtp;
  let lsk: Lsk;
  let keys: Record<'one' | 'two' | 'other', ReturnType<typeof client>>;

  beforeAll(async () => {
    smtp = await startSmtp();
    lsk = await startLsk(store, { env: { ...CHEAP_PASSWORDS, LSK_SMTP_URL: smtp.url, LSK_TEST_CLOCK_FILE: join(dir, 'offset-ms'), LSK_TRUST_PROXY: '1' } });
    keys = {
      one: client(lsk.base, await lsk.workspace('one', BIG_PLAN)),
      two: client(lsk.base, await lsk.workspace('two', BIG_PLAN)),
      other: client(lsk.base, await lsk.workspace('other', BIG_PLAN)),
    };
  }, 60_000);
  afterAll(async () => {
    await lsk?.stop();
    await smtp?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  /** The user's entries in a workspace, newest first. */
  const entriesOf = async (userId: string, ws: keyof typeof keys): Promise<Entry[]> => {
    const res = await keys[ws]('GET', `/v1/audit-log?target_id=${userId}&limit=100`);
    expect(res.status, res.text).toBe(200);
    return res.body.data;
  };

  it('records 2FA on, a two-step sign-in, a wrong code, a recovery code, a revoked session and 2FA off, in each of the member’s workspaces', async () => {
    const a = await newAccount(lsk, `events.${store}@example.com`, 'one');
    // The member also joins workspace two (an invite accepted signed in).
    const invite = await keys.two('POST', '/v1/invites', { email: a.email, role: 'viewer' });
    expect(invite.status, invite.text).toBe(201);
    const joined = await post(lsk, `/auth/invites/${new URL(invite.body.url).hash.slice('#token='.length)}/accept`, undefined, { cookie: a.cookie });
    expect(joined.status, joined.text).toBe(200);
    const userId = joined.body.user.id as string;
    const secrets: string[] = [a.password, a.cookie.split('=')[1]!];
    const requests: Record<string, string> = {};
    const rid = (res: { headers: Headers }, action: string) => {
      requests[action] = res.headers.get('x-request-id')!;
    };

    const { secret, recoveryCodes } = await enableTotp(lsk, a.cookie, clock);
    secrets.push(secret, ...recoveryCodes);

    // A two-step sign-in: a wrong code first (recorded as a failure), then the right one.
    const first = await signIn(lsk, a.email, a.password);
    expect(first.status, first.text).toBe(200);
    const right = await totp(secret, clock);
    const wrongCode = right === '000000' ? '111111' : '000000';
    const wrong = await post(lsk, '/auth/sign-in/verify', { challenge: first.body.challenge, code: wrongCode });
    expect(wrong.status, wrong.text).toBe(401);
    rid(wrong, 'user.sign_in_failed');
    const verified = await post(lsk, '/auth/sign-in/verify', { challenge: first.body.challenge, code: right });
    expect(verified.status, verified.text).toBe(204);
    rid(verified, 'user.signed_in');
    const second = cookieOf(verified);
    secrets.push(first.body.challenge, second.split('=')[1]!);

    // Another sign-in with a recovery code.
    const again = await signIn(lsk, a.email, a.password);
    const recovered = await post(lsk, '/auth/sign-in/verify', { challenge: again.body.challenge, code: recoveryCodes[0] });
    expect(recovered.status, recovered.text).toBe(204);
    rid(recovered, 'user.recovery_code_used');

    // The first browser signs the second out.
    const api = client(lsk.base);
    const list = (await api('GET', '/auth/sessions', undefined, { cookie: a.cookie })).body.data as { id: string; current: boolean }[];
    const revokedId = list.find((s) => !s.current)!.id;
    const revoked = await api('DELETE', `/auth/sessions/${revokedId}`, undefined, { cookie: a.cookie });
    expect(revoked.status, revoked.text).toBe(204);
    rid(revoked, 'user.session_revoked');

    clock.nextStep();
    const off = await post(lsk, '/auth/2fa/disable', { code: await totp(secret, clock) }, { cookie: a.cookie });
    expect(off.status, off.text).toBe(204);
    rid(off, 'user.two_factor_disabled');

    for (const ws of ['one', 'two'] as const) {
      const entries = await entriesOf(userId, ws);
      const actions = entries.map((e) => e.action);
      expect(actions.slice(0, 7)).toEqual([
        'user.two_factor_disabled',
        'user.session_revoked',
        'user.signed_in',
        'user.recovery_code_used',
        'user.signed_in',
        'user.sign_in_failed',
        'user.two_factor_enabled',
      ]);
      for (const e of entries.slice(0, 7)) {
        expect(e.actor).toEqual({ type: 'user', id: userId, label: a.email });
        expect(e.target).toEqual({ type: 'user', id: userId });
      }
      for (const [action, id] of Object.entries(requests)) {
        expect(
          entries.some((e) => e.action === action && e.request_id === id),
          `${action} with request ${id}`,
        ).toBe(true);
      }
      const text = JSON.stringify(entries);
      for (const s of secrets) expect(text).not.toContain(s);
    }
    expect(await entriesOf(userId, 'other')).toEqual([]);
  });

  it('records a password reset asked for an account (once), and nothing for an unknown address', async () => {
    const b = await newAccount(lsk, `reset.${store}@example.com`, 'one');
    const userId = (await client(lsk.base)('GET', '/auth/session', undefined, { cookie: b.cookie })).body.user.id as string;
    const asked = await post(lsk, '/auth/password-reset', { email: b.email });
    expect(asked.status).toBe(202);
    expect((await post(lsk, '/auth/password-reset', { email: `nobody.${store}@example.com` })).status).toBe(202);
    const entries = await waitFor(
      () => entriesOf(userId, 'one'),
      (es) => es.some((e) => e.action === 'user.password_reset_requested'),
      { timeout: 10_000 },
    );
    const reset = entries.filter((e) => e.action === 'user.password_reset_requested');
    expect(reset).toEqual([
      {
        actor: { type: 'user', id: userId, label: b.email },
        action: 'user.password_reset_requested',
        target: { type: 'user', id: userId },
        request_id: asked.headers.get('x-request-id'),
        id: expect.any(String),
        at: expect.any(String),
      },
    ]);
    // The emailed link is not a password-set link issued by the operator.
    expect(entries.some((e) => e.action === 'user.password_link_issued' && e.request_id === asked.headers.get('x-request-id'))).toBe(false);
  });
});
