/**
 * Destination health on two lsk processes sharing one MongoDB (FerretDB, which is not atomic): every
 * check is claimed by a unique insert, so each due link is checked by exactly one instance, round
 * after round. Time moves through LSK_TEST_CLOCK_FILE (a whole interval at once), not by waiting; real
 * time passes too, so the test counts each link's due times up to the servers' clock. A link whose next
 * due time falls seconds after a jump is checked twice within them, the second answered by the probe
 * cache: its page is then requested once less than it was due, for good, so the test asks that each
 * link's latest due time was checked (its `checked_at`), and bounds the checks made by the due times.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nextCheckAt } from '../../src/health/schedule.js';
import { startTargets, type Targets } from '../support/health-targets.js';
import { client, freshDatabaseUrl, type Lsk, startLsk } from '../support/server.js';
import { waitFor } from '../support/wait-for.js';

const LINKS = 40;
const HOUR = 3_600_000;
/** How many due times from `first` on, one an hour, the clock has reached at `at`. */
const dues = (first: number, at: number) => (at < first ? 0 : Math.floor((at - first) / HOUR) + 1);
/** The latest of those due times (when there is one). */
const lastDue = (first: number, at: number) => first + (dues(first, at) - 1) * HOUR;

describe('health checks on two instances sharing one MongoDB', () => {
  let a: Lsk;
  let b: Lsk;
  let targets: Targets;
  let dir: string;
  let clockFile: string;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'lsk-clock-'));
    clockFile = join(dir, 'offset');
    writeFileSync(clockFile, '0');
    targets = await startTargets();
    const db = freshDatabaseUrl('mongodb');
    const env = { LSK_TEST_CLOCK_FILE: clockFile, LSK_HEALTH_INTERVAL_H: '1', LSK_HEALTH_ALLOW_PRIVATE: '127.0.0.1/32' };
    a = await startLsk('mongodb', { databaseUrl: db.url, env });
    b = await startLsk('mongodb', { databaseUrl: db.url, env });
  });
  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await targets?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  /**
   * Checks made by one instance, by outcome, and how many of them were answered by a probe of the same
   * URL made lately (the probe cache): a link due twice within minutes of the servers' clock, as the
   * hour-long jumps of this test make happen, is checked twice but its page is requested once.
   */
  const made = async (lsk: Lsk) => {
    const text = await (await fetch(`${lsk.base}/metrics`)).text();
    const count = (name: string) => Number(new RegExp(`^${name} (\\d+)$`, 'm').exec(text)?.[1] ?? 0);
    return { ok: count('lsk_health_checks_ok_total'), failed: count('lsk_health_checks_failed_total'), shared: count('lsk_health_checks_shared_total') };
  };

  it('checks each link exactly once per interval, whichever instance claims it', async () => {
    const api = client(a.base, await a.workspace('leases', ['--rpm', '100000']));
    // Each link is due at its own phase in the hour (src/health/schedule.ts), first after its creation,
    // so one may come due while the test runs in real time: the test counts due times, not rounds.
    const links: { id: string; path: string; early: number; late: number }[] = [];
    for (let i = 0; i < LINKS; i++) {
      const before = Date.now();
      const created = await api('POST', '/v1/links', { destination: `${targets.base}/page-${i}` });
      expect(created.status).toBe(201);
      // The first due time, as scheduled at some instant of the request (the two differ only if the phase fell within it).
      links.push({
        id: created.body.id,
        path: `/page-${i}`,
        early: nextCheckAt(created.body.id, before, HOUR),
        late: nextCheckAt(created.body.id, Date.now(), HOUR),
      });
    }
    const hit = (path: string) => targets.hits.get(path) ?? 0;
    /** When each link was last checked, by the servers' clock, as the API shows it. */
    const lastChecks = async () => {
      const page = await api('GET', '/v1/links?limit=100');
      const checked = (l: { destination_health: { checked_at: string | null } }) => Date.parse(l.destination_health.checked_at ?? '') || 0;
      return new Map<string, number>(page.body.data.map((l: { id: string; destination_health: { checked_at: string | null } }) => [l.id, checked(l)]));
    };

    for (let round = 0; round <= 2; round++) {
      writeFileSync(clockFile, String(round * HOUR));
      const from = Date.now() + round * HOUR; // the servers' time as the round starts
      const settled = await waitFor(
        async () => {
          const [x, y] = await Promise.all([made(a), made(b)]);
          const checkedAt = await lastChecks();
          return {
            // links whose latest due time as the round started has no check made at or after it
            unchecked: links.filter((l) => dues(l.late, from) > 0 && (checkedAt.get(l.id) ?? 0) < lastDue(l.late, from)).map((l) => l.path),
            made: x.ok + x.failed + y.ok + y.failed,
            failed: x.failed + y.failed,
            shared: x.shared + y.shared,
            hits: links.reduce((n, l) => n + hit(l.path), 0),
          };
        },
        // every check made either requested its page or was answered by the probe cache
        (v) => v.unchecked.length === 0 && v.made === v.hits + v.shared,
        // 40 checks paced 250 ms apart on one host, each a few FerretDB writes: minutes on a loaded machine.
        { timeout: 120_000, interval: 250 },
      );
      const to = Date.now() + round * HOUR;
      // No page requested more often than its link was due by now (one falling due meanwhile may be
      // checked or not yet): a check made by both instances shows as a page over. A failure lists
      // each page over, and both logs' warnings.
      const over = Object.fromEntries(links.filter((l) => hit(l.path) > dues(l.early, to)).map((l) => [l.path, hit(l.path)]));
      const warnings = [a, b].flatMap((x) =>
        x
          .output()
          .split('\n')
          .filter((l) => /"level":(40|50)/.test(l)),
      );
      expect({ ...settled, over }, warnings.join('\n').slice(0, 4000)).toEqual({
        unchecked: [],
        made: settled.hits + settled.shared,
        failed: 0,
        shared: settled.shared,
        hits: settled.hits,
        over: {},
      });
      // Each round after the first moves every link's latest due time on by an interval: a check each.
      expect(settled.made).toBeGreaterThanOrEqual(round * LINKS);
      // No due time checked twice, by one instance or both (a second check of one instance would be
      // answered by its probe cache, so the pages' hits alone could not tell).
      expect(settled.made).toBeLessThanOrEqual(links.reduce((n, l) => n + dues(l.early, to), 0));
    }
    const views = await api('GET', '/v1/links?limit=100');
    expect(views.body.data.every((l: { destination_health: { status: string } }) => l.destination_health.status === 'ok')).toBe(true);
  }, 300_000);
});
