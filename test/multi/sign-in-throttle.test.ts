import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newAccount, signIn } from '../api/_accounts.js';
import { freshDatabaseUrl, type Lsk, startLsk } from '../support/server.js';

/**
 * The sign-in throttle across two lsk processes on one MongoDB: each try is taken from the shared
 * allowance (unique inserts) before its password is checked, so a burst split over the instances
 * checks at most 10 passwords for one email in 15 minutes, like one instance does.
 */
describe('sign-in throttle on two instances sharing one MongoDB', () => {
  let a: Lsk;
  let b: Lsk;

  beforeAll(async () => {
    const db = freshDatabaseUrl('mongodb');
    a = await startLsk('mongodb', { databaseUrl: db.url, env: { LSK_TRUST_PROXY: '1' } });
    b = await startLsk('mongodb', { databaseUrl: db.url, env: { LSK_TRUST_PROXY: '1' } });
    await a.workspace('acme', ['--rpm', '100000']);
  });
  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
  });

  it('checks at most 10 passwords of 100 tries at once, from 100 addresses, split over both instances', async () => {
    const user = await newAccount(a, 'burst@example.com', 'acme');
    const tries = Array.from({ length: 100 }, (_, i) => signIn(i % 2 === 0 ? a : b, user.email, i === 41 ? user.password : `wrong guess ${i}`));
    const statuses = (await Promise.all(tries)).map((r) => r.status);
    expect(statuses.filter((s) => s !== 429).length).toBeLessThanOrEqual(10);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(90);
  });
});
