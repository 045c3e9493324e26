import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newAccount, post, signIn } from '../api/_accounts.js';
import { enableTotp, TestClock, totp } from '../api/_two-factor.js';
import { freshDatabaseUrl, type Lsk, startLsk } from '../support/server.js';

/** Two lsk processes on one MongoDB (FerretDB here: no atomic read-modify-write), as behind a load balancer. */
describe('second factors across two instances on one MongoDB', () => {
  const dir = mkdtempSync(join(tmpdir(), 'lsk-multi-2fa-'));
  const clock = new TestClock(join(dir, 'offset-ms'));
  let a: Lsk;
  let b: Lsk;

  beforeAll(async () => {
    const db = freshDatabaseUrl('mongodb');
    const env = { LSK_TEST_CLOCK_FILE: join(dir, 'offset-ms'), LSK_TRUST_PROXY: '1' };
    a = await startLsk('mongodb', { databaseUrl: db.url, env });
    b = await startLsk('mongodb', { databaseUrl: db.url, env });
    await a.workspace('acme');
  });
  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    rmSync(dir, { recursive: true, force: true });
  });

  it('accepts one TOTP code once, however many sign-ins present it at once on both instances', async () => {
    const u = await newAccount(a, 'multi@example.com', 'acme');
    const { secret } = await enableTotp(a, u.cookie, clock);
    const challenges = await Promise.all(Array.from({ length: 10 }, (_, i) => signIn(i % 2 ? a : b, u.email, u.password)));
    const code = await totp(secret, clock);
    const answers = await Promise.all(challenges.map((c, i) => post(i % 2 ? a : b, '/auth/sign-in/verify', { challenge: c.body.challenge, code })));
    expect(answers.filter((r) => r.status === 204)).toHaveLength(1);
    expect(answers.filter((r) => r.status === 401)).toHaveLength(9);
  });

  it('accepts one recovery code once, presented at once on both instances', async () => {
    const u = await newAccount(a, 'recovery@example.com', 'acme');
    const { recoveryCodes } = await enableTotp(b, u.cookie, clock);
    const challenges = await Promise.all(Array.from({ length: 6 }, (_, i) => signIn(i % 2 ? b : a, u.email, u.password)));
    const answers = await Promise.all(
      challenges.map((c, i) => post(i % 2 ? a : b, '/auth/sign-in/verify', { challenge: c.body.challenge, code: recoveryCodes[0] })),
    );
    expect(answers.filter((r) => r.status === 204)).toHaveLength(1);
    expect(answers.filter((r) => r.status === 401)).toHaveLength(5);
  });

  it('checks at most 5 codes of one challenge, whichever instances 30 guesses reach', async () => {
    const u = await newAccount(a, 'guess@example.com', 'acme');
    const { secret } = await enableTotp(a, u.cookie, clock);
    const right = await totp(secret, clock);
    const challenge = (await signIn(a, u.email, u.password)).body.challenge;
    const guesses = Array.from({ length: 30 }, (_, i) => String((Number(right) + 500 + i) % 1_000_000).padStart(6, '0'));
    const answers = await Promise.all(guesses.map((code, i) => post(i % 2 ? a : b, '/auth/sign-in/verify', { challenge, code })));
    expect(answers.filter((r) => r.status === 401)).toHaveLength(5);
    expect(answers.filter((r) => r.status === 400)).toHaveLength(25);
  });
});
