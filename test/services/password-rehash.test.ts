/**
 * After LSK_PASSWORD_COST changes, a stored hash moves to the current cost at its next sign-in, so a
 * registered email's check costs what an unknown one's does (that is checked against a dummy hash
 * at the current cost). Silently: no password change is recorded and the set-password links stay.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/env.js';
import { ManualClock } from '../../src/domain/clock.js';
import { PASSWORD_COST, setPasswordCost, verifyPassword } from '../../src/domain/passwords.js';
import { openRepositories } from '../../src/storage/open.js';
import type { Repositories } from '../../src/storage/repositories.js';
import type { Services } from '../../src/wiring/all-services.js';
import { buildServices } from '../../src/wiring/build-services.js';
import { TEST_ACTING } from '../support/caller.js';
import { testMongoUri, uniqueDbName } from '../support/mongo.js';

const STORES: Record<string, () => Promise<Repositories>> = {
  sqlite: () => openRepositories('file::memory:'),
  mongodb: () => openRepositories(testMongoUri(), { dbName: uniqueDbName('lsk_rehash') }),
};

describe.each(Object.keys(STORES))('password re-hash at sign-in on %s', (kind) => {
  const clock = new ManualClock(Date.parse('2026-01-01T00:00:00.000Z'));
  let services: Services;
  let store: Repositories;

  beforeAll(async () => {
    store = await STORES[kind]!();
    services = await buildServices(loadConfig({ DATABASE_URL: 'file::memory:' }), { clock, repos: store });
  });
  afterAll(async () => {
    setPasswordCost(PASSWORD_COST.default);
    await store?.close();
  });

  it('a hash made at cost 12 is stored at cost 15 after a sign-in at the default, and still matches', async () => {
    setPasswordCost(12);
    const made = await services.accounts.createUser(`old-${kind}@example.com`, 'Old', 'correct horse');
    setPasswordCost(PASSWORD_COST.default);
    expect(made.passwordHash).toMatch(/^scrypt\$4096\$8\$1\$/);
    const ws = await services.workspaces.create(TEST_ACTING, `rehash-${kind}`, 'standard');
    await services.accounts.addMember(TEST_ACTING, ws, made.id, 'owner');
    const link = await services.accounts.newPasswordLink(made.id);
    const heard: string[] = [];
    services.serviceEvents.subscribe((e) => heard.push(e.action));

    await services.accounts.verify(`old-${kind}@example.com`, 'correct horse', '127.0.0.1', null);

    const after = (await store.users.get(made.id))!.passwordHash!;
    expect(after).toMatch(/^scrypt\$32768\$8\$1\$/);
    expect(await verifyPassword('correct horse', after)).toBe(true);
    // A second sign-in finds the current cost: nothing more is written.
    await services.accounts.verify(`old-${kind}@example.com`, 'correct horse', '127.0.0.1', null);
    expect((await store.users.get(made.id))!.passwordHash).toBe(after);
    // Not a password change: nothing was recorded, and the set-password link still works.
    expect(heard).toEqual([]);
    const token = new URL(link).hash.slice('#token='.length);
    expect((await services.accounts.setWithToken(token, 'another horse', null)).id).toBe(made.id);
    expect(heard).toEqual(['user.password_changed']);
  });

  it('a wrong password leaves the old hash as it was', async () => {
    setPasswordCost(12);
    const made = await services.accounts.createUser(`wrong-${kind}@example.com`, 'Wrong', 'correct horse');
    setPasswordCost(PASSWORD_COST.default);
    await expect(services.accounts.verify(`wrong-${kind}@example.com`, 'wrong horse', '127.0.0.2', null)).rejects.toMatchObject({
      code: 'invalid_credentials',
    });
    expect((await store.users.get(made.id))!.passwordHash).toBe(made.passwordHash);
  });
});
