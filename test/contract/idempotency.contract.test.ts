/** The idempotency repository: unique claims, single-writer completion, release by token, the expiry sweep. */
import { expect, it } from 'vitest';
import { at, describeStores } from './_harness.js';

const record = (over: { key?: string; token?: string; workspaceId?: string; expiresAt?: Date } = {}) => ({
  workspaceId: over.workspaceId ?? 'wsp_a',
  key: over.key ?? 'key-1',
  token: over.token ?? 'tok-1',
  fingerprint: 'f'.repeat(64),
  createdAt: at(0),
  expiresAt: over.expiresAt ?? at(86_400),
});

describeStores('idempotency repository', (store) => {
  it('claims a key once per workspace, then keeps the answer its holder stores', async () => {
    const repo = store().idempotency;
    expect(await repo.claim(record())).toBe(true);
    expect(await repo.claim(record({ token: 'tok-2' }))).toBe(false);
    expect(await repo.claim(record({ workspaceId: 'wsp_b' }))).toBe(true);
    expect(await repo.get('wsp_a', 'key-1')).toEqual({ ...record(), response: null });
    await repo.complete('wsp_a', 'key-1', 'tok-2', { status: 500, location: null, body: 'not the holder' });
    expect((await repo.get('wsp_a', 'key-1'))?.response).toBeNull();
    const answer = { status: 201, location: '/v1/links/lnk_1', body: '{"id":"lnk_1"}' };
    await repo.complete('wsp_a', 'key-1', 'tok-1', answer);
    expect((await repo.get('wsp_a', 'key-1'))?.response).toEqual(answer);
    expect(await repo.get('wsp_a', 'other')).toBeNull();
  });

  it('lets exactly one of many concurrent claims of a key win', async () => {
    const repo = store().idempotency;
    const wins = await Promise.all(Array.from({ length: 10 }, (_, i) => repo.claim(record({ key: 'race', token: `t${i}` }))));
    expect(wins.filter(Boolean)).toHaveLength(1);
    const holder = `t${wins.indexOf(true)}`;
    expect((await repo.get('wsp_a', 'race'))?.token).toBe(holder);
  });

  it('releases only by the claim token, and sweeps what expired', async () => {
    const repo = store().idempotency;
    await repo.claim(record({ key: 'k', token: 'mine' }));
    await repo.release('wsp_a', 'k', 'not-mine');
    expect(await repo.get('wsp_a', 'k')).not.toBeNull();
    await repo.release('wsp_a', 'k', 'mine');
    expect(await repo.get('wsp_a', 'k')).toBeNull();
    await repo.claim(record({ key: 'old', expiresAt: at(10) }));
    await repo.claim(record({ key: 'new', expiresAt: at(100) }));
    expect(await repo.sweep(at(10))).toBe(1);
    expect(await repo.get('wsp_a', 'old')).toBeNull();
    expect(await repo.get('wsp_a', 'new')).not.toBeNull();
  });
});
