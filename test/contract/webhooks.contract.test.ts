/** The webhooks repository: endpoints, the outbox of deliveries and attempt claims, on both stores. */
import { describe, expect, it } from 'vitest';
import { at, describeStores } from './_harness.js';
import { delivery, endpoint } from './_webhook-fixtures.js';

describeStores('webhooks repository', (store) => {
  describe('endpoints', () => {
    it('inserts, gets, lists (oldest first), updates any subset and deletes, within the workspace only', async () => {
      const r = store().webhooks;
      const e2 = await r.insertEndpoint(endpoint('wsp_a', { createdAt: at(2), description: 'two' }));
      const e1 = await r.insertEndpoint(endpoint('wsp_a', { createdAt: at(1), events: ['link.created', 'link.clicked'] }));
      await r.insertEndpoint(endpoint('wsp_b'));
      expect(await r.getEndpoint('wsp_a', e1.id)).toEqual(e1);
      expect(await r.getEndpoint('wsp_b', e1.id)).toBeNull();
      expect(await r.listEndpoints('wsp_a')).toEqual([e1, e2]);
      const secrets = [
        { secret: 'whsec_new', expiresAt: null },
        { secret: 'whsec_old', expiresAt: at(86_400) },
      ];
      const changed = await r.updateEndpoint('wsp_a', e2.id, { enabled: false, description: null, secrets, failingSince: at(5) });
      expect(changed).toEqual({ ...e2, enabled: false, description: null, secrets, failingSince: at(5) });
      expect(await r.updateEndpoint('wsp_b', e2.id, { enabled: true })).toBeNull();
      expect((await r.getEndpoint('wsp_a', e2.id))?.enabled).toBe(false);
      expect(await r.deleteEndpoint('wsp_b', e2.id)).toBe(false);
      expect(await r.deleteEndpoint('wsp_a', e2.id)).toBe(true);
      expect(await r.listEndpoints('wsp_a')).toEqual([e1]);
    });
  });

  describe('deliveries', () => {
    it('stores deliveries, pages them newest first, and finds the due ones in order', async () => {
      const r = store().webhooks;
      const e = await r.insertEndpoint(endpoint('wsp_a'));
      const ds = [1, 2, 3].map((i) => delivery(e, { createdAt: at(i), nextAttemptAt: at(10 - i) }));
      await r.insertDeliveries(ds);
      await r.insertDeliveries([delivery(e, { status: 'delivered', nextAttemptAt: null, createdAt: at(0) })]);
      const page1 = await r.listDeliveries('wsp_a', e.id, 2);
      expect(page1.map((d) => d.id)).toEqual([ds[2]!.id, ds[1]!.id]);
      const page2 = await r.listDeliveries('wsp_a', e.id, 2, page1[1]!);
      expect(page2.map((d) => d.id)).toEqual([ds[0]!.id, expect.any(String)]);
      expect(await r.listDeliveries('wsp_b', e.id, 10)).toEqual([]);
      expect(await r.getDelivery('wsp_a', e.id, ds[0]!.id)).toEqual(ds[0]);
      expect(await r.getDelivery('wsp_b', e.id, ds[0]!.id)).toBeNull();
      expect((await r.dueDeliveries(at(8), 10)).map((d) => d.id)).toEqual([ds[2]!.id, ds[1]!.id]);
      expect(await r.pendingCount()).toBe(3);
      const outcome = {
        status: 'delivered',
        attempts: 1,
        lastStatusCode: 204,
        lastError: null,
        lastDurationMs: 12,
        nextAttemptAt: null,
        deliveredAt: at(9),
      } as const;
      await r.setOutcome(ds[2]!.id, outcome);
      expect(await r.getDelivery('wsp_a', e.id, ds[2]!.id)).toEqual({ ...ds[2], ...outcome });
      expect((await r.dueDeliveries(at(100), 10)).map((d) => d.id)).toEqual([ds[1]!.id, ds[0]!.id]);
      expect(await r.deleteEndpoint('wsp_a', e.id)).toBe(true);
      expect(await r.pendingCount()).toBe(0);
    });
  });

  describe('attempt claims', () => {
    it('lets exactly one of many concurrent claims of the same attempt win, and records its end', async () => {
      const r = store().webhooks;
      const claim = (owner: string) => ({ deliveryId: 'dlv_x', attemptNo: 1, take: 0, owner, leaseUntil: at(60) });
      const won = await Promise.all(Array.from({ length: 20 }, (_, i) => r.claimAttempt(claim(`w${i}`))));
      expect(won.filter(Boolean)).toHaveLength(1);
      const [record] = await r.attemptClaims('dlv_x', 1);
      expect(record).toMatchObject({ deliveryId: 'dlv_x', attemptNo: 1, take: 0, leaseUntil: at(60), finishedAt: null });
      expect(await r.claimAttempt({ ...claim('late'), take: 1 })).toBe(true);
      await r.finishAttempt(claim(record!.owner), at(5));
      expect((await r.attemptClaims('dlv_x', 1)).map((c) => [c.take, c.finishedAt])).toEqual([
        [0, at(5)],
        [1, null],
      ]);
      expect(await r.attemptClaims('dlv_x', 2)).toEqual([]);
    });
  });
});
