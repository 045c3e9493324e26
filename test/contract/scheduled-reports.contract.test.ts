/** The scheduled reports repository (docs/adr/0219): reports by workspace, due reads, period claims unique by (report, period, take). */
import { expect, it } from 'vitest';
import type { ReportClaim, ScheduledReport } from '../../src/storage/scheduled-reports/repository.js';
import { at, describeStores, uid } from './_harness.js';

const report = (workspaceId: string, over: Partial<ScheduledReport> = {}): ScheduledReport => ({
  id: uid('rpt'),
  workspaceId,
  frequency: 'weekly',
  timezone: 'Europe/Berlin',
  scope: { linkId: null, tag: null, domain: null },
  recipients: ['usr_a'],
  nextRunAt: at(100),
  lastSentAt: null,
  createdAt: at(1),
  ...over,
});

const claim = (r: ScheduledReport, take: number, over: Partial<ReportClaim> = {}): ReportClaim => ({
  reportId: r.id,
  period: 'w:2026-11-16',
  take,
  workspaceId: r.workspaceId,
  claimedAt: at(200),
  endedAt: null,
  ...over,
});

describeStores('scheduled reports repository', (store) => {
  it('inserts, gets, lists oldest first in pages, counts, updates and deletes within a workspace', async () => {
    const [ws, other] = [uid('wsp'), uid('wsp')];
    const b = report(ws, { createdAt: at(2), scope: { linkId: null, tag: 'Spring', domain: null } });
    const a = report(ws, { frequency: 'monthly', timezone: 'America/New_York', recipients: ['usr_a', 'usr_b'] });
    const c = report(ws, { createdAt: at(3), scope: { linkId: 'lnk_x', tag: null, domain: null } });
    for (const r of [b, a, c]) await store().scheduledReports.insert(r);
    expect(await store().scheduledReports.get(ws, a.id)).toEqual(a);
    expect(await store().scheduledReports.get(other, a.id)).toBeNull();
    expect(await store().scheduledReports.list(ws, 2)).toEqual([a, b]);
    expect(await store().scheduledReports.list(ws, 2, { createdAt: b.createdAt, id: b.id })).toEqual([c]);
    expect(await store().scheduledReports.list(other, 20)).toEqual([]);
    expect(await store().scheduledReports.count(ws)).toBe(3);
    const changed = await store().scheduledReports.update(ws, a.id, { recipients: ['usr_c'], nextRunAt: at(500), lastSentAt: at(400), scope: b.scope });
    expect(changed).toEqual({ ...a, recipients: ['usr_c'], nextRunAt: at(500), lastSentAt: at(400), scope: b.scope });
    expect(await store().scheduledReports.update(other, a.id, { recipients: [] })).toBeNull();
    expect(await store().scheduledReports.delete(other, a.id)).toBe(false);
    expect(await store().scheduledReports.delete(ws, a.id)).toBe(true);
    expect(await store().scheduledReports.get(ws, a.id)).toBeNull();
    expect(await store().scheduledReports.deleteForLink(other, 'lnk_x')).toBe(0);
    expect(await store().scheduledReports.deleteForLink(ws, 'lnk_x')).toBe(1);
    expect(await store().scheduledReports.list(ws, 20)).toEqual([b]);
  });

  it('reads due reports of every workspace, earliest first, up to a limit', async () => {
    const [ws, other] = [uid('wsp'), uid('wsp')];
    const now = at(10_000_000);
    const late = report(ws, { nextRunAt: new Date(now.getTime() - 1000) });
    const early = report(other, { nextRunAt: new Date(now.getTime() - 5000) });
    const exact = report(ws, { nextRunAt: now });
    const future = report(ws, { nextRunAt: new Date(now.getTime() + 1) });
    for (const r of [late, early, exact, future]) await store().scheduledReports.insert(r);
    const due = (await store().scheduledReports.due(now, 100)).filter((r) => [ws, other].includes(r.workspaceId));
    expect(due.map((r) => r.id)).toEqual([early.id, late.id, exact.id]);
    expect(await store().scheduledReports.due(now, 1)).toHaveLength(1);
  });

  it('lets one claim of a (report, period, take) win, keeps them in take order, and ends one', async () => {
    const r = report(uid('wsp'));
    await store().scheduledReports.insert(r);
    const racing = await Promise.all([store().scheduledReports.claim(claim(r, 0)), store().scheduledReports.claim(claim(r, 0, { claimedAt: at(201) }))]);
    expect(racing.filter(Boolean)).toHaveLength(1);
    expect(await store().scheduledReports.claim(claim(r, 0, { claimedAt: at(300) }))).toBe(false);
    expect(await store().scheduledReports.claim(claim(r, 1, { claimedAt: at(900) }))).toBe(true);
    expect(await store().scheduledReports.claim(claim(r, 0, { period: 'w:2026-11-23' }))).toBe(true);
    await store().scheduledReports.endClaim(r.id, 'w:2026-11-16', 1, at(901));
    const claims = await store().scheduledReports.claims(r.id, 'w:2026-11-16');
    expect(claims.map((c) => [c.take, c.endedAt])).toEqual([
      [0, null],
      [1, at(901)],
    ]);
    expect(claims[1]).toEqual(claim(r, 1, { claimedAt: at(900), endedAt: at(901) }));
    await store().scheduledReports.delete(r.workspaceId, r.id);
    expect(await store().scheduledReports.claims(r.id, 'w:2026-11-16')).toEqual([]);
  });

  it('purges a deleted workspace’s reports and claims in batches, and nothing of another', async () => {
    const [ws, other] = [uid('wsp'), uid('wsp')];
    for (let i = 0; i < 3; i++) {
      const r = report(ws, { createdAt: at(i) });
      await store().scheduledReports.insert(r);
      await store().scheduledReports.claim(claim(r, 0));
    }
    const kept = report(other);
    await store().scheduledReports.insert(kept);
    await store().scheduledReports.claim(claim(kept, 0));
    const batches: number[] = [];
    for (let n = await store().scheduledReports.purgeWorkspace(ws, 2); n > 0; n = await store().scheduledReports.purgeWorkspace(ws, 2)) batches.push(n);
    expect(batches.every((n) => n <= 2)).toBe(true);
    expect(batches.reduce((a, b) => a + b, 0)).toBe(6);
    expect(await store().scheduledReports.count(ws)).toBe(0);
    expect(await store().scheduledReports.get(other, kept.id)).toEqual(kept);
    expect(await store().scheduledReports.claims(kept.id, 'w:2026-11-16')).toHaveLength(1);
  });
});
