/**
 * The outbox across restarts and instances: a restart mid-retry delivers exactly the pending events
 * (SQLite file and MongoDB), and two instances on one MongoDB never make the same attempt twice.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/env.js';
import { ManualClock } from '../../src/domain/clock.js';
import { openRepositories } from '../../src/storage/open.js';
import type { Repositories } from '../../src/storage/repositories.js';
import { buildServices } from '../../src/wiring/build-services.js';
import { type OpenedStore, openStore, T0 } from '../contract/_harness.js';
import { as } from '../support/caller.js';
import { startReceiver } from '../support/webhook-receiver.js';

const config = loadConfig({ DATABASE_URL: 'file::memory:', LSK_COUNTRY_HEADER: 'cf-ipcountry', LSK_WEBHOOK_ALLOW_PRIVATE: 'true' });
const WS = 'wsp_hooks';

describe('the webhook outbox across restarts and instances', () => {
  const cleanups: (() => Promise<void> | void)[] = [];
  afterEach(async () => {
    for (const c of cleanups.splice(0).reverse()) await c();
  });

  /** Two handles on one store, one after the other (a restart): SQLite in a file, or MongoDB. */
  async function storeTwice(kind: 'sqlite' | 'mongodb', clock: ManualClock): Promise<{ first: Repositories; second: () => Promise<Repositories> }> {
    if (kind === 'sqlite') {
      const dir = mkdtempSync(join(tmpdir(), 'lsk-hooks-'));
      cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
      const open = async () => {
        const r = await openRepositories(`file:${join(dir, 'lsk.db')}`, { clock });
        await r.init();
        cleanups.push(() => r.close());
        return r;
      };
      return { first: await open(), second: open };
    }
    const store: OpenedStore = await openStore('mongodb', { clock });
    cleanups.push(() => store.dispose());
    return { first: store.repos, second: () => store.again() };
  }

  it.each(['sqlite', 'mongodb'] as const)('delivers exactly the pending events after a restart mid-retry (%s)', async (kind) => {
    const clock = new ManualClock(T0);
    const rx = await startReceiver(() => clock.now());
    cleanups.push(() => rx.close());
    const { first, second } = await storeTwice(kind, clock);
    const before = await buildServices(config, { clock, repos: first });
    const { endpoint, secret } = await before.webhooks.service.create(as(WS), { url: rx.url, events: ['link.created', 'link.deleted'] });
    rx.secrets.push(secret);
    const a = await before.links.create(as(WS), { destination: 'https://example.com/a' });
    await before.links.create(as(WS), { destination: 'https://example.com/b' });
    rx.answers = [503];
    await before.webhooks.worker.runOnce(); // one delivered, one failed (a retry is due in 5 s)
    await before.links.delete(as(WS), a.id); // pending, never tried
    const sentBefore = rx.received.map((r) => r.id);
    expect(sentBefore).toHaveLength(2);
    await before.webhooks.stop();
    await first.close();

    const after = await buildServices(config, { clock, repos: await second() });
    clock.advance(5000);
    expect(await after.webhooks.worker.runOnce()).toBe(2);
    expect(await after.webhooks.worker.runOnce()).toBe(0);
    const resent = rx.received.slice(2);
    expect(resent.map((r) => r.body.type).sort()).toEqual(['link.created', 'link.deleted']);
    expect(resent.every((r) => r.verifiedBy.length === 1)).toBe(true);
    const log = (await after.webhooks.service.deliveries(as(WS), endpoint.id, {})).data;
    expect(log.map((d) => d.status)).toEqual(['delivered', 'delivered', 'delivered']);
    // The retried one (answered 503 before the restart) kept its webhook-id; the delivered one was not sent again.
    expect(rx.received).toHaveLength(4);
    expect(rx.received.filter((r) => r.id === sentBefore[0]).length).toBe(2);
    expect(rx.received.filter((r) => r.id === sentBefore[1]).length).toBe(1);
    expect(new Set(rx.received.map((r) => r.id)).size).toBe(3);
  });

  it('never lets two instances on one MongoDB make the same attempt twice', async () => {
    const clock = new ManualClock(T0);
    const rx = await startReceiver(() => clock.now());
    cleanups.push(() => rx.close());
    const { first, second } = await storeTwice('mongodb', clock);
    const one = await buildServices(config, { clock, repos: first });
    const two = await buildServices(config, { clock, repos: await second() });
    const { secret } = await one.webhooks.service.create(as(WS), { url: rx.url, events: ['link.created'] });
    rx.secrets.push(secret);
    for (let i = 0; i < 30; i++) await (i % 2 ? one : two).links.create(as(WS), { destination: `https://example.com/${i}` });
    rx.answers = Array(10).fill(500);
    // Four rounds at once over the same due deliveries, twice per instance, until nothing is left.
    for (let round = 0; round < 6; round++) {
      await Promise.all([one.webhooks.worker.runOnce(), two.webhooks.worker.runOnce(), one.webhooks.worker.runOnce(), two.webhooks.worker.runOnce()]);
      clock.advance(5000);
    }
    // Each (webhook-id, attempt) reached the receiver once: 30 first attempts plus one retry of each of the 10 that failed.
    expect(rx.received).toHaveLength(40);
    const perId = new Map<string, number>();
    for (const r of rx.received) perId.set(r.id, (perId.get(r.id) ?? 0) + 1);
    expect(perId.size).toBe(30);
    expect([...perId.values()].filter((n) => n === 2)).toHaveLength(10);
    expect(rx.received.every((r) => r.verifiedBy.length === 1)).toBe(true);
  });
});
