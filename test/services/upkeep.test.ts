/**
 * The upkeep sweeps (expiry without TTL indexes): ended and idle sessions, expired one-time records,
 * expired invites and audit entries past LSK_AUDIT_DAYS go in one run, live ones stay, on the
 * embedded store and the test clock.
 */
import { describe, expect, it } from 'vitest';
import { DAY_MS, ManualClock } from '../../src/domain/clock.js';
import { ServiceEvents } from '../../src/domain/events/service-events.js';
import { SESSION_IDLE_MS, SessionService } from '../../src/services/accounts/session-service.js';
import { AuditRecorder } from '../../src/services/audit/audit-recorder.js';
import { AuditService } from '../../src/services/audit/audit-service.js';
import { Upkeep } from '../../src/services/upkeep.js';
import { openRepositories } from '../../src/storage/open.js';

describe('upkeep', () => {
  it('sweeps ended and idle sessions, expired one-time records, expired invites and old audit entries in one run', async () => {
    const repos = await openRepositories('file::memory:');
    await repos.init();
    const clock = new ManualClock(new Date('2026-11-01T00:00:00.000Z'));
    const at = (days: number) => new Date(clock.now().getTime() + days * DAY_MS);
    const session = (id: string, seenAt: Date, expiresAt: Date) => ({ id, userId: 'usr_a', createdAt: at(0), seenAt, expiresAt, browser: null, os: null });
    await repos.sessions.insert(session('ended', at(0), at(1)));
    await repos.sessions.insert(session('idle', at(0), at(60)));
    await repos.sessions.insert(session('live', at(9), at(60)));
    const invite = (id: string, expiresAt: Date) => ({
      id,
      workspaceId: 'wsp_a',
      email: `${id}@example.com`,
      role: 'viewer' as const,
      tokenHash: id,
      createdAt: at(0),
      expiresAt,
    });
    await repos.oneTime.claim('old', at(7));
    await repos.oneTime.claim('new', at(30));
    await repos.members.insertInvite(invite('inv_old', at(7)));
    await repos.members.insertInvite(invite('inv_new', at(30)));
    const entry = (id: string, day: number) => ({
      id,
      workspaceId: 'wsp_a',
      at: at(day),
      actor: { type: 'cli' as const, id: 'cli', label: 'ops@host' },
      action: 'link.created' as const,
      target: { type: 'link' as const, id: 'lnk_a' },
      requestId: null,
    });
    await repos.audit.insertMany([entry('aud_old', 0), entry('aud_new', 15)]);

    // Day 21: the idle limit (14 days) puts the line at day 7.
    clock.advance(7 * DAY_MS + SESSION_IDLE_MS);
    // Entries are kept 10 days here: the line is at day 11.
    const events = new ServiceEvents(clock);
    const audit = new AuditService(repos.audit, new AuditRecorder(repos, { warn: () => {}, error: () => {} }, { enabled: true }), events, clock, 10);
    const upkeep = new Upkeep(new SessionService(repos, clock, events), repos.members, clock, audit);
    expect(await upkeep.sweep()).toEqual([]);

    expect(await repos.sessions.get('ended')).toBeNull();
    expect(await repos.sessions.get('idle')).toBeNull();
    expect(await repos.sessions.get('live')).not.toBeNull();
    // A claim succeeds only where no record is left, expired or not.
    expect(await repos.oneTime.claim('old', at(60))).toBe(true);
    expect(await repos.oneTime.claim('new', at(60))).toBe(false);
    expect(await repos.members.getInvite('wsp_a', 'inv_old')).toBeNull();
    expect(await repos.members.getInvite('wsp_a', 'inv_new')).not.toBeNull();
    expect((await repos.audit.list('wsp_a', { limit: 10 })).map((e) => e.id)).toEqual(['aud_new']);
    await repos.close();
  });
});
