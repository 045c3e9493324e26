/**
 * The record of changes for abuse controls, on both stores: every operator decision that changes
 * something, and every report, is one service event (the audit log's feed), naming its target and
 * workspace; a decision that changes nothing (blocking a host twice) is none.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/env.js';
import { ManualClock } from '../../src/domain/clock.js';
import type { OperationalEvent } from '../../src/domain/events/link-events.js';
import { buildServices } from '../../src/wiring/build-services.js';
import { as } from '../support/caller.js';
import { type OpenedStore, openStore, STORE_KINDS, T0 } from './_harness.js';

const WS = 'wsp_events';
const config = loadConfig({ DATABASE_URL: 'file::memory:', LSK_DEFAULT_DOMAIN: 'sho.rt', LSK_HEALTH_INTERVAL_H: '0' });

describe.each(STORE_KINDS)('abuse service events on %s', (kind) => {
  let store: OpenedStore;

  beforeEach(async () => {
    store = await openStore(kind, { clock: new ManualClock(T0) });
  });
  afterEach(async () => {
    await store.dispose();
  });

  it('emits one event per decision that changed something, and one per report', async () => {
    const clock = new ManualClock(T0);
    const services = await buildServices(config, { clock, repos: store.repos });
    await store.repos.workspaces.create({ id: WS, slug: 'events', plan: 'standard', rateLimitRpm: 100, createdAt: clock.now(), require2fa: false });
    const link = await services.links.create(as(WS), { destination: 'https://example.com/a', alias: 'promo' });
    const seen: OperationalEvent[] = [];
    services.events.on((e) => seen.push(e));

    await services.abuseOperator.block('phish.example', 'feed missed it');
    await services.abuseOperator.block('phish.example', null);
    await services.abuseOperator.unblock('phish.example');
    await services.abuseOperator.disable('sho.rt/promo', 'spam');
    await services.abuseOperator.enable('https://sho.rt/promo');
    await services.abuseOperator.suspend('events', null);
    await services.abuseOperator.unsuspend('events');
    const report = await services.reports.submit({ url: 'https://sho.rt/promo', reason: 'phishing' }, '192.0.2.7');
    await services.reports.submit({ url: 'https://elsewhere.example/x', reason: 'not ours' }, '192.0.2.7');

    expect(seen).toEqual([
      { action: 'blocklist.added', target: { type: 'host', id: 'phish.example' } },
      { action: 'blocklist.removed', target: { type: 'host', id: 'phish.example' } },
      { action: 'link.disabled', target: { type: 'link', id: link.id }, workspaceId: WS },
      { action: 'link.enabled', target: { type: 'link', id: link.id }, workspaceId: WS },
      { action: 'workspace.suspended', target: { type: 'workspace', id: WS }, workspaceId: WS },
      { action: 'workspace.unsuspended', target: { type: 'workspace', id: WS }, workspaceId: WS },
      { action: 'report.received', target: { type: 'report', id: report.id }, workspaceId: WS },
      { action: 'report.received', target: { type: 'report', id: expect.stringMatching(/^rep_/) } },
    ]);
    // The workspace's part reaches its audit log (the blocklist and the stray report name no workspace).
    await services.auditRecorder.flush();
    const entries = (await services.audit.list(as(WS), {})).data.map((e) => [e.action, e.target.id, e.actor.type]);
    expect(entries.slice(0, 5).reverse()).toEqual([
      ['link.disabled', link.id, 'cli'],
      ['link.enabled', link.id, 'cli'],
      ['workspace.suspended', WS, 'cli'],
      ['workspace.unsuspended', WS, 'cli'],
      ['report.received', report.id, 'system'],
    ]);
  });
});
