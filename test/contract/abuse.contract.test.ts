/** The operator's blocked hosts, disabled links, suspended workspaces and abuse reports, on both stores. */
import { describe, expect, it } from 'vitest';
import { at, describeStores, uid } from './_harness.js';

describeStores('abuse repositories', (store) => {
  describe('blocked hosts', () => {
    it('adds each host once, lists them by host, and removes them', async () => {
      const { blocklist } = store();
      expect(await blocklist.list()).toEqual([]);
      expect(await blocklist.add({ host: 'phish.example', note: 'reported twice', createdAt: at(1) })).toBe(true);
      expect(await blocklist.add({ host: 'bad.example', note: null, createdAt: at(2) })).toBe(true);
      expect(await blocklist.add({ host: 'phish.example', note: 'again', createdAt: at(3) })).toBe(false);
      expect(await blocklist.list()).toEqual([
        { host: 'bad.example', note: null, createdAt: at(2) },
        { host: 'phish.example', note: 'reported twice', createdAt: at(1) },
      ]);
      expect(await blocklist.remove('phish.example')).toBe(true);
      expect(await blocklist.remove('phish.example')).toBe(false);
      expect((await blocklist.list()).map((e) => e.host)).toEqual(['bad.example']);
    });
  });

  describe('moderation', () => {
    it('disables a link once, lists disabled links oldest first, and enables it again', async () => {
      const { moderation } = store();
      const a = { linkId: uid('lnk'), workspaceId: 'wsp_a', domain: 'go.example', alias: 'one', reason: 'phishing', disabledAt: at(5) };
      const b = { linkId: uid('lnk'), workspaceId: 'wsp_b', domain: 'go.example', alias: 'two', reason: null, disabledAt: at(2) };
      expect(await moderation.disableLink(a)).toBe(true);
      expect(await moderation.disableLink(b)).toBe(true);
      expect(await moderation.disableLink({ ...a, reason: 'other', disabledAt: at(9) })).toBe(false);
      expect(await moderation.disabledLinks()).toEqual([b, a]);
      expect(await moderation.enableLink(a.linkId)).toBe(true);
      expect(await moderation.enableLink(a.linkId)).toBe(false);
      expect(await moderation.disabledLinks()).toEqual([b]);
    });

    it('suspends a workspace once, lists suspensions, and lifts them', async () => {
      const { moderation } = store();
      expect(await moderation.suspensions()).toEqual([]);
      expect(await moderation.suspend({ workspaceId: 'wsp_x', reason: 'spam', suspendedAt: at(1) })).toBe(true);
      expect(await moderation.suspend({ workspaceId: 'wsp_x', reason: 'again', suspendedAt: at(2) })).toBe(false);
      expect(await moderation.suspend({ workspaceId: 'wsp_y', reason: null, suspendedAt: at(3) })).toBe(true);
      expect(await moderation.suspensions()).toEqual([
        { workspaceId: 'wsp_x', reason: 'spam', suspendedAt: at(1) },
        { workspaceId: 'wsp_y', reason: null, suspendedAt: at(3) },
      ]);
      expect(await moderation.unsuspend('wsp_x')).toBe(true);
      expect(await moderation.unsuspend('wsp_x')).toBe(false);
      expect((await moderation.suspensions()).map((s) => s.workspaceId)).toEqual(['wsp_y']);
    });
  });

  describe('reports', () => {
    it('keeps reports and pages through them newest first', async () => {
      const { reports } = store();
      const made = [0, 1, 2, 2, 3].map((s, i) => ({
        id: `rep_${i}`,
        url: `https://go.example/r${i}`,
        reason: i === 1 ? null : `reason ${i}`,
        linkId: i === 0 ? 'lnk_1' : null,
        workspaceId: i === 0 ? 'wsp_1' : null,
        createdAt: at(s),
      }));
      for (const r of made) await reports.insert(r);
      const first = await reports.list(3);
      expect(first.map((r) => r.id)).toEqual(['rep_4', 'rep_3', 'rep_2']);
      const last = first[first.length - 1]!;
      const rest = await reports.list(3, { createdAt: last.createdAt, id: last.id });
      expect(rest).toEqual([made[1], made[0]]);
    });
  });
});
