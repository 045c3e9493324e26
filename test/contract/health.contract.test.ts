/** Destination-health jobs, check claims and link states, on both stores. */
import { describe, expect, it } from 'vitest';
import type { HealthJob, HealthState } from '../../src/storage/health/repository.js';
import { at, describeStores } from './_harness.js';

const job = (linkId: string, dueS: number, over: Partial<HealthJob> = {}): HealthJob => ({
  id: `${linkId}:k1:${at(dueS).getTime()}`,
  linkId,
  workspaceId: 'wsp_1',
  targetsKey: 'k1',
  dueAt: at(dueS),
  ...over,
});

const state = (linkId: string, over: Partial<HealthState> = {}): HealthState => ({
  linkId,
  workspaceId: 'wsp_1',
  targetsKey: 'k1',
  status: 'ok',
  httpStatus: 200,
  checkedAt: at(1),
  failures: 0,
  error: null,
  failedUrl: null,
  ...over,
});

describeStores('health repository', (store) => {
  describe('jobs', () => {
    it('schedules a job once and answers the due ones, earliest first', async () => {
      const { health } = store();
      expect(await health.schedule(job('lnk_a', 30))).toBe(true);
      expect(await health.schedule(job('lnk_a', 30))).toBe(false);
      expect(await health.schedule(job('lnk_b', 10))).toBe(true);
      expect(await health.schedule(job('lnk_c', 90))).toBe(true);
      expect(await health.jobCount()).toBe(3);
      expect(await health.scheduleMany([job('lnk_a', 30), job('lnk_d', 40), job('lnk_e', 50)])).toBe(2);
      expect(await health.scheduleMany([])).toBe(0);
      expect(await health.jobCount()).toBe(5);
      await health.dropJob(job('lnk_d', 40).id);
      await health.dropJob(job('lnk_e', 50).id);
      expect(await health.due(at(60), 10)).toEqual([job('lnk_b', 10), job('lnk_a', 30)]);
      expect(await health.due(at(60), 1)).toEqual([job('lnk_b', 10)]);
      await health.dropJob(job('lnk_b', 10).id);
      expect((await health.due(at(100), 10)).map((j) => j.linkId)).toEqual(['lnk_a', 'lnk_c']);
    });
  });

  describe('claims', () => {
    it('lets one caller win each (job, take), records the finish, and sweeps finished claims', async () => {
      const { health } = store();
      const c = { jobId: 'j1', take: 0, owner: 'a', leaseUntil: at(60) };
      expect(await health.claim(c)).toBe(true);
      expect(await health.claim({ ...c, owner: 'b' })).toBe(false);
      expect(await health.claim({ ...c, take: 1, owner: 'b', leaseUntil: at(120) })).toBe(true);
      await health.finish(c, at(5));
      expect(await health.claims('j1')).toEqual([
        { ...c, finishedAt: at(5) },
        { jobId: 'j1', take: 1, owner: 'b', leaseUntil: at(120), finishedAt: null },
      ]);
      await health.sweepClaims(at(6));
      expect(await health.claims('j1')).toEqual([{ jobId: 'j1', take: 1, owner: 'b', leaseUntil: at(120), finishedAt: null }]);
      expect(await health.claims('j2')).toEqual([]);
    });
  });

  describe('states', () => {
    it('writes, replaces, reads and drops link states; counts and lists the broken ones per workspace', async () => {
      const { health } = store();
      await health.putState(state('lnk_a'));
      await health.putState(state('lnk_b', { status: 'broken', httpStatus: 404, failures: 2, failedUrl: 'https://x.example/', error: 'answered HTTP 404' }));
      await health.putState(state('lnk_c', { workspaceId: 'wsp_2', status: 'broken', httpStatus: null, failures: 3, error: 'no answer within 10 s' }));
      await health.putState(state('lnk_a', { status: 'unknown', httpStatus: null, failures: 1, checkedAt: at(9) }));
      const read = await health.states(['lnk_a', 'lnk_b', 'lnk_zz']);
      expect([...read.keys()].sort()).toEqual(['lnk_a', 'lnk_b']);
      expect(read.get('lnk_a')).toEqual(state('lnk_a', { status: 'unknown', httpStatus: null, failures: 1, checkedAt: at(9) }));
      expect(read.get('lnk_b')?.status).toBe('broken');
      expect(await health.states([])).toEqual(new Map());
      expect(await health.brokenIds('wsp_1')).toEqual(['lnk_b']);
      expect(await health.countBroken()).toBe(2);
      await health.dropState('lnk_b');
      expect(await health.brokenIds('wsp_1')).toEqual([]);
      expect(await health.countBroken()).toBe(1);
    });
  });
});
