/**
 * Closing on SQLite in short steps (docs/adr/0179): the link-hours go into the link sheets and, as
 * pending parts, beside the domain and tag sheets; the parts are folded in later. Every read between
 * two of the closing's transactions must answer exactly as the visits say, and a closing stopped
 * half-way (a crash) must be finished by the next start and maintenance, counting nothing twice.
 * A deleted link leaves the same way: its sheets a few per transaction, their share of the domain's
 * and tags' sheets as pending parts, folded in later.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { bucketStarts } from '../../src/domain/analytics/buckets.js';
import { ManualClock } from '../../src/domain/clock.js';
import type { ClickQuery } from '../../src/storage/clicks/repository.js';
import { SqliteClickReads } from '../../src/storage/clicks/sqlite-source.js';
import { clickWriter } from '../../src/storage/clicks/sqlite-writes.js';
import { openRepositories } from '../../src/storage/open.js';
import type { Row } from '../../src/storage/sqlite/connection.js';
import { SqliteConnection } from '../../src/storage/sqlite/connection.js';
import { newWriteGate } from '../../src/storage/sqlite/write-gate.js';
import { ALL_GROUPS, asHours, expected, type Recorded, randomVisits, rng } from './_clicks-reference.js';
import { batchOf, newLink, workspace } from './_harness.js';

const DAY = 86_400_000;
const start = Date.parse('2026-09-28T00:00:00Z');
const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

/** A file store with 60 days closed and three more days of visits still open; returns what the reads need. */
async function seeded(clock: ManualClock) {
  const dir = mkdtempSync(join(tmpdir(), 'lsk-close-steps-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  const file = join(dir, 'lsk.db');
  const repos = await openRepositories(`file:${file}`, { clock });
  await repos.init();
  const ws = (await repos.workspaces.create(workspace())).id;
  const links: string[] = [];
  for (const tags of [['launch', 'social'], ['launch'], ['social'], [], ['launch'], []]) links.push((await repos.links.insert(newLink(ws, { tags }))).id);
  const closed = randomVisits(rng(5), ws, links, start, 60 * 24, 400);
  await repos.clicks.record(batchOf(asHours(closed)));
  await repos.clicks.maintain();
  const open = randomVisits(rng(6), ws, links, start + 60 * DAY, 3 * 24, 320);
  await repos.clicks.record(batchOf(asHours(open)));
  const launch = await repos.links.ids(ws, { tag: 'launch' });
  await repos.close();
  return { file, ws, links, launch, visits: [...closed, ...open] };
}

/** Reads of every kind of sheet (domain, tag, link; by field, by link, filtered, in a time zone) against the reference. */
async function check(reads: SqliteClickReads, s: Awaited<ReturnType<typeof seeded>>, label: string): Promise<void> {
  const [from, to] = [start, start + 64 * DAY];
  const base = { workspaceId: s.ws, from, to };
  const tag = { ...base, linkIds: s.launch, tag: 'launch' };
  const queries: ClickQuery[] = [
    { ...base, groups: [...ALL_GROUPS] },
    { ...base, filter: { country: { in: ['DE'] } }, groups: ['device', 'link'] },
    { ...base, filter: { domain: { in: ['l.example'] } }, buckets: bucketStarts(from, to, 'day', 'Europe/Berlin') },
    { ...base, filter: { browser: { in: ['Safari'] } }, groups: ['link'] },
    { ...tag, groups: ['country', 'link'] },
    { ...tag, buckets: bucketStarts(from, to, 'week', 'Europe/Berlin'), filter: { trigger: { in: ['qr'] } } },
  ];
  for (const q of queries) {
    const { tag: _t, ...plain } = q;
    expect(await reads.query(q), `${label}: ${JSON.stringify(q).slice(0, 160)}`).toEqual(expected(s.visits as Recorded[], plain));
  }
}

const count = (conn: SqliteConnection, table: string) => Number((conn.stmt(`SELECT count(*) AS n FROM ${table}`).get() as Row).n);

describe('SQLite closing in short steps', () => {
  it('answers exactly between any two of its transactions, link steps and folds alike', async () => {
    const clock = new ManualClock(start + 70 * DAY);
    const s = await seeded(clock);
    const conn = new SqliteConnection(s.file);
    cleanups.push(() => conn.close());
    // One sheet folded per transaction, so every fold is a step of its own.
    const ops = clickWriter(conn, { foldBudget: 1 });
    const reads = new SqliteClickReads(conn);
    await check(reads, s, 'before');
    const steps: number[] = [];
    for (const n of ops.closeSteps(clock.now().getTime())) {
      steps.push(n);
      await check(reads, s, `after step ${steps.length} (${n} link-hours)`);
    }
    expect(steps.filter((n) => n > 0).length).toBeGreaterThanOrEqual(2);
    expect(steps.filter((n) => n === 0).length).toBeGreaterThanOrEqual(8);
    expect(count(conn, 'click_open')).toBe(0);
    expect(count(conn, 'click_pending_sheets')).toBe(0);
  });

  it('ends a transaction at its next step when the event loop comes to write meanwhile, answering exactly throughout', async () => {
    /** The link-hours each transaction closed (0 for a fold) on a copy of the seed, and the fold transactions. */
    const run = async (eventLoopComes: boolean) => {
      const clock = new ManualClock(start + 70 * DAY);
      const s = await seeded(clock);
      const gate = newWriteGate();
      const conn = new SqliteConnection(s.file, { side: 'writer', gate });
      cleanups.push(() => conn.close());
      if (eventLoopComes) {
        // The event loop comes to write (its count in the gate) whenever a step removes rows it closed or folded.
        conn.db.function('event_loop_comes', () => Atomics.store(gate, 0, 1));
        for (const table of ['click_open', 'click_pending_sheets']) {
          conn.db.exec(`CREATE TEMP TRIGGER comes_${table} AFTER DELETE ON main.${table} BEGIN SELECT event_loop_comes(); END`);
        }
      }
      const reads = new SqliteClickReads(conn);
      const steps: number[] = [];
      for (const n of clickWriter(conn).closeSteps(clock.now().getTime())) {
        steps.push(n);
        // It writes while the writer has let go, before the writer's next transaction.
        Atomics.store(gate, 0, 0);
        if (steps.length % 5 === 0) await check(reads, s, `step ${steps.length}`);
      }
      await check(reads, s, 'closed');
      expect(count(conn, 'click_open')).toBe(0);
      expect(count(conn, 'click_pending_sheets')).toBe(0);
      return { largest: Math.max(...steps), folds: steps.filter((n) => n === 0).length };
    };
    const alone = await run(false);
    const interrupted = await run(true);
    // One step of 10 link-hours per transaction instead of up to 100, and one sheet per fold.
    expect(alone.largest).toBeGreaterThan(10);
    expect(interrupted.largest).toBeLessThanOrEqual(10);
    expect(interrupted.folds).toBeGreaterThan(alone.folds);
  });

  it.each([
    ['after its first link step', 1],
    ['in the middle of its folds', 6],
  ])('stopped %s, is finished by the next start and counts nothing twice', async (_label, stopAfter) => {
    const clock = new ManualClock(start + 70 * DAY);
    const s = await seeded(clock);
    const conn = new SqliteConnection(s.file);
    const ops = clickWriter(conn, { foldBudget: 1 });
    let made = 0;
    for (const _ of ops.closeSteps(clock.now().getTime())) if (++made === stopAfter) break;
    // Stopped there: the process ends with parts pending (and, after the first step, hours still open).
    expect(count(conn, 'click_pending_sheets')).toBeGreaterThan(0);
    conn.close();

    const look = new SqliteConnection(s.file);
    cleanups.push(() => look.close());
    await check(new SqliteClickReads(look), s, 'after the stop');
    const repos = await openRepositories(`file:${s.file}`, { clock });
    cleanups.push(() => repos.close());
    await repos.init();
    await repos.clicks.maintain();
    expect(count(look, 'click_pending_sheets')).toBe(0);
    expect(count(look, 'click_open')).toBe(0);
    await check(new SqliteClickReads(look), s, 'resumed');
    await repos.clicks.maintain();
    await check(new SqliteClickReads(look), s, 'maintained again');
  });
});

/** Clicks by link over the whole window, as a map. */
async function byLink(reads: SqliteClickReads, s: Awaited<ReturnType<typeof seeded>>): Promise<Map<string, number>> {
  const a = await reads.query({ workspaceId: s.ws, from: start, to: start + 64 * DAY, groups: ['link'] });
  return new Map((a.groups.link ?? []).map((g) => [g.key, g.clicks]));
}

describe('SQLite deleted link in short steps', () => {
  /** The seed with its open hours closed, and link 0 (tagged launch and social) to delete. */
  async function closedSeed(clock: ManualClock) {
    const s = await seeded(clock);
    const conn = new SqliteConnection(s.file);
    cleanups.push(() => conn.close());
    const ops = clickWriter(conn, { foldBudget: 1 });
    ops.closeHours(clock.now().getTime());
    const gone = s.links[0]!;
    const after = { ...s, launch: s.launch.filter((l) => l !== gone), visits: s.visits.filter((v) => v.linkId !== gone) };
    return { s, conn, ops, gone, after, full: (await byLink(new SqliteClickReads(conn), s)).get(gone)! };
  }

  it('counts every other link exactly between any two transactions, the deleted one less and less, then not at all', async () => {
    const clock = new ManualClock(start + 70 * DAY);
    const { s, conn, ops, gone, after, full } = await closedSeed(clock);
    const reads = new SqliteClickReads(conn);
    const others = new Map([...(await byLink(reads, s))].filter(([l]) => l !== gone));
    expect(full).toBeGreaterThan(0);
    const tag = { workspaceId: s.ws, from: start, to: start + 64 * DAY, linkIds: after.launch, tag: 'launch', groups: ['country', 'link'] as const };
    let left = full;
    let steps = 0;
    for (const _ of ops.forgetSteps(s.ws, gone)) {
      steps++;
      const now = await byLink(reads, s);
      expect(new Map([...now].filter(([l]) => l !== gone)), `step ${steps}`).toEqual(others);
      const mine = now.get(gone) ?? 0;
      expect(mine).toBeLessThanOrEqual(left);
      left = mine;
      const { tag: _t, ...plain } = tag;
      expect(await reads.query({ ...tag, groups: [...tag.groups] }), `tag, step ${steps}`).toEqual(
        expected(after.visits as Recorded[], { ...plain, groups: [...tag.groups] }),
      );
    }
    expect(steps).toBeGreaterThan(10);
    expect(left).toBe(0);
    expect(count(conn, 'click_pending_sheets')).toBe(0);
    await check(reads, after, 'deleted');
  });

  it('stopped half-way, leaves only whole steps: the next maintenance folds the parts it left, counting nothing twice', async () => {
    const clock = new ManualClock(start + 70 * DAY);
    const { s, conn, ops, gone } = await closedSeed(clock);
    const reads = new SqliteClickReads(conn);
    const others = new Map([...(await byLink(reads, s))].filter(([l]) => l !== gone));
    let made = 0;
    for (const _ of ops.forgetSteps(s.ws, gone)) if (++made === 5) break;
    expect(count(conn, 'click_pending_sheets')).toBeGreaterThan(0);
    const stopped = await byLink(reads, s);
    const repos = await openRepositories(`file:${s.file}`, { clock });
    cleanups.push(() => repos.close());
    await repos.init();
    await repos.clicks.maintain();
    expect(count(conn, 'click_pending_sheets')).toBe(0);
    const folded = await byLink(reads, s);
    expect(folded).toEqual(stopped);
    expect(new Map([...folded].filter(([l]) => l !== gone))).toEqual(others);
  });
});
