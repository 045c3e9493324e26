/**
 * Destination health through the real server on both stores, with real local targets and a short
 * interval (LSK_HEALTH_INTERVAL_H=0.0005, 1.8 s): ok, 404, a redirect to a private address and a
 * target that never answers; destination_health on links, health=broken in REST and GraphQL,
 * link.broken and link.recovered webhooks, and the broken-links gauge.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTargets, type Targets } from '../support/health-targets.js';
import { client, type Lsk, STORES, startLsk } from '../support/server.js';
import { waitFor } from '../support/wait-for.js';
import { type Receiver, startReceiver } from '../support/webhook-receiver.js';

describe.each(STORES)('destination health on %s', (kind) => {
  let lsk: Lsk;
  let targets: Targets;
  let rx: Receiver;
  let api: ReturnType<typeof client>;

  beforeAll(async () => {
    targets = await startTargets();
    rx = await startReceiver();
    lsk = await startLsk(kind, {
      env: {
        LSK_HEALTH_INTERVAL_H: '0.0005',
        // The targets live on 127.0.0.1; any other private address (127.0.0.2 included) stays refused.
        LSK_HEALTH_ALLOW_PRIVATE: '127.0.0.1/32',
        LSK_WEBHOOK_ALLOW_PRIVATE: 'true',
      },
    });
    api = client(lsk.base, await lsk.workspace('acme', ['--rpm', '100000']));
    const hook = await api('POST', '/v1/webhooks', { url: rx.url, events: ['link.broken', 'link.recovered'] });
    expect(hook.status).toBe(201);
    rx.secrets.push(hook.body.secret);
  });
  afterAll(async () => {
    await lsk?.stop();
    await rx?.close();
    await targets?.close();
  });

  const healthOf = async (id: string) => (await api('GET', `/v1/links/${id}`)).body.destination_health;
  const create = async (path: string, alias: string) => {
    const res = await api('POST', '/v1/links', { destination: `${targets.base}${path}`, alias });
    expect(res.status, res.text).toBe(201);
    return res.body;
  };

  it('marks ok, 404 and private-redirecting destinations, lists the broken ones, and sends link.broken then link.recovered', async () => {
    const ok = await create('/ok', 'ok');
    const missing = await create('/missing', 'missing');
    const hop = await create('/hop', 'hop');
    expect(ok.destination_health).toEqual({ status: 'unknown', http_status: null, checked_at: null });

    const seen = await waitFor(
      async () => ({ ok: await healthOf(ok.id), missing: await healthOf(missing.id), hop: await healthOf(hop.id) }),
      (h) => h.ok.status === 'ok' && h.missing.status === 'broken' && h.hop.status === 'broken',
      { timeout: 20_000, what: 'the checks' },
    );
    expect(seen.ok).toMatchObject({ status: 'ok', http_status: 200, checked_at: expect.stringMatching(/Z$/) });
    expect(seen.missing).toMatchObject({ status: 'broken', http_status: 404 });
    expect(seen.hop).toMatchObject({ status: 'broken', http_status: null });
    // /hop answered twice; where it points (127.0.0.2, private) is refused before any connection.
    expect(targets.hits.get('/hop')).toBeGreaterThanOrEqual(2);

    const broken = await api('GET', '/v1/links?health=broken');
    expect(broken.status).toBe(200);
    expect(broken.body.data.map((l: { alias: string }) => l.alias).sort()).toEqual(['hop', 'missing']);
    const gql = await api('POST', '/graphql', { query: '{ links(health: broken) { data { alias destination_health { status http_status } } } }' });
    expect(gql.body.data.links.data).toEqual(
      expect.arrayContaining([
        { alias: 'missing', destination_health: { status: 'broken', http_status: 404 } },
        { alias: 'hop', destination_health: { status: 'broken', http_status: null } },
      ]),
    );
    const bad = await api('GET', '/v1/links?health=ok');
    expect(bad.status).toBe(400);
    expect(bad.body.error.details[0].path).toBe('health');

    const events = await waitFor(
      async () => rx.received.filter((r) => r.body.type === 'link.broken'),
      (e) => e.length >= 2,
      { timeout: 20_000, what: 'two link.broken events' },
    );
    expect(events.map((e) => (e.body.data as { link: { alias: string } }).link.alias).sort()).toEqual(['hop', 'missing']);
    expect(events.every((e) => e.verifiedBy.length === 1)).toBe(true);
    const metrics = await waitFor(
      async () => (await fetch(`${lsk.base}/metrics`)).text(),
      (t) => /^lsk_links_broken 2$/m.test(t),
      { timeout: 10_000, what: 'the gauge' },
    );
    expect(metrics).toMatch(/^lsk_health_checks_failed_total [1-9]/m);

    targets.fixed.add('/missing');
    await waitFor(
      () => healthOf(missing.id),
      (h) => h.status === 'ok',
      { timeout: 20_000, what: 'the recovery' },
    );
    const recovered = await waitFor(
      async () => rx.received.filter((r) => r.body.type === 'link.recovered'),
      (e) => e.length >= 1,
      { timeout: 20_000, what: 'link.recovered' },
    );
    expect((recovered[0]!.body.data as { link: Record<string, unknown> }).link).toMatchObject({
      id: missing.id,
      destination_health: { status: 'ok', http_status: 200 },
    });
    // One link.broken per link: a link failing on does not repeat it.
    expect(rx.received.filter((r) => r.body.type === 'link.broken')).toHaveLength(2);
  });

  it('records a target that does not answer within 10 s as a failed check', async () => {
    const hang = await create('/hang', 'hang');
    const h = await waitFor(
      () => healthOf(hang.id),
      (v) => v.checked_at !== null,
      { timeout: 40_000, what: 'the first check' },
    );
    expect(h).toMatchObject({ http_status: null });
    expect(['unknown', 'broken']).toContain(h.status);
  }, 60_000);
});
