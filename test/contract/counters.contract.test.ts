/** The counters repository: versioned values and rate-limit claims, and the shared plan limiter built on them. */
import { afterEach, describe, expect, it } from 'vitest';
import { SharedRateLimiter } from '../../src/limits/shared-rate-limit.js';
import type { Repositories } from '../../src/storage/repositories.js';
import { describeStores, type OpenedStore, openStore, STORE_KINDS } from './_harness.js';

describeStores('counters repository', (store) => {
  describe('versioned values (per-field limits)', () => {
    it('reads nothing for an unknown key, then versions each compare-and-set', async () => {
      expect(await store().counters.get('c:new')).toBeNull();
      expect(await store().counters.cas('c:new', null, 'one')).toBe(true);
      expect(await store().counters.get('c:new')).toEqual({ version: 1, value: 'one' });
      expect(await store().counters.cas('c:new', null, 'again')).toBe(false);
      expect(await store().counters.cas('c:new', 1, 'two')).toBe(true);
      expect(await store().counters.cas('c:new', 1, 'stale')).toBe(false);
      expect(await store().counters.get('c:new')).toEqual({ version: 2, value: 'two' });
    });

    it('lets exactly one of many concurrent writers win each version', async () => {
      for (let round = 0; round < 20; round++) {
        const current = await store().counters.get('c:race');
        const results = await Promise.all(Array.from({ length: 8 }, (_, i) => store().counters.cas('c:race', current?.version ?? null, `w${i}`)));
        expect(results.filter(Boolean)).toHaveLength(1);
      }
      expect((await store().counters.get('c:race'))?.version).toBe(20);
    });
  });

  describe('stale writers (old versions pruned)', () => {
    const writeVersions = async (key: string, n: number) => {
      for (let v = 0; v < n; v++) expect(await store().counters.cas(key, v === 0 ? null : v, `w${v + 1}`)).toBe(true);
    };

    it('refuses a writer 10 versions behind, as the 20 writes prune old versions', async () => {
      await writeVersions('c:behind10', 20);
      expect(await store().counters.cas('c:behind10', 10, 'stale')).toBe(false);
      expect(await store().counters.cas('c:behind10', 5, 'stale')).toBe(false);
      expect(await store().counters.get('c:behind10')).toEqual({ version: 20, value: 'w20' });
      expect(await store().counters.cas('c:behind10', 20, 'w21')).toBe(true);
    });

    it('refuses a writer 300 versions behind, and one that read the key absent', async () => {
      await writeVersions('c:behind300', 320);
      expect(await store().counters.cas('c:behind300', 20, 'stale')).toBe(false);
      expect(await store().counters.cas('c:behind300', null, 'stale')).toBe(false);
      expect(await store().counters.get('c:behind300')).toEqual({ version: 320, value: 'w320' });
      expect(await store().counters.cas('c:behind300', 320, 'w321')).toBe(true);
    });
  });

  describe('rate-limit slot markers', () => {
    it('inserts markers in order up to the first slot already taken, per key and chain', async () => {
      const counters = store().counters;
      expect(await counters.claimSlots('w1', 0, [10, 11, 12])).toBe(3);
      expect(await counters.claimSlots('w1', 0, [12, 13, 14])).toBe(0);
      expect(await counters.claimSlots('w1', 0, [7, 8, 9, 10, 11])).toBe(3); // 7, 8, 9 inserted; 10 taken
      expect(await counters.claimSlots('w1', 0, [9])).toBe(0);
      expect(await counters.claimSlots('w1', 1, [10, 11, 12])).toBe(3);
      expect(await counters.claimSlots('w2', 0, [10, 11, 12])).toBe(3);
    });

    it('drops given markers, sweeps old ones, and lets exactly one of concurrent claims on a slot win', async () => {
      const counters = store().counters;
      await counters.claimSlots('w1', 0, [1, 2, 3]);
      await counters.dropSlots('w1', 0, [1, 2]);
      expect(await counters.claimSlots('w1', 0, [1, 2])).toBe(2);
      await counters.sweepSlots(3);
      expect(await counters.claimSlots('w1', 0, [1, 2])).toBe(2);
      expect(await counters.claimSlots('w1', 0, [3])).toBe(0);
      const results = await Promise.all(Array.from({ length: 8 }, () => counters.claimSlots('w1', 5, [100, 101, 102])));
      expect(results.filter((n) => n === 3)).toHaveLength(1);
      expect(results.filter((n) => n === 0)).toHaveLength(7);
    });
  });

  describe("lasting markers (capped links' click numbers)", () => {
    it('inserts each marker once: exactly one of concurrent marks wins, sweeps and counters leave it alone', async () => {
      const counters = store().counters;
      const results = await Promise.all(Array.from({ length: 8 }, () => counters.mark('cap:lnk_a:1')));
      expect(results.filter(Boolean)).toHaveLength(1);
      await counters.sweepSlots(Number.MAX_SAFE_INTEGER);
      expect(await counters.mark('cap:lnk_a:1')).toBe(false);
      expect(await counters.mark('cap:lnk_a:2')).toBe(true);
      expect(await counters.mark('cap:lnk_b:1')).toBe(true);
      expect(await counters.get('cap:lnk_a:1')).toBeNull();
    });
  });
});

/** Two limiters (as two instances would be) sharing one store. */
describe.each(STORE_KINDS)('the shared plan limiter on %s', (kind) => {
  let opened: OpenedStore | undefined;
  afterEach(async () => {
    await opened?.dispose();
    opened = undefined;
  });

  async function twoInstances(): Promise<[SharedRateLimiter, SharedRateLimiter]> {
    opened = await openStore(kind);
    const second: Repositories = kind === 'mongodb' ? await opened.again() : opened.repos;
    return [new SharedRateLimiter(opened.repos.counters), new SharedRateLimiter(second.counters)];
  }

  const t0 = 1_800_000_000_000;

  it('admits exactly the limit from a burst of 300 spread over two instances, then refuses with the wait', async () => {
    const [a, b] = await twoInstances();
    const burst = Array.from({ length: 300 }, (_, i) => (i % 2 === 0 ? a : b).take('wsp_burst', 100, 1, t0 + Math.floor(i / 10)));
    const decisions = await Promise.all(burst);
    expect(decisions.filter((d) => d.allowed)).toHaveLength(100);
    for (const d of decisions.filter((x) => !x.allowed)) {
      expect(d).toMatchObject({ limit: 100, remaining: 0 });
      // Retry-After: by then a chain is surely free (claims free 60-61 s after they are made).
      expect(d.resetSeconds).toBeGreaterThanOrEqual(59);
      expect(d.resetSeconds).toBeLessThanOrEqual(61);
    }
    // Still refused a minute on (a chain frees 60-61 s after its claim), admitted again after.
    expect((await a.take('wsp_burst', 100, 1, t0 + 30_000)).allowed).toBe(false);
    expect((await b.take('wsp_burst', 100, 1, t0 + 59_999)).allowed).toBe(false);
    const later = await Promise.all(Array.from({ length: 120 }, (_, i) => (i % 2 === 0 ? b : a).take('wsp_burst', 100, 1, t0 + 61_000)));
    expect(later.filter((d) => d.allowed)).toHaveLength(100);
  });

  it('never admits more than the limit in any rolling 60 s with two instances taking turns, and admits close to it', async () => {
    const [a, b] = await twoInstances();
    const admitted: number[] = [];
    // A request every 500 ms for 3 minutes (alternating instances), limit 20.
    for (let t = 0; t < 180_000; t += 500) {
      if ((await (t % 1000 === 0 ? a : b).take('wsp_stream', 20, 1, t0 + t)).allowed) admitted.push(t);
    }
    for (const end of admitted) expect(admitted.filter((t) => t > end - 60_000 && t <= end).length).toBeLessThanOrEqual(20);
    expect(admitted.length).toBeGreaterThanOrEqual(3 * 20);
    // 360 takes in sequence, each a few store round trips: on FerretDB under a full test run, over 30 s.
  }, 120_000);

  it('gives a claim back to every instance, and keeps a 15-minute window on one-minute slots', async () => {
    opened = await openStore(kind);
    const second: Repositories = kind === 'mongodb' ? await opened.again() : opened.repos;
    const opts = { windowMs: 15 * 60_000, slotMs: 60_000 };
    const [a, b] = [new SharedRateLimiter(opened.repos.counters, opts), new SharedRateLimiter(second.counters, opts)];
    const tries = await Promise.all(Array.from({ length: 30 }, (_, i) => (i % 2 === 0 ? a : b).claim('signin:x', 10, 1, t0 + i)));
    const held = tries.filter((t) => t.claim !== null);
    expect(held).toHaveLength(10);
    expect((await b.claim('signin:x', 10, 1, t0 + 14 * 60_000)).claim).toBeNull();
    // Given back by one instance: free in the store at once (another instance tries it again once the slot turns).
    const owner = tries.indexOf(held[0]!) % 2 === 0 ? a : b;
    const other = owner === a ? b : a;
    await owner.giveBack(held[0]!.claim!);
    expect((await owner.claim('signin:x', 10, 1, t0 + 100)).claim).not.toBeNull();
    expect((await other.claim('signin:x', 10, 1, t0 + 60_000)).claim).toBeNull();
    // 15 to 16 minutes after the claims, their chains are free again.
    const later = await Promise.all(Array.from({ length: 12 }, (_, i) => (i % 2 === 0 ? b : a).claim('signin:x', 10, 1, t0 + 16 * 60_000 + i)));
    expect(later.filter((t) => t.claim !== null)).toHaveLength(10);
  });

  it('charges a cost of several units all or nothing, and keeps keys apart', async () => {
    const [a, b] = await twoInstances();
    expect((await a.take('wsp_cost', 5, 3, t0)).allowed).toBe(true);
    expect(await b.take('wsp_cost', 5, 3, t0 + 1)).toMatchObject({ allowed: false });
    expect(await b.take('wsp_cost', 5, 2, t0 + 2)).toMatchObject({ allowed: true, remaining: 0 });
    expect((await a.take('wsp_cost', 5, 1, t0 + 3)).allowed).toBe(false);
    expect((await a.take('wsp_other', 5, 5, t0 + 3)).allowed).toBe(true);
  });
});
