import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiKeyService } from '../../src/auth/api-keys.js';
import { Keyring } from '../../src/auth/keyring.js';
import { loadConfig } from '../../src/config/env.js';
import { DAY_MS, ManualClock } from '../../src/domain/clock.js';
import { LskError } from '../../src/domain/errors.js';
import { openRepositories } from '../../src/storage/open.js';
import type { Repositories } from '../../src/storage/repositories.js';
import type { Services } from '../../src/wiring/all-services.js';
import { buildServices } from '../../src/wiring/build-services.js';
import { as, TEST_ACTING } from '../support/caller.js';
import { testMongoUri, uniqueDbName } from '../support/mongo.js';

const STORES: Record<string, () => Promise<Repositories>> = {
  sqlite: () => openRepositories('file::memory:'),
  mongodb: () => openRepositories(testMongoUri(), { dbName: uniqueDbName('lsk_keys') }),
};

async function codeOf(p: Promise<unknown>): Promise<string> {
  try {
    await p;
    return 'ok';
  } catch (e) {
    return e instanceof LskError ? e.code : `unexpected: ${(e as Error).message}`;
  }
}

describe.each(Object.keys(STORES))('API key life on %s (TTL 90 d, renew 14 d, signing keys rotate every 30 d)', (kind) => {
  const t0 = Date.parse('2026-01-01T00:00:00.000Z');
  const clock = new ManualClock(t0);
  const day = (d: number) => clock.set(t0 + d * DAY_MS);
  let services: Services;
  let store: Repositories;

  beforeAll(async () => {
    store = await STORES[kind]!();
    const config = loadConfig({ DATABASE_URL: 'file::memory:', LSK_COUNTRY_HEADER: 'cf-ipcountry' });
    services = await buildServices(config, { clock, repos: store });
  });
  afterAll(async () => {
    await store?.close();
  });

  it('lives through two signing-key rotations, is renewed once, then expires', async () => {
    const ws = await services.workspaces.create(TEST_ACTING, 'life', 'standard');
    const { key: k1, secret: s1 } = await services.keys.issue(as(ws.id), 'ci', { scopes: ['links:write', 'webhooks:read'] });
    expect(s1).toMatch(/^lsk_live_[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(k1.kid).toBe('sk_000001');
    expect(k1.expiresAt.getTime() - k1.createdAt.getTime()).toBe(90 * DAY_MS);
    expect((await services.keys.authenticate(`Bearer ${s1}`)).rotatedKey).toBeUndefined();

    // First rotation: a new active signing key; the old one stays in the JWKS.
    day(31);
    await services.keyring.rotateIfDue();
    expect(services.keyring.jwks().keys.map((k) => k.kid)).toEqual(['sk_000002', 'sk_000001']);
    expect(await codeOf(services.keys.authenticate(`Bearer ${s1}`))).toBe('ok');

    // Second rotation.
    day(62);
    await services.keyring.rotateIfDue();
    expect(services.keyring.jwks().keys.map((k) => k.kid)).toEqual(['sk_000003', 'sk_000002', 'sk_000001']);

    // Not yet in the renewal window (it opens at day 76).
    day(75);
    expect((await services.keys.authenticate(`Bearer ${s1}`)).rotatedKey).toBeUndefined();

    // In the window: a successor, issued once, returned on every response.
    day(77);
    const p1 = await services.keys.authenticate(`Bearer ${s1}`);
    expect(p1.rotatedKey).toMatch(/^lsk_live_/);
    const again = await services.keys.authenticate(`Bearer ${s1}`);
    expect(again.rotatedKey).toBe(p1.rotatedKey);
    const keys = await services.keys.list(as(ws.id));
    expect(keys).toHaveLength(2);
    const successor = keys.find((k) => k.id !== k1.id)!;
    // The successor inherits the key's scopes.
    expect(successor).toMatchObject({ name: 'ci', workspaceId: ws.id, kid: 'sk_000003', scopes: ['links:write', 'webhooks:read'] });
    expect([...(await services.keys.authenticate(`Bearer ${s1}`)).scopes].sort()).toEqual(['links:read', 'links:write', 'webhooks:read']);
    const p2 = await services.keys.authenticate(`Bearer ${p1.rotatedKey}`);
    expect(p2.key.id).toBe(successor.id);
    expect(p2.rotatedKey).toBeUndefined();

    // The old key expires (after the 60 s skew allowance); the successor goes on.
    clock.set(k1.expiresAt.getTime() + 30_000);
    expect(await codeOf(services.keys.authenticate(`Bearer ${s1}`))).toBe('ok');
    clock.set(k1.expiresAt.getTime() + 61_000);
    expect(await codeOf(services.keys.authenticate(`Bearer ${s1}`))).toBe('key_expired');
    expect(await codeOf(services.keys.authenticate(`Bearer ${p1.rotatedKey}`))).toBe('ok');

    // Once every key it signed has expired, a retired signing key leaves the JWKS.
    day(124);
    await services.keyring.rotateIfDue();
    const kids = services.keyring.jwks().keys.map((k) => k.kid);
    expect(kids).not.toContain('sk_000001');
    expect(kids).toContain('sk_000003');
    expect(await codeOf(services.keys.authenticate(`Bearer ${p1.rotatedKey}`))).toBe('ok');

    // Revocation is immediate on this instance.
    await services.keys.revoke(as(ws.id), successor.id);
    expect(await codeOf(services.keys.authenticate(`Bearer ${p1.rotatedKey}`))).toBe('key_revoked');
  });

  it('creates exactly one new signing key per rotation however many instances race', async () => {
    day(400);
    const rings = Array.from({ length: 6 }, () => new Keyring(store.signingKeys, clock, { rotateDays: 30, keyTtlDays: 90 }));
    await Promise.all(rings.map((r) => r.refresh()));
    const before = (await store.signingKeys.list()).length;
    await Promise.all(rings.map((r) => r.rotateIfDue()));
    const after = await store.signingKeys.list();
    const created = after.filter((k) => k.createdAt.getTime() === clock.now().getTime());
    expect(created).toHaveLength(1);
    expect(after.length).toBeLessThanOrEqual(before + 1);
    const active = await Promise.all(rings.map((r) => r.activeSigningKey()));
    expect(new Set(active.map((a) => a.kid)).size).toBe(1);
  });

  it('refuses tokens that are malformed, of another prefix, tampered or signed elsewhere', async () => {
    day(401);
    const ws = await services.workspaces.create(TEST_ACTING, 'forgery', 'standard');
    const { secret } = await services.keys.issue(as(ws.id), 'x');
    const jwt = secret.slice('lsk_live_'.length);
    const [h, p, s] = jwt.split('.') as [string, string, string];
    const otherStore = await openRepositories('file::memory:');
    const other = await buildServices(loadConfig({ DATABASE_URL: 'file::memory:', LSK_COUNTRY_HEADER: 'x' }), { clock, repos: otherStore });
    const ws2 = await other.workspaces.create(TEST_ACTING, 'elsewhere', 'standard');
    const foreign = (await other.keys.issue(as(ws2.id), 'x')).secret;
    const forged = JSON.parse(Buffer.from(p, 'base64url').toString()) as Record<string, unknown>;
    forged.wsp = 'wsp_someoneelse';
    const cases: [string, string | undefined][] = [
      ['no header', undefined],
      ['not bearer', `Basic ${secret}`],
      ['garbage', 'Bearer lsk_live_garbage'],
      ['test prefix', `Bearer lsk_test_${jwt}`],
      ['no prefix', `Bearer ${jwt}`],
      ['tampered signature', `Bearer lsk_live_${h}.${p}.${s.slice(0, -4)}AAAA`],
      ['tampered claims', `Bearer lsk_live_${h}.${Buffer.from(JSON.stringify(forged)).toString('base64url')}.${s}`],
      ['alg none', `Bearer lsk_live_${Buffer.from('{"alg":"none","kid":"sk_000001"}').toString('base64url')}.${p}.`],
      ['signed by another service', `Bearer ${foreign}`],
    ];
    for (const [label, header] of cases) {
      const code = await codeOf(services.keys.authenticate(header));
      expect(code, label).toBe(label === 'no header' ? 'unauthorized' : 'invalid_api_key');
    }
    await otherStore.close();
  });
});

describe('ApiKeyService', () => {
  it('never stores a secret', async () => {
    const store = await openRepositories('file::memory:');
    const services = await buildServices(loadConfig({ DATABASE_URL: 'file::memory:', LSK_COUNTRY_HEADER: 'x' }), { repos: store });
    const ws = await services.workspaces.create(TEST_ACTING, 'secretless', 'standard');
    const { key, secret } = await services.keys.issue(as(ws.id), 'x');
    const stored = await store.apiKeys.get(key.id);
    expect(JSON.stringify(stored)).not.toContain(secret.slice(20));
    expect(services.keys).toBeInstanceOf(ApiKeyService);
    await store.close();
  });
});
