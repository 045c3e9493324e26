/** A flush of visit records on SQLite (docs/adr/0196): sent in chunks, each counted by the writer and written in parts, each part exactly once. */
import { afterEach, describe, expect, it } from 'vitest';
import { newId } from '../../src/domain/ids.js';
import type { VisitRecords } from '../../src/storage/clicks/repository.js';
import { SqliteClicks } from '../../src/storage/clicks/sqlite.js';
import { FLUSH_PART } from '../../src/storage/clicks/sqlite-flush.js';
import { clickWriter } from '../../src/storage/clicks/sqlite-writes.js';
import { VISIT_CHUNK, VISIT_NUMS, type VisitChunk, visitChunks, visitStrings } from '../../src/storage/clicks/visit-wire.js';
import { SqliteConnection } from '../../src/storage/sqlite/connection.js';
import { keyOf } from '../contract/_harness.js';

const HOUR = Date.parse('2026-11-26T10:00:00Z');

/** Visits of these links, 1-3 each (the i-th link's are `1 + i % 3`), in the reverse of the links' order; every third visit a bot's. */
function records(links: readonly string[], ws = 'wsp_v'): VisitRecords {
  const out = { at: [] as number[], linkIds: [] as string[], workspaceIds: [] as string[], keys: [] as string[], events: [] as number[] };
  let n = 0;
  for (let i = links.length - 1; i >= 0; i--) {
    for (let j = 0; j <= i % 3; j++) {
      const bot = n++ % 3 === 2;
      out.at.push(HOUR + n);
      out.linkIds.push(links[i]!);
      out.workspaceIds.push(ws);
      out.keys.push(keyOf({ bot, country: i % 2 ? 'DE' : 'FR' }));
      out.events.push(bot ? 0 : 1);
    }
  }
  return out;
}

const sum = (xs: ArrayLike<number>) => Array.from(xs).reduce((s, x) => s + x, 0);

describe('visit records to the SQLite writer', () => {
  let conn: SqliteConnection | undefined;
  afterEach(() => {
    conn?.db.close();
    conn = undefined;
  });
  const open = async () => {
    conn = new SqliteConnection(':memory:');
    conn.migrate();
    const clicks = new SqliteClicks(conn);
    await clicks.init();
    return { clicks, conn };
  };

  it('encodes a flush in chunks of VISIT_CHUNK by ranges of link ids, each visit once, keys and workspaces once per chunk, no events when they are off', async () => {
    const links = Array.from({ length: 5000 }, (_, i) => `lnk_${i}`);
    const v = records(links);
    const chunks: VisitChunk[] = [];
    for await (const c of visitChunks('f.1', v, true)) chunks.push(c);
    expect(chunks.map((c) => [c.flush, c.index, c.nums.length / VISIT_NUMS])).toEqual([
      ['f.1', 0, VISIT_CHUNK],
      ['f.1', 1, VISIT_CHUNK],
      ['f.1', 2, v.at.length - 2 * VISIT_CHUNK],
    ]);
    const s = visitStrings(chunks[1]!);
    expect(s.w).toEqual(['wsp_v']);
    expect(s.k).toHaveLength(4);
    // Every visit once, with its own facts (a visit's time is unique here: it names the visit).
    const byAt = new Map(Array.from(v.at, (at, i) => [at, i]));
    const seen: number[] = [];
    const linksInOrder: string[][] = [];
    for (const c of chunks) {
      const cs = visitStrings(c);
      linksInOrder.push(cs.l);
      for (let j = 0; j < cs.l.length; j++) {
        const i = byAt.get(c.nums[j * VISIT_NUMS]!)!;
        expect([cs.l[j], cs.k[c.nums[j * VISIT_NUMS + 2]!], c.nums[j * VISIT_NUMS + 3]]).toEqual([v.linkIds[i], v.keys[i], v.events[i]]);
        seen.push(i);
      }
    }
    expect(seen.sort((a, b) => a - b)).toEqual(Array.from(v.at, (_, i) => i));
    // Each chunk covers a range of link ids, not the whole: the flush's visits inside a chunk's
    // span are about a chunk's (in the order of the visits, every chunk would span nearly all).
    for (const l of linksInOrder) {
      const [lo, hi] = [l.reduce((a, b) => (a < b ? a : b)), l.reduce((a, b) => (a > b ? a : b))];
      expect(v.linkIds.filter((x) => x >= lo && x <= hi).length).toBeLessThan(2 * VISIT_CHUNK);
    }
    // Within a chunk, one link's visits keep their order.
    for (const [k, c] of chunks.entries()) {
      const last = new Map<string, number>();
      linksInOrder[k]!.forEach((l, j) => {
        expect(c.nums[j * VISIT_NUMS]!).toBeGreaterThan(last.get(l) ?? 0);
        last.set(l, c.nums[j * VISIT_NUMS]!);
      });
    }
    // The same records give the same chunks (a retry's parts are the same parts).
    const again: VisitChunk[] = [];
    for await (const c of visitChunks('f.1', v, true)) again.push(c);
    expect(again.map((c) => [Buffer.from(c.text).toString(), [...c.nums]])).toEqual(chunks.map((c) => [Buffer.from(c.text).toString(), [...c.nums]]));
    // A flush of one chunk keeps the order of the visits.
    const small = records(links.slice(0, 100));
    for await (const c of visitChunks('f.3', small, true)) expect(visitStrings(c).l).toEqual(small.linkIds);
    for await (const c of visitChunks('f.2', v, false)) expect(c.nums.filter((_, j) => j % VISIT_NUMS === 3).every((e) => e === 0)).toBe(true);
  });

  it("counts a flush of several chunks into link-hours, commits no event before its link-hour's row, and writes each part once across a failure and its retry", async () => {
    const { clicks, conn } = await open();
    const links = Array.from({ length: 5000 }, () => newId('lnk'));
    const v = records(links);
    expect(v.at.length).toBeGreaterThan(2 * VISIT_CHUNK);
    conn.db.exec(`CREATE TEMP TRIGGER event_after_row BEFORE INSERT ON click_events
      WHEN NOT EXISTS (SELECT 1 FROM click_open WHERE workspace_id = NEW.workspace_id AND link_id = NEW.link_id AND hour = NEW.at - NEW.at % 3600000 AND clicks > 0)
      BEGIN SELECT RAISE(ABORT, 'an event before its link-hour'); END`);
    // A real failure in the third part of the first chunk's link-hours (in key order): that chunk's
    // parts before it are written, its later parts are not, and the other chunks are written whole.
    const firstChunk = (await visitChunks('any', v, true).next()).value as VisitChunk;
    const first = new Set(visitStrings(firstChunk).l);
    const inFirst = [...first].sort();
    const failing = inFirst[2 * FLUSH_PART + 7]!;
    conn.db.exec(`CREATE TEMP TRIGGER refuse BEFORE INSERT ON click_open WHEN NEW.link_id = '${failing}' BEGIN SELECT RAISE(ABORT, 'refused'); END`);
    const batch = { hours: [], events: [], visits: v };
    await expect(clicks.record(batch)).rejects.toThrow('refused');
    const after = await clicks.totals('wsp_v', links);
    expect(inFirst.slice(0, 2 * FLUSH_PART).every((l) => after.has(l))).toBe(true);
    expect(after.has(failing)).toBe(false);
    const laterOnly = links.filter((l) => !first.has(l));
    expect(laterOnly.every((l) => after.has(l))).toBe(true);
    // No event of the first chunk (its events come after all its link-hours); the other chunks' all.
    const firstEvents = sum([...firstChunk.nums].filter((_, j) => j % VISIT_NUMS === 3));
    expect(Number(conn.db.prepare('SELECT count(*) FROM click_events').pluck().get())).toBe(sum(v.events) - firstEvents);
    conn.db.exec('DROP TRIGGER refuse');
    await clicks.record(batch);
    await clicks.record(batch); // once more: every part skipped
    const want = new Map(links.map((l) => [l, { clicks: 0, bots: 0 }]));
    for (let i = 0; i < v.at.length; i++) {
      const t = want.get(v.linkIds[i]!)!;
      if (v.keys[i]!.startsWith('b')) t.bots++;
      else t.clicks++;
    }
    expect(await clicks.totals('wsp_v', links)).toEqual(want);
    expect(Number(conn.db.prepare('SELECT count(*) FROM click_events').pluck().get())).toBe(sum(v.events));
    expect(Number(conn.db.prepare('SELECT count(*) FROM click_open').pluck().get())).toBe(links.length);
  }, 60_000);

  it('writes two flushes whose chunks interleave (two recorders on one store), each chunk on its own', async () => {
    const { clicks, conn } = await open();
    const ops = clickWriter(conn);
    const a = Array.from({ length: 3000 }, (_, i) => `lnk_a${i}`);
    const b = Array.from({ length: 3000 }, (_, i) => `lnk_b${i}`);
    const chunksOf = async (id: string, links: string[]) => {
      const out: VisitChunk[] = [];
      for await (const c of visitChunks(id, records(links), true)) out.push(c);
      return out;
    };
    const [ca, cb] = [await chunksOf('f.a', a), await chunksOf('f.b', b)];
    for (let i = 0; i < Math.max(ca.length, cb.length); i++) {
      if (ca[i]) ops.flushVisits(ca[i]!);
      if (cb[i]) ops.flushVisits(cb[i]!);
    }
    const totals = await clicks.totals('wsp_v', [...a, ...b]);
    expect(totals.size).toBe(a.length + b.length);
    expect(sum([...totals.values()].map((t) => t.clicks + t.bots))).toBe(records(a).at.length + records(b).at.length);
    expect(Number(conn.db.prepare('SELECT count(*) FROM click_events').pluck().get())).toBe(sum(records(a).events) + sum(records(b).events));
  });
});
