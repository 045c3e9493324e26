/**
 * Deleting a workspace (docs/adr/0177) on both stores: the tombstone on its record, and each
 * repository's purge, which deletes the workspace's records in batches of at most `limit` and
 * nothing of another workspace.
 */
import { describe, expect, it } from 'vitest';
import { AUDIT_ACTIONS } from '../../src/domain/audit.js';
import { timeOrderedId } from '../../src/domain/ids.js';
import type { Repositories } from '../../src/storage/repositories.js';
import { apiKey, at, describeStores, newLink, uid, workspace } from './_harness.js';
import { delivery, endpoint } from './_webhook-fixtures.js';

const N = 5;
const LIMIT = 2;

/** N records of every kind the workspace's repositories hold, written through the repositories; what was written, by id. */
async function seed(repos: Repositories, ws: string) {
  const ids = { links: [] as string[], deliveries: [] as string[], jobs: [] as string[], keys: [] as string[], idem: [] as string[] };
  for (let i = 0; i < N; i++) {
    const link = await repos.links.insert(newLink(ws, { domain: `go-${ws}.example`, tags: [`t${i}`] }));
    ids.links.push(link.id);
    await repos.domains.add({ host: `d${i}-${ws}.example`, workspaceId: ws, createdAt: at(i) });
    ids.keys.push((await repos.apiKeys.insert(apiKey(ws))).id);
    await repos.members.add({ workspaceId: ws, userId: uid('usr'), role: 'owner', createdAt: at(i) });
    await repos.members.insertInvite({
      id: uid('inv'),
      workspaceId: ws,
      email: `i${i}@example.com`,
      role: 'viewer',
      tokenHash: uid('h'),
      createdAt: at(i),
      expiresAt: at(9e5),
    });
    const e = await repos.webhooks.insertEndpoint(endpoint(ws));
    const d = delivery(e);
    await repos.webhooks.insertDeliveries([d]);
    await repos.webhooks.claimAttempt({ deliveryId: d.id, attemptNo: 1, take: 0, owner: 'a', leaseUntil: at(60) });
    ids.deliveries.push(d.id);
    await repos.utmTemplates.insert({ id: uid('utm'), workspaceId: ws, name: `u${i}`, values: { source: 's' }, createdAt: at(i), updatedAt: at(i) });
    await repos.analyticsShares.insert({
      id: uid('shr'),
      workspaceId: ws,
      tokenHash: uid('h'),
      linkId: link.id,
      tag: null,
      domain: null,
      expiresAt: null,
      createdAt: at(i),
      createdBy: { type: 'key', id: 'k', label: 'k' },
    });
    const key = `idem-${i}`;
    await repos.idempotency.claim({ workspaceId: ws, key, token: 't', fingerprint: 'f'.repeat(64), createdAt: at(0), expiresAt: at(9e5) });
    ids.idem.push(key);
    const when = at(i + 1).getTime();
    const action = 'link.created' as const;
    await repos.audit.insertMany([
      {
        id: timeOrderedId('aud', when),
        workspaceId: ws,
        at: new Date(when),
        actor: { type: 'key', id: 'k', label: 'k' },
        action,
        target: { type: AUDIT_ACTIONS[action], id: link.id },
        requestId: null,
      },
    ]);
    const job = { id: `${link.id}:k:${i}`, linkId: link.id, workspaceId: ws, targetsKey: 'k', dueAt: at(i) };
    await repos.health.schedule(job);
    await repos.health.claim({ jobId: job.id, take: 0, owner: 'a', leaseUntil: at(60) });
    ids.jobs.push(job.id);
    await repos.moderation.disableLink({ linkId: link.id, workspaceId: ws, domain: link.domain, alias: link.alias, reason: null, disabledAt: at(i) });
    if (i === 0) await repos.moderation.suspend({ workspaceId: ws, reason: 'test', suspendedAt: at(i) });
    await repos.health.putState({
      linkId: link.id,
      workspaceId: ws,
      targetsKey: 'k',
      status: 'ok',
      httpStatus: 200,
      checkedAt: at(1),
      failures: 0,
      error: null,
      failedUrl: null,
    });
  }
  return ids;
}

type Seeded = Awaited<ReturnType<typeof seed>>;

/** How many of each kind are left, read through each repository. */
async function left(repos: Repositories, ws: string, s: Seeded) {
  const count = async (ps: Promise<unknown>[]) => (await Promise.all(ps)).filter((x) => x != null && !(Array.isArray(x) && x.length === 0)).length;
  return {
    links: (await repos.links.list(ws, { limit: 100 })).length,
    tags: (await repos.tags.list(ws)).length,
    domains: (await repos.domains.list(ws)).length,
    keys: await count(s.keys.map((id) => repos.apiKeys.get(id))),
    members: (await repos.members.listByWorkspace(ws)).length,
    invites: (await repos.members.listInvites(ws, at(0))).length,
    endpoints: (await repos.webhooks.listEndpoints(ws)).length,
    attempts: await count(s.deliveries.map((id) => repos.webhooks.attemptClaims(id, 1))),
    utm: await repos.utmTemplates.count(ws),
    shares: await repos.analyticsShares.count(ws),
    idempotency: await count(s.idem.map((k) => repos.idempotency.get(ws, k))),
    audit: (await repos.audit.list(ws, { limit: 100 })).length,
    jobs: (await repos.health.due(at(1e6), 1000)).filter((j) => j.workspaceId === ws).length,
    claims: await count(s.jobs.map((id) => repos.health.claims(id))),
    states: (await repos.health.states(s.links)).size,
    disabled: (await repos.moderation.disabledLinks()).filter((d) => d.workspaceId === ws).length,
    suspended: (await repos.moderation.suspensions()).filter((d) => d.workspaceId === ws).length,
  };
}

const FULL = {
  links: N,
  tags: N,
  domains: N,
  keys: N,
  members: N,
  invites: N,
  endpoints: N,
  attempts: N,
  utm: N,
  shares: N,
  idempotency: N,
  audit: N,
  jobs: N,
  claims: N,
  states: N,
  disabled: N,
  suspended: 1,
};
const NONE = Object.fromEntries(Object.keys(FULL).map((k) => [k, 0]));

const PURGING: (keyof Repositories)[] = [
  'domains',
  'apiKeys',
  'members',
  'webhooks',
  'health',
  'links',
  'tags',
  'utmTemplates',
  'analyticsShares',
  'idempotency',
  'moderation',
  'audit',
];

describeStores('deleting a workspace', (store) => {
  describe('the tombstone', () => {
    it('hides the workspace from every read at once, frees its slug, and lists it as deleting until removed', async () => {
      const r = store().workspaces;
      const gone = await r.create(workspace({ slug: 'doomed', createdAt: at(1) }));
      const kept = await r.create(workspace({ slug: 'kept', createdAt: at(2) }));
      expect(await r.markDeleted(gone.id, at(10))).toBe(true);
      expect(await r.markDeleted(gone.id, at(11))).toBe(false);
      expect(await r.markDeleted('wsp_unknown', at(11))).toBe(false);
      expect(await r.get(gone.id)).toBeNull();
      expect(await r.getBySlug('doomed')).toBeNull();
      expect(await r.list()).toEqual([kept]);
      expect(await r.setPlan(gone.id, 'advanced', 500)).toBeNull();
      expect(await r.deleting()).toEqual([{ id: gone.id, slug: 'doomed', deletedAt: at(10) }]);
      // The slug is free again at once: a new workspace may take it.
      const again = await r.create(workspace({ slug: 'doomed' }));
      expect(await r.getBySlug('doomed')).toEqual(again);
      // A live workspace is never removed; the deleted one is, for good.
      await r.remove(kept.id);
      expect(await r.get(kept.id)).toEqual(kept);
      await r.remove(gone.id);
      expect(await r.deleting()).toEqual([]);
      expect(await r.markDeleted(gone.id, at(12))).toBe(false);
    });
  });

  describe('each repository purges the workspace', () => {
    it.each(PURGING)('%s: in batches of at most the limit, and nothing of another workspace', async (name) => {
      const repos = store();
      const [ws, other] = [uid('wsp'), uid('wsp')];
      const s = await seed(repos, ws);
      const o = await seed(repos, other);
      const repo = repos[name] as { purgeWorkspace(w: string, n: number): Promise<number> };
      const batches: number[] = [];
      for (let n = await repo.purgeWorkspace(ws, LIMIT); n > 0; n = await repo.purgeWorkspace(ws, LIMIT)) batches.push(n);
      expect(batches.length).toBeGreaterThan(0);
      expect(Math.max(...batches)).toBeLessThanOrEqual(LIMIT);
      expect(await repo.purgeWorkspace(ws, LIMIT)).toBe(0);
      expect(await left(repos, other, o)).toEqual(FULL);
      // What this repository holds of the workspace is gone (the others' parts are theirs to purge).
      const after = await left(repos, ws, s);
      const mine: Record<string, (keyof typeof FULL)[]> = {
        domains: ['domains'],
        apiKeys: ['keys'],
        members: ['members', 'invites'],
        webhooks: ['endpoints', 'attempts'],
        health: ['jobs', 'claims', 'states'],
        links: ['links'],
        tags: [],
        utmTemplates: ['utm'],
        analyticsShares: ['shares'],
        idempotency: ['idempotency'],
        moderation: ['disabled', 'suspended'],
        audit: ['audit'],
      };
      for (const k of mine[name]!) expect(after[k], k).toBe(0);
    });

    it('leaves nothing of the workspace once every repository has purged it', async () => {
      const repos = store();
      const [ws, other] = [uid('wsp'), uid('wsp')];
      const s = await seed(repos, ws);
      const o = await seed(repos, other);
      for (const name of PURGING) {
        const repo = repos[name] as { purgeWorkspace(w: string, n: number): Promise<number> };
        while ((await repo.purgeWorkspace(ws, LIMIT)) > 0);
      }
      expect(await left(repos, ws, s)).toEqual(NONE);
      expect(await left(repos, other, o)).toEqual(FULL);
    });
  });
});
