/** The audit repository: batch inserts (a retried batch writes nothing twice), filters, newest-first pages by id, the retention sweep. */
import { expect, it } from 'vitest';
import type { AuditAction, AuditEntry } from '../../src/domain/audit.js';
import { AUDIT_ACTIONS } from '../../src/domain/audit.js';
import { timeOrderedId } from '../../src/domain/ids.js';
import { at, describeStores } from './_harness.js';

let n = 0;
function entry({ s, ...over }: Partial<AuditEntry> & { s?: number } = {}): AuditEntry {
  const when = at(s ?? ++n);
  const action: AuditAction = over.action ?? 'link.created';
  return {
    id: timeOrderedId('aud', when.getTime()),
    workspaceId: 'wsp_a',
    at: when,
    actor: { type: 'key', id: 'key_1', label: 'deploy bot' },
    action,
    target: { type: AUDIT_ACTIONS[action], id: 'lnk_1' },
    requestId: 'req-1',
    ...over,
  };
}

describeStores('audit repository', (store) => {
  it('stores a batch and reads it back newest first, in this workspace only', async () => {
    const repo = store().audit;
    const a = entry({ s: 1 });
    const b = entry({ s: 2, action: 'key.revoked', actor: { type: 'user', id: 'usr_1', label: 'ana@example.com' }, target: { type: 'key', id: 'key_9' } });
    const c = entry({ s: 3, workspaceId: 'wsp_b', requestId: null });
    await repo.insertMany([a, b, c]);
    expect(await repo.list('wsp_a', { limit: 10 })).toEqual([b, a]);
    expect(await repo.list('wsp_b', { limit: 10 })).toEqual([c]);
    expect(await repo.list('wsp_c', { limit: 10 })).toEqual([]);
  });

  it('skips entries already stored, so a retried batch writes each once', async () => {
    const repo = store().audit;
    const a = entry();
    const b = entry();
    await repo.insertMany([a]);
    await repo.insertMany([a, b]);
    await repo.insertMany([]);
    expect((await repo.list('wsp_a', { limit: 10 })).map((e) => e.id)).toEqual([b.id, a.id]);
  });

  it('filters by action, actor, target and time, all combined with AND', async () => {
    const repo = store().audit;
    const e1 = entry({ s: 10, action: 'link.created', target: { type: 'link', id: 'lnk_x' } });
    const e2 = entry({ s: 20, action: 'link.updated', target: { type: 'link', id: 'lnk_x' } });
    const e3 = entry({ s: 30, action: 'link.updated', actor: { type: 'cli', id: 'cli', label: 'ops@host' }, target: { type: 'link', id: 'lnk_y' } });
    await repo.insertMany([e1, e2, e3]);
    const ids = async (q: Parameters<typeof repo.list>[1]) => (await repo.list('wsp_a', q)).map((e) => e.id);
    expect(await ids({ limit: 10, action: 'link.updated' })).toEqual([e3.id, e2.id]);
    expect(await ids({ limit: 10, actorId: 'cli' })).toEqual([e3.id]);
    expect(await ids({ limit: 10, targetId: 'lnk_x' })).toEqual([e2.id, e1.id]);
    expect(await ids({ limit: 10, targetId: 'lnk_x', action: 'link.created' })).toEqual([e1.id]);
    expect(await ids({ limit: 10, from: at(20), to: at(30) })).toEqual([e2.id]);
    expect(await ids({ limit: 10, from: at(11) })).toEqual([e3.id, e2.id]);
    expect(await ids({ limit: 10, to: at(20) })).toEqual([e1.id]);
  });

  it('pages by id: each page starts after the last id of the one before', async () => {
    const repo = store().audit;
    const all = Array.from({ length: 7 }, (_, i) => entry({ s: 100 + i }));
    await repo.insertMany(all);
    const newest = [...all].reverse().map((e) => e.id);
    const seen: string[] = [];
    let before: string | undefined;
    for (;;) {
      const page = await repo.list('wsp_a', { limit: 3, ...(before ? { beforeId: before } : {}) });
      seen.push(...page.map((e) => e.id));
      if (page.length < 3) break;
      before = page[page.length - 1]!.id;
    }
    expect(seen).toEqual(newest);
  });

  it('keeps entries made in the same millisecond in the order they were made', async () => {
    const repo = store().audit;
    const same = Array.from({ length: 5 }, () => entry({ s: 500 }));
    await repo.insertMany([...same].reverse());
    expect((await repo.list('wsp_a', { limit: 10 })).map((e) => e.id)).toEqual([...same].reverse().map((e) => e.id));
  });

  it('sweeps entries older than the cut-off, in every workspace', async () => {
    const repo = store().audit;
    const old = entry({ s: 1000 });
    const oldB = entry({ s: 1001, workspaceId: 'wsp_b' });
    const fresh = entry({ s: 2000 });
    await repo.insertMany([old, oldB, fresh]);
    expect(await repo.deleteBefore(at(1500))).toBe(2);
    expect(await repo.list('wsp_a', { limit: 10 })).toEqual([fresh]);
    expect(await repo.list('wsp_b', { limit: 10 })).toEqual([]);
    expect(await repo.deleteBefore(at(1500))).toBe(0);
  });
});
