/**
 * The delivery engine end to end, in process, on both stores: real services, a real receiver on
 * loopback verifying every request with the reference standardwebhooks library, and a manual clock
 * moved through the retry schedule (no waiting). The worker is driven round by round (runOnce).
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/env.js';
import { ManualClock } from '../../src/domain/clock.js';
import { RETRY_DELAYS_MS } from '../../src/webhooks/schedule.js';
import type { Services } from '../../src/wiring/all-services.js';
import { buildServices } from '../../src/wiring/build-services.js';
import { type OpenedStore, openStore, STORE_KINDS, T0 } from '../contract/_harness.js';
import { as } from '../support/caller.js';
import { type Receiver, startReceiver } from '../support/webhook-receiver.js';

const config = loadConfig({ DATABASE_URL: 'file::memory:', LSK_COUNTRY_HEADER: 'cf-ipcountry', LSK_WEBHOOK_ALLOW_PRIVATE: 'true' });

describe.each(STORE_KINDS)('webhook delivery on %s', (kind) => {
  let store: OpenedStore;
  let services: Services;
  let clock: ManualClock;
  let rx: Receiver;
  const WS = 'wsp_hooks';

  beforeEach(async () => {
    clock = new ManualClock(T0);
    store = await openStore(kind, { clock });
    services = await buildServices(config, { clock, repos: store.repos });
    rx = await startReceiver(() => clock.now());
  });
  afterEach(async () => {
    await rx.close();
    await store.dispose();
  });

  const hook = async (events: string[]) => {
    const created = await services.webhooks.service.create(as(WS), { url: rx.url, events });
    rx.secrets.push(created.secret);
    return created;
  };
  const run = () => services.webhooks.worker.runOnce();
  const deliveries = async (id: string) => (await services.webhooks.service.deliveries(as(WS), id, {})).data;

  it('stores link.created, link.updated and link.deleted before the call answers, and delivers them signed, with the link as returned', async () => {
    const { endpoint, secret } = await hook(['link.created', 'link.updated', 'link.deleted']);
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(Buffer.from(secret.slice(6), 'base64')).toHaveLength(32);
    const link = await services.links.create(as(WS), { destination: 'https://example.com/a', alias: 'a', tags: ['x'] });
    expect(await services.repos.webhooks.pendingCount()).toBe(1); // in the outbox before anything is sent
    const updated = await services.links.update(as(WS), link.id, { destination: 'https://example.com/b' });
    await services.links.delete(as(WS), link.id);
    expect(await run()).toBe(3);
    const json = (l: typeof link) => ({
      id: l.id,
      short_url: 'http://localhost:8080/a',
      domain: 'localhost:8080',
      alias: 'a',
      destination: l.destination,
      title: null,
      external_id: null,
      geo_targeting: {},
      device_targeting: {},
      tags: ['x'],
      expires_at: null,
      expired_url: null,
      max_clicks: null,
      password_protected: false,
      status: 'active',
      clicks: 0,
      destination_health: { status: 'unknown', checked_at: null, http_status: null },
      created_at: l.createdAt.toISOString(),
      updated_at: l.updatedAt.toISOString(),
      rules: null,
      variants: null,
      utm: null,
      preview: null,
    });
    const byType = Object.fromEntries(rx.received.map((r) => [r.body.type, r]));
    expect(byType['link.created']!.body).toEqual({ type: 'link.created', timestamp: clock.now().toISOString(), data: { link: json(link) } });
    expect(byType['link.updated']!.body.data).toEqual({ link: json(updated) });
    expect((byType['link.deleted']!.body.data as { link: { id: string } }).link.id).toBe(link.id);
    for (const r of rx.received) {
      expect(r.verifiedBy).toEqual([0]);
      expect(r.id).toMatch(/^msg_/);
      expect(r.timestamp).toBe(T0 / 1000);
    }
    const log = await deliveries(endpoint.id);
    expect(log.map((d) => [d.status, d.attempts, d.lastStatusCode])).toEqual([
      ['delivered', 1, 204],
      ['delivered', 1, 204],
      ['delivered', 1, 204],
    ]);
    expect(await services.repos.webhooks.pendingCount()).toBe(0);
  });

  it('emits nothing for events an endpoint does not subscribe to, nor to disabled endpoints', async () => {
    const { endpoint } = await hook(['link.deleted']);
    await services.links.create(as(WS), { destination: 'https://example.com/a' });
    const off = await hook(['link.created']);
    await services.webhooks.service.update(as(WS), off.endpoint.id, { enabled: false });
    await services.links.create(as(WS), { destination: 'https://example.com/b' });
    expect(await run()).toBe(0);
    expect(await deliveries(endpoint.id)).toEqual([]);
  });

  it('retries after 5 s, 5 min, 30 min, 2 h, 5 h, 10 h and 10 h with the same webhook-id, then gives up as failed', async () => {
    const { endpoint } = await hook(['link.created']);
    rx.answers = Array(8).fill(500);
    await services.links.create(as(WS), { destination: 'https://example.com/a' });
    expect(await run()).toBe(1);
    for (const wait of RETRY_DELAYS_MS) {
      const [d] = await deliveries(endpoint.id);
      expect(d!.status).toBe('pending');
      expect(d!.nextAttemptAt!.getTime() - clock.now().getTime()).toBe(wait);
      clock.advance(wait - 1);
      expect(await run()).toBe(0); // not due yet
      clock.advance(1);
      expect(await run()).toBe(1);
    }
    const [d] = await deliveries(endpoint.id);
    expect(d).toMatchObject({ status: 'failed', attempts: 8, lastStatusCode: 500, lastError: 'answered HTTP 500', nextAttemptAt: null });
    expect(rx.received).toHaveLength(8);
    expect(new Set(rx.received.map((r) => r.id)).size).toBe(1);
    expect(rx.received.every((r) => r.verifiedBy.length === 1)).toBe(true);
    clock.advance(30 * 86_400_000);
    expect(await run()).toBe(0);
    // A manual retry sends it once more, under the same webhook-id.
    const retried = await services.webhooks.service.retry(as(WS), endpoint.id, d!.id);
    expect(retried.status).toBe('pending');
    expect(await run()).toBe(1);
    expect((await deliveries(endpoint.id))[0]).toMatchObject({ status: 'delivered', attempts: 9, lastStatusCode: 204 });
    expect(rx.received.at(-1)!.id).toBe(rx.received[0]!.id);
  });

  it('disables an endpoint at once when it answers 410, and one that has failed for 5 days', async () => {
    const gone = await hook(['link.created']);
    rx.answers = [410];
    await services.links.create(as(WS), { destination: 'https://example.com/a' });
    await run();
    expect((await services.webhooks.service.get(as(WS), gone.endpoint.id)).enabled).toBe(false);
    expect((await deliveries(gone.endpoint.id))[0]).toMatchObject({ status: 'failed', lastStatusCode: 410 });

    await services.webhooks.service.delete(as(WS), gone.endpoint.id);
    const failing = await hook(['link.created']);
    rx.answers = Array(50).fill(503);
    await services.links.create(as(WS), { destination: 'https://example.com/b' });
    await run();
    clock.advance(4 * 86_400_000);
    await services.links.create(as(WS), { destination: 'https://example.com/c' });
    await run();
    expect((await services.webhooks.service.get(as(WS), failing.endpoint.id)).enabled).toBe(true);
    clock.advance(86_400_000);
    await services.links.create(as(WS), { destination: 'https://example.com/d' });
    await run();
    expect((await services.webhooks.service.get(as(WS), failing.endpoint.id)).enabled).toBe(false);
    // Attempts run in parallel: the one judged first disables the endpoint; any not yet sent are failed as disabled.
    const log = await deliveries(failing.endpoint.id);
    expect(log.some((d) => /disabled \(failing for 5 days\)/.test(d.lastError ?? ''))).toBe(true);
    expect(log.every((d) => d.status === 'failed')).toBe(true);
  });

  it('signs with the old and the new secret for 24 h after a rotation, then with the new one only', async () => {
    const { endpoint } = await hook(['link.created']);
    const rotated = await services.webhooks.service.rotateSecret(as(WS), endpoint.id);
    rx.secrets.push(rotated.secret);
    await services.webhooks.service.test(as(WS), endpoint.id);
    await run();
    expect(rx.received[0]!.signatures).toHaveLength(2);
    expect(rx.received[0]!.verifiedBy).toEqual([0, 1]);
    expect(rx.received[0]!.body).toMatchObject({ type: 'webhook.test', data: { webhook: { id: endpoint.id } } });
    clock.advance(86_400_000);
    await services.webhooks.service.test(as(WS), endpoint.id);
    await run();
    expect(rx.received[1]!.signatures).toHaveLength(1);
    expect(rx.received[1]!.verifiedBy).toEqual([1]);
  });

  it('sends link.clicked only to endpoints that opt in, never for bots, and sheds clicks past its bound (counted)', async () => {
    const { endpoint } = await hook(['link.clicked']);
    const plain = await hook(['link.created']);
    const link = await services.links.create(as(WS), { destination: 'https://example.com/a', alias: 'c' });
    const visit = (bot: boolean) => ({
      linkId: link.id,
      workspaceId: WS,
      atMs: clock.now().getTime(),
      visitor: { bot, device: 'mobile' as const, browser: bot ? null : 'Safari', os: bot ? null : 'iOS' },
      domain: link.domain,
      country: 'DE',
      region: null,
      city: null,
      referrer: 'news.example',
      referrerUrl: 'https://news.example/',
      utm: null,
      trigger: 'link' as const,
      language: null,
      variant: null,
    });
    services.clicks.count(visit(false));
    services.clicks.count(visit(true));
    await services.webhooks.clickEvents.drain();
    await run();
    const clicked = rx.received.filter((r) => r.body.type === 'link.clicked');
    expect(clicked).toHaveLength(1);
    expect(clicked[0]!.body.data).toEqual({
      link: { id: link.id, domain: 'localhost:8080', alias: 'c', short_url: 'http://localhost:8080/c' },
      click: { timestamp: clock.now().toISOString(), country: 'DE', device: 'mobile', browser: 'Safari', os: 'iOS', referrer_host: 'news.example' },
    });
    expect((await deliveries(plain.endpoint.id)).map((d) => d.eventType)).toEqual(['link.created']);
    expect((await deliveries(endpoint.id)).map((d) => d.eventType)).toEqual(['link.clicked']);
    for (let i = 0; i < 10_005; i++) services.webhooks.clickEvents.offer(visit(false));
    expect(services.webhooks.clickEvents.shed).toBe(5);
    expect(services.webhooks.clickEvents.waiting).toBe(10_000);
    expect(await services.metrics.render()).toMatch(/lsk_webhook_click_events_shed_total 5/);
  });

  it('sends nothing for a workspace deleted while its deliveries wait (its purge deletes them)', async () => {
    await services.repos.workspaces.create({ id: WS, slug: 'hooks', plan: 'standard', rateLimitRpm: 100, createdAt: clock.now(), require2fa: false });
    const { endpoint } = await hook(['link.created']);
    await services.links.create(as(WS), { destination: 'https://example.com/a', alias: 'gone-soon' });
    // The deletion's first steps, without its background purge (which would delete the delivery first).
    expect(await services.repos.workspaces.markDeleted(WS, clock.now())).toBe(true);
    await services.abuse.workspaceDeleted(clock.now());
    expect(await run()).toBe(1);
    expect(rx.received).toHaveLength(0);
    const [d] = await deliveries(endpoint.id);
    expect(d).toMatchObject({ status: 'failed', lastError: 'the workspace was deleted', nextAttemptAt: null });
  });
});
