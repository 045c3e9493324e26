/**
 * Destination health checks on both stores, in process with a moved clock, against real local HTTP
 * targets: ok, 404, HEAD refused, no answer, a redirect to a private address; two failures make a
 * link broken (link.broken, once), one good check recovers it (link.recovered); a target change
 * starts over; a deleted link is forgotten; two checkers on one store make each check once.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/env.js';
import { ManualClock } from '../../src/domain/clock.js';
import type { Link } from '../../src/domain/model.js';
import { StoreUnavailable } from '../../src/storage/errors.js';
import type { Services } from '../../src/wiring/all-services.js';
import { buildServices } from '../../src/wiring/build-services.js';
import { as } from '../support/caller.js';
import { startTargets, type Targets } from '../support/health-targets.js';
import { type Receiver, startReceiver } from '../support/webhook-receiver.js';
import { at, newLink, type OpenedStore, openStore, STORE_KINDS, T0, workspace } from './_harness.js';

const HOUR = 3_600_000;
const WS = 'wsp_health';
const config = loadConfig({
  DATABASE_URL: 'file::memory:',
  LSK_DEFAULT_DOMAIN: 'sho.rt',
  LSK_HEALTH_INTERVAL_H: '1',
  // Loopback 127.0.0.1 may be reached (the targets); every other private address stays refused.
  LSK_HEALTH_ALLOW_PRIVATE: '127.0.0.1/32',
  LSK_WEBHOOK_ALLOW_PRIVATE: 'true',
});

describe.each(STORE_KINDS)('destination health on %s', (kind) => {
  let store: OpenedStore;
  let clock: ManualClock;
  let services: Services;
  let targets: Targets;
  let rx: Receiver;

  beforeEach(async () => {
    clock = new ManualClock(T0);
    store = await openStore(kind, { clock });
    services = await buildServices(config, { clock, repos: store.repos, health: { timeoutMs: 500, hostGapMs: 0 } });
    targets = await startTargets();
    rx = await startReceiver(() => clock.now());
    const hook = await services.webhooks.service.create(as(WS), { url: rx.url, events: ['link.broken', 'link.recovered'] });
    rx.secrets.push(hook.secret);
  });
  afterEach(async () => {
    await rx.close();
    await targets.close();
    await store.dispose();
  });

  const link = (path: string, extra: Record<string, unknown> = {}) => services.links.create(as(WS), { destination: `${targets.base}${path}`, ...extra });
  const health = async (l: Link) => (await services.links.get(as(WS), l.id)).health;
  /** Every link is due within the hour: move past it and run the checks. */
  const round = async () => {
    clock.advance(HOUR);
    return services.health.checker.runOnce(100);
  };
  const events = async () => {
    while ((await services.webhooks.worker.runOnce()) > 0);
    return rx.received.map((r) => `${r.body.type} ${(r.body.data as { link: { alias: string } }).link.alias}`).sort();
  };

  it('finds ok, HEAD-refused and redirected targets fine, and makes 404, silent and private-redirecting ones broken after two failures', async () => {
    const ok = await link('/ok', { alias: 'ok' });
    const headRefused = await link('/head-refused', { alias: 'head-refused' });
    const moved = await link('/moved', { alias: 'moved' });
    const missing = await link('/missing', { alias: 'missing' });
    const hang = await link('/hang', { alias: 'hang' });
    const hop = await link('/hop', { alias: 'hop' });
    expect(await health(ok)).toEqual({ status: 'unknown', httpStatus: null, checkedAt: null });

    expect(await round()).toBe(6);
    const checkedAt = clock.now();
    expect(await health(ok)).toEqual({ status: 'ok', httpStatus: 200, checkedAt });
    expect(await health(headRefused)).toEqual({ status: 'ok', httpStatus: 200, checkedAt });
    expect(targets.hits.get('GET /head-refused')).toBe(1);
    expect(await health(moved)).toEqual({ status: 'ok', httpStatus: 200, checkedAt });
    // One failure is not yet broken.
    expect(await health(missing)).toEqual({ status: 'unknown', httpStatus: 404, checkedAt });
    expect(await health(hang)).toEqual({ status: 'unknown', httpStatus: null, checkedAt });
    expect((await store.repos.health.states([hop.id])).get(hop.id)?.error).toMatch(/^destination: refused: 127\.0\.0\.2 is a loopback/);
    expect(targets.hits.get('/ok')).toBe(2); // /ok itself and the end of /moved: /hop never got that far
    expect(await events()).toEqual([]);

    await round();
    expect((await health(missing)).status).toBe('broken');
    expect((await health(hang)).status).toBe('broken');
    expect((await health(hop)).status).toBe('broken');
    expect((await health(ok)).status).toBe('ok');
    expect(await events()).toEqual(['link.broken hang', 'link.broken hop', 'link.broken missing']);
    const sent = rx.received.find((r) => (r.body.data as { link: { alias: string } }).link.alias === 'missing')!;
    expect(sent.verifiedBy).toEqual([0]);
    expect((sent.body.data as { link: Record<string, unknown> }).link.destination_health).toEqual({
      status: 'broken',
      http_status: 404,
      checked_at: clock.now().toISOString(),
    });

    const broken = await services.links.list(as(WS), { health: 'broken' });
    expect(broken.data.map((l) => l.alias).sort()).toEqual(['hang', 'hop', 'missing']);
    expect(services.health.checker.broken).toBe(3);

    // Still failing: no second link.broken. Then the site comes back: link.recovered.
    await round();
    expect(await events()).toHaveLength(3);
    targets.fixed.add('/missing');
    await round();
    expect(await health(missing)).toEqual({ status: 'ok', httpStatus: 200, checkedAt: clock.now() });
    expect(await events()).toEqual(['link.broken hang', 'link.broken hop', 'link.broken missing', 'link.recovered missing']);
    expect((await services.links.list(as(WS), { health: 'broken' })).data.map((l) => l.alias).sort()).toEqual(['hang', 'hop']);
  });

  it('checks every target of a link (geo, device, expired URL) and names the failing one', async () => {
    const l = await link('/ok', {
      geo_targeting: { DE: `${targets.base}/de` },
      device_targeting: { ios: `${targets.base}/broken` },
      expired_url: `${targets.base}/gone-page`,
    });
    await round();
    await round();
    expect(await health(l)).toEqual({ status: 'broken', httpStatus: 503, checkedAt: clock.now() });
    const state = (await store.repos.health.states([l.id])).get(l.id)!;
    expect(state).toMatchObject({ failedUrl: `${targets.base}/broken`, error: 'device_targeting.ios: answered HTTP 503', failures: 2 });
    for (const path of ['/ok', '/de', '/broken', '/gone-page']) expect(targets.hits.get(path), path).toBe(2);
  });

  it('starts over when the targets change, checks each link within one interval of its creation, and forgets deleted links', async () => {
    const l = await link('/missing');
    await round();
    await round();
    expect((await health(l)).status).toBe('broken');
    const moved = await services.links.update(as(WS), l.id, { destination: `${targets.base}/ok` });
    // A state of other targets does not apply: unknown until the new ones are checked.
    expect(moved.health).toEqual({ status: 'unknown', httpStatus: null, checkedAt: null });
    expect((await services.links.list(as(WS), { health: 'broken' })).data).toEqual([]);
    const before = targets.hits.get('/ok') ?? 0;
    await round();
    expect((await health(l)).status).toBe('ok');
    expect(targets.hits.get('/ok')).toBe(before + 1);
    expect(await store.repos.health.jobCount()).toBe(1);

    // Created now, it is due within the next hour, and not before its place in the hour.
    const fresh = await link('/ok');
    const [job] = (await store.repos.health.due(new Date(clock.now().getTime() + HOUR), 10)).filter((j) => j.linkId === fresh.id);
    expect(job!.dueAt.getTime()).toBeGreaterThan(clock.now().getTime());
    expect(job!.dueAt.getTime()).toBeLessThanOrEqual(clock.now().getTime() + HOUR);

    await services.links.delete(as(WS), l.id);
    await round();
    expect(await store.repos.health.states([l.id])).toEqual(new Map());
    expect((await store.repos.health.due(new Date(clock.now().getTime() + 2 * HOUR), 10)).map((j) => j.linkId)).toEqual([fresh.id]);
  });

  it('schedules the links from before health checks once per store, over pages of links, and each one once', async () => {
    const old = await store.repos.workspaces.create(workspace());
    // Stored without the services (as links made before health checks existed): none is scheduled.
    const made = await store.repos.links.insertMany(
      old.id,
      Array.from({ length: 501 }, (_, i) => newLink(old.id, { destination: `${targets.base}/old-${i}`, createdAt: at(i % 7) })),
    );
    expect(made.every((r) => !(r instanceof Error))).toBe(true);
    // One made through the services since: scheduled already, and scheduling it again makes no second job.
    const scheduled = await services.links.create(as(old.id), { destination: `${targets.base}/ok` });
    expect(await store.repos.health.jobCount()).toBe(1);
    expect(await services.health.service.backfill()).toBe(502);
    expect(await store.repos.health.jobCount()).toBe(502);
    // Once per store: a second start schedules nothing.
    expect(await services.health.service.backfill()).toBe(0);
    expect(await store.repos.health.jobCount()).toBe(502);
    const due = await store.repos.health.due(new Date(clock.now().getTime() + 2 * HOUR), 1000);
    expect(new Set(due.map((j) => j.linkId)).size).toBe(502);
    expect(due.map((j) => j.linkId)).toContain(scheduled.id);
  });

  it('never requests a target on a blocked host, and skips links of suspended workspaces', async () => {
    const l = await link('/ok', { geo_targeting: { FR: `${targets.base}/fr` } });
    const other = await services.links.create(as('wsp_other'), { destination: `${targets.base}/other` });
    await services.repos.workspaces.create({ id: 'wsp_other', slug: 'other', plan: 'standard', rateLimitRpm: 100, createdAt: clock.now(), require2fa: false });
    await services.abuseOperator.block('127.0.0.1', 'test');
    await services.abuseOperator.suspend('other', null);
    await services.abuse.state.refresh();
    await round();
    expect(targets.hits.size).toBe(0);
    expect((await health(l)).status).toBe('unknown'); // nothing was left to check
    expect((await services.links.get(as('wsp_other'), other.id)).health.status).toBe('unknown');
  });

  it('carries on a check it claimed when a store error stopped it, at the next round, not when its lease ends, and never judges one answer twice', async () => {
    // Store errors on demand, set up before the first call (the services wrap each method on first use).
    const repo = store.repos.health;
    const faults = { putState: 1, dropJobOf: '' };
    const fail = () => new StoreUnavailable(new Error('the connection was reset'));
    const putState = repo.putState.bind(repo);
    const dropJob = repo.dropJob.bind(repo);
    repo.putState = async (s) => {
      if (faults.putState-- > 0) throw fail();
      return putState(s);
    };
    repo.dropJob = async (id) => {
      if (faults.dropJobOf && id.startsWith(faults.dropJobOf)) {
        faults.dropJobOf = '';
        throw fail();
      }
      return dropJob(id);
    };

    const l = await link('/ok');
    await expect(round()).rejects.toThrow(StoreUnavailable);
    expect((await health(l)).status).toBe('unknown');
    // Same time: the claim's 15-minute lease has not run out, and this instance holds it.
    expect(await services.health.checker.runOnce(100)).toBe(1);
    expect(await health(l)).toMatchObject({ status: 'ok', httpStatus: 200 });
    expect(targets.hits.get('/ok'), 'the answer of the first attempt is reused').toBe(1);

    // Stopped after its state was written: carried on without a second verdict (one failure is not two).
    const missing = await link('/missing');
    faults.dropJobOf = `${missing.id}:`;
    await expect(round()).rejects.toThrow(StoreUnavailable);
    expect(await services.health.checker.runOnce(100)).toBe(1);
    expect(await services.health.checker.runOnce(100)).toBe(0);
    expect(await health(missing)).toMatchObject({ status: 'unknown', httpStatus: 404 });
    expect(targets.hits.get('/missing')).toBe(1);
    expect(targets.hits.get('/ok')).toBe(2);
  });
});

describe('two checkers on one MongoDB (FerretDB)', () => {
  it('make every due check exactly once, whoever claims it', async () => {
    const clock = new ManualClock(T0);
    const store = await openStore('mongodb', { clock });
    const targets = await startTargets();
    try {
      const a = await buildServices(config, { clock, repos: store.repos, health: { hostGapMs: 0, owner: 'a' } });
      const b = await buildServices(config, { clock, repos: await store.again({ clock }), health: { hostGapMs: 0, owner: 'b' } });
      for (let i = 0; i < 30; i++) await a.links.create(as(WS), { destination: `${targets.base}/page-${i}` });
      for (let r = 1; r <= 2; r++) {
        clock.advance(HOUR);
        // Both look at the same first due checks at once, a few at a time (each check opens store
        // operations; 60 at once make FerretDB's connection handshakes time out on a loaded machine),
        // until a round finds nothing left to make.
        let made = 0;
        for (;;) {
          const [ma, mb] = await Promise.all([a.health.checker.runOnce(6), b.health.checker.runOnce(6)]);
          if (ma + mb === 0) break;
          made += ma + mb;
        }
        expect(made).toBe(30);
        for (let i = 0; i < 30; i++) expect(targets.hits.get(`/page-${i}`), `page-${i} round ${r}`).toBe(r);
      }
    } finally {
      await targets.close();
      await store.dispose();
    }
  });
});
