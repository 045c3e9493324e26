/**
 * The audit log's writer and retention, as the services use them, on both stores: entries wait in
 * memory (the request never writes them) until a flush, a read or a clean stop; a write that fails
 * keeps them for the next one; a user's events reach each of their workspaces; the buffer is
 * bounded; LSK_AUDIT_DAYS sweeps by the injectable clock, and 0 records nothing.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/env.js';
import { DAY_MS, ManualClock } from '../../src/domain/clock.js';
import { ServiceEvents } from '../../src/domain/events/service-events.js';
import { AuditRecorder } from '../../src/services/audit/audit-recorder.js';
import { openRepositories } from '../../src/storage/open.js';
import type { Services } from '../../src/wiring/all-services.js';
import { buildServices } from '../../src/wiring/build-services.js';
import { type OpenedStore, openStore, STORE_KINDS } from '../contract/_harness.js';
import { as, TEST_ACTING } from '../support/caller.js';

const SILENT = { warn: () => {}, error: () => {} };

describe.each(STORE_KINDS)('the audit recorder on %s', (kind) => {
  let opened: OpenedStore | undefined;
  afterEach(async () => {
    await opened?.dispose();
    opened = undefined;
  });

  const clock = new ManualClock(Date.parse('2026-11-22T15:30:00Z'));
  async function setUp(env: Record<string, string> = {}): Promise<{ services: Services; ws: string }> {
    opened = await openStore(kind, { clock });
    const config = loadConfig({ DATABASE_URL: 'file::memory:', LSK_COUNTRY_HEADER: 'cf-ipcountry', ...env });
    const services = await buildServices(config, { clock, repos: opened.repos, log: SILENT });
    return { services, ws: (await services.workspaces.create(TEST_ACTING, `audit-${kind}`, 'standard')).id };
  }

  it('keeps entries in memory until a flush (nothing is written on the call), and writes what is left on a clean stop', async () => {
    const { services, ws } = await setUp();
    const link = await services.links.create(as(ws), { destination: 'https://example.com/a' });
    expect(services.auditRecorder.queued).toBe(2); // workspace.created, link.created
    expect(await opened!.repos.audit.list(ws, { limit: 10 })).toEqual([]);
    await services.links.update(as(ws), link.id, { title: 'T' });
    await services.auditRecorder.stop();
    expect(services.auditRecorder.queued).toBe(0);
    const entries = await opened!.repos.audit.list(ws, { limit: 10 });
    expect(entries.map((e) => e.action)).toEqual(['link.updated', 'link.created', 'workspace.created']);
    expect(entries[0]).toMatchObject({ actor: { type: 'system', id: 'system', label: 'test' }, target: { type: 'link', id: link.id }, requestId: null });
    expect(services.auditRecorder.written).toBe(3);
  });

  it('writes its buffer before a read, so a caller sees its own change at once', async () => {
    const { services, ws } = await setUp();
    await services.workspaces.addDomain(as(ws), { host: 'go.example.com' });
    const page = await services.audit.list(as(ws), { action: 'domain.created' });
    expect(page.data.map((e) => e.target)).toEqual([{ type: 'domain', id: 'go.example.com' }]);
  });

  it("records a user's events in each workspace the user belongs to, ordered and with ids of their own", async () => {
    const { services, ws } = await setUp();
    const other = (await services.workspaces.create(TEST_ACTING, `other-${kind}`, 'standard')).id;
    const user = await services.accounts.createUser(`u.${kind}@example.com`, 'U');
    for (const w of [ws, other]) await services.accounts.addMember(TEST_ACTING, (await opened!.repos.workspaces.get(w))!, user.id, 'viewer');
    await expect(services.accounts.verify(user.email, 'wrong password', '10.0.0.1', 'req-1')).rejects.toMatchObject({ code: 'invalid_credentials' });
    await services.sessions.start(user, { requestId: 'req-2', address: '10.0.0.1', browser: null, os: null }, { method: 'password' }, 'device-1');
    await services.auditRecorder.flush();
    for (const w of [ws, other]) {
      const mine = await opened!.repos.audit.list(w, { limit: 10, targetId: user.id });
      expect(mine.map((e) => [e.action, e.requestId])).toEqual([
        ['user.signed_in', 'req-2'],
        ['user.sign_in_failed', 'req-1'],
        ['member.added', null],
      ]);
      expect(mine[0]!.actor).toEqual({ type: 'user', id: user.id, label: user.email });
    }
    const ids = [...(await opened!.repos.audit.list(ws, { limit: 10 })), ...(await opened!.repos.audit.list(other, { limit: 10 }))].map((e) => e.id);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('sweeps entries older than LSK_AUDIT_DAYS by the clock', async () => {
    const { services, ws } = await setUp({ LSK_AUDIT_DAYS: '30' });
    await services.links.create(as(ws), { destination: 'https://example.com/old' });
    clock.advance(31 * DAY_MS);
    await services.links.create(as(ws), { destination: 'https://example.com/new' });
    await services.auditRecorder.flush();
    expect(await services.audit.sweep()).toBe(2); // workspace.created and the first link, 31 days old
    const left = await services.audit.list(as(ws), {});
    expect(left.data.map((e) => e.action)).toEqual(['link.created']);
    expect(left.data[0]!.at).toEqual(clock.now());
  });

  it('records nothing with LSK_AUDIT_DAYS=0', async () => {
    const { services, ws } = await setUp({ LSK_AUDIT_DAYS: '0' });
    await services.links.create(as(ws), { destination: 'https://example.com/a' });
    expect(services.auditRecorder.queued).toBe(0);
    expect((await services.audit.list(as(ws), {})).data).toEqual([]);
  });

  it('holds at most its bound while the store cannot be written, counting what it drops', async () => {
    opened = await openStore(kind, { clock });
    const events = new ServiceEvents(clock);
    const recorder = new AuditRecorder(opened.repos, SILENT, { enabled: true, maxBuffered: 3 });
    events.subscribe(recorder.take);
    for (let i = 0; i < 5; i++) events.emit(as('wsp_bound'), 'link.created', `lnk_${i}`);
    expect([recorder.queued, recorder.dropped]).toEqual([3, 2]);
    await recorder.flush();
    expect((await opened.repos.audit.list('wsp_bound', { limit: 10 })).map((e) => e.target.id)).toEqual(['lnk_2', 'lnk_1', 'lnk_0']);
  });
});

describe('a failed audit write', () => {
  it('keeps the entries and writes them, once each, when the store answers again', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'lsk-audit-'));
    const url = `file:${join(dir, 'lsk.db')}`;
    try {
      const first = await openRepositories(url);
      await first.init();
      const clock = new ManualClock(Date.parse('2026-11-22T15:30:00Z'));
      // The recorder reads the store through this object: the database it names changes below.
      const store = { audit: first.audit, members: first.members };
      const recorder = new AuditRecorder(store, SILENT, { enabled: true });
      const events = new ServiceEvents(clock);
      events.subscribe(recorder.take);
      events.emit(as('wsp_f'), 'link.created', 'lnk_1');
      await first.close(); // the store goes away: the write fails, the entry stays
      await expect(recorder.flush()).rejects.toThrow();
      expect(recorder.queued).toBe(1);
      events.emit(as('wsp_f'), 'link.deleted', 'lnk_1');
      const again = await openRepositories(url);
      Object.assign(store, { audit: again.audit, members: again.members });
      await recorder.flush();
      await recorder.flush();
      expect((await again.audit.list('wsp_f', { limit: 10 })).map((e) => e.action)).toEqual(['link.deleted', 'link.created']);
      expect([recorder.queued, recorder.written]).toEqual([0, 2]);
      await again.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
