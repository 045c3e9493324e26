/** Idempotency-Key on POST /v1/links, /v1/links/bulk and /v1/domains, on both stores, with the server clock moved by file. */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, type Lsk, STORES, startLsk } from '../support/server.js';
import { BIG_PLAN, expectError } from './_assert.js';

const HOUR = 3_600_000;

describe.each(STORES)('Idempotency-Key on %s', (store) => {
  const dir = mkdtempSync(join(tmpdir(), 'lsk-idem-'));
  const clockFile = join(dir, 'offset-ms');
  const moveTo = (offsetMs: number) => writeFileSync(clockFile, String(offsetMs));
  let lsk: Lsk;
  let api: ReturnType<typeof client>;
  const withKey = (key: string) => ({ 'idempotency-key': key });
  const count = async (q: string) => (await api('GET', `/v1/links?limit=100&q=${q}`)).body.data.length;

  beforeAll(async () => {
    moveTo(0);
    lsk = await startLsk(store, { env: { LSK_TEST_CLOCK_FILE: clockFile } });
    api = client(lsk.base, await lsk.workspace('idem', BIG_PLAN));
  });
  afterAll(async () => {
    await lsk?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('replays the first answer (status, Location, body) to a repeat, marked Idempotent-Replayed', async () => {
    const body = { destination: 'https://example.com/idem-replay' };
    const first = await api('POST', '/v1/links', body, withKey('replay-1'));
    expect(first.status).toBe(201);
    expect(first.headers.get('idempotent-replayed')).toBeNull();
    const again = await api('POST', '/v1/links', body, withKey('replay-1'));
    expect(again.status).toBe(201);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.headers.get('location')).toBe(first.headers.get('location'));
    expect(again.body).toEqual(first.body);
    expect(again.headers.get('ratelimit-policy')).toBeTruthy();
    expect(await count('idem-replay')).toBe(1);
    // Without the key, or with another, it is a new request.
    expect((await api('POST', '/v1/links', body, withKey('replay-2'))).body.id).not.toBe(first.body.id);
    expect(await count('idem-replay')).toBe(2);
  });

  it('answers 422 idempotency_key_mismatch to another body, path or workspace-less reuse, changing nothing', async () => {
    await api('POST', '/v1/links', { destination: 'https://example.com/idem-mm' }, withKey('mismatch'));
    expectError(await api('POST', '/v1/links', { destination: 'https://example.com/idem-mm2' }, withKey('mismatch')), 422, 'idempotency_key_mismatch');
    expectError(await api('POST', '/v1/domains', { host: 'idem.example' }, withKey('mismatch')), 422, 'idempotency_key_mismatch');
    expect(await count('idem-mm')).toBe(1);
    // Keys are per workspace: another workspace's same key is its own.
    const other = client(lsk.base, await lsk.workspace('idem-other'));
    expect((await other('POST', '/v1/links', { destination: 'https://example.com/idem-mm2' }, withKey('mismatch'))).status).toBe(201);
  });

  it('lets only one of two concurrent submits create: the other is a replay or 409 idempotency_in_progress', async () => {
    for (let round = 0; round < 5; round++) {
      const body = { destination: `https://example.com/idem-race-${round}`, tags: ['race'] };
      const [a, b] = await Promise.all([api('POST', '/v1/links', body, withKey(`race-${round}`)), api('POST', '/v1/links', body, withKey(`race-${round}`))]);
      const outcomes = [a, b].map((r) => (r.status === 201 ? (r.headers.get('idempotent-replayed') ? 'replay' : 'created') : r.body.error.code)).sort();
      expect(['created,idempotency_in_progress', 'created,replay']).toContain(outcomes.join(','));
      const conflict = [a, b].find((r) => r.status === 409);
      if (conflict) expect(conflict.headers.get('retry-after')).toBe('1');
      expect(await count(`idem-race-${round}`)).toBe(1);
    }
  });

  it('keeps the key free after a refused request, and refuses a malformed key', async () => {
    expectError(await api('POST', '/v1/links', { destination: 'ftp://x' }, withKey('after-error')), 400, 'validation_failed', { paths: ['destination'] });
    await api('POST', '/v1/links', { destination: 'https://example.com/idem-taken', alias: 'idem-taken' });
    const taken = { destination: 'https://example.com/idem-fixed', alias: 'idem-taken' };
    expectError(await api('POST', '/v1/links', taken, withKey('after-error')), 409, 'alias_taken', { paths: ['alias'] });
    const fixed = await api('POST', '/v1/links', { ...taken, alias: 'idem-fixed' }, withKey('after-error'));
    expect([fixed.status, fixed.headers.get('idempotent-replayed')]).toEqual([201, null]);
    expectError(await api('POST', '/v1/links', { destination: 'https://example.com/idem-long' }, withKey('k'.repeat(256))), 400, 'validation_failed', {
      paths: ['Idempotency-Key'],
    });
    expectError(await api('POST', '/v1/links', { destination: 'https://example.com/idem-long' }, withKey('')), 400, 'validation_failed', {
      paths: ['Idempotency-Key'],
    });
    expect(await count('idem-long')).toBe(0);
  });

  it('replays bulk and domain creation too', async () => {
    const bulk = { links: [{ destination: 'https://example.com/idem-bulk' }, { destination: 'bad' }] };
    const first = await api('POST', '/v1/links/bulk', bulk, withKey('bulk-1'));
    const again = await api('POST', '/v1/links/bulk', bulk, withKey('bulk-1'));
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body).toEqual(first.body);
    expect(await count('idem-bulk')).toBe(1);
    const d1 = await api('POST', '/v1/domains', { host: 'idem-go.example' }, withKey('dom-1'));
    const d2 = await api('POST', '/v1/domains', { host: 'idem-go.example' }, withKey('dom-1'));
    expect([d1.status, d2.status, d2.headers.get('location'), d2.headers.get('idempotent-replayed')]).toEqual([201, 201, d1.headers.get('location'), 'true']);
  });

  it('forgets a key after 24 hours on the server clock: the same key then creates anew', async () => {
    moveTo(0);
    const body = { destination: 'https://example.com/idem-expiry' };
    const first = await api('POST', '/v1/links', body, withKey('expiry'));
    moveTo(23 * HOUR);
    expect((await api('POST', '/v1/links', body, withKey('expiry'))).body.id).toBe(first.body.id);
    moveTo(24 * HOUR + 1000);
    const later = await api('POST', '/v1/links', body, withKey('expiry'));
    expect(later.status).toBe(201);
    expect(later.headers.get('idempotent-replayed')).toBeNull();
    expect(later.body.id).not.toBe(first.body.id);
    moveTo(0);
  });
});
