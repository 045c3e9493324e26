/** A large flush on SQLite: encoded in slices, written chunk by chunk in short transactions (parts), each part exactly once even when the flush fails part-way and is retried. */
import { afterEach, describe, expect, it } from 'vitest';
import { newId } from '../../src/domain/ids.js';
import { byLinkGroup, decodeChunk, FLUSH_CHUNK, flushChunks } from '../../src/storage/clicks/flush-chunks.js';
import type { ClickBatch, ClickEvent, HourCounts } from '../../src/storage/clicks/repository.js';
import { SqliteClicks } from '../../src/storage/clicks/sqlite.js';
import { FLUSH_PART } from '../../src/storage/clicks/sqlite-flush.js';
import { SqliteConnection } from '../../src/storage/sqlite/connection.js';
import { batchOf, hc, keyOf } from '../contract/_harness.js';

const HOUR = Date.parse('2026-11-26T10:00:00Z');
const N = 2 * FLUSH_CHUNK + 1000;

function bigBatch(ws: string): { batch: ClickBatch; links: string[] } {
  const links = Array.from({ length: N }, (_, i) => `lnk_big${i}`);
  const hours: HourCounts[] = links.map((l, i) => hc(l, ws, HOUR, [[{ country: i % 2 ? 'DE' : 'FR' }, 1 + (i % 3)]]));
  return { batch: batchOf(hours, true), links };
}

describe('flush chunks', () => {
  it('encodes link-hours and events into chunks of FLUSH_CHUNK with stable ids, letting the event loop turn meanwhile', async () => {
    const { batch } = bigBatch('wsp_a');
    let turned = false;
    setImmediate(() => {
      turned = true;
    });
    const chunks = [];
    for await (const c of flushChunks('w.1', batch.hours, batch.events)) {
      if (chunks.length === 0) expect(turned).toBe(true);
      chunks.push(c);
    }
    // Events (one per click, 1-3 per link-hour) outnumber link-hours: chunk i holds the i-th FLUSH_CHUNK of each.
    const parts = Math.ceil(batch.events.length / FLUSH_CHUNK);
    expect(parts).toBeGreaterThan(3);
    expect(chunks.map((c) => c.id)).toEqual(Array.from({ length: parts }, (_, i) => `w.1:${i}`));
    const decoded = chunks.map(decodeChunk);
    expect(decoded.map((d) => d.rows.length)).toEqual([FLUSH_CHUNK, FLUSH_CHUNK, 1000, ...Array(parts - 3).fill(0)]);
    expect(decoded.flatMap((d) => d.events).length).toBe(batch.events.length);
    const first = batch.hours[FLUSH_CHUNK]!;
    expect(decoded[1]!.rows[0]).toEqual([first.linkId, first.hour, first.workspaceId, first.clicks, first.bots, Object.fromEntries(first.combos)]);
    const ev: ClickEvent = batch.events.at(-1)!;
    expect(decoded.flatMap((d) => d.events).at(-1)).toEqual([ev.at, ev.linkId, ev.workspaceId, ev.combo]);
    // A combination key (and a workspace id) is spelled out once per chunk, however many link-hours and events use it.
    const key = [...first.combos.keys()][0]!;
    const text = new TextDecoder().decode(chunks[1]!.data);
    expect(text.split(JSON.stringify(key)).length - 1).toBe(1);
    expect(text.split(JSON.stringify(first.workspaceId)).length - 1).toBe(1);
  });
});

describe('link-hours grouped by link id', () => {
  it('puts random link ids into chunks by their first character after the prefix, each group in its given order, the same way every time', async () => {
    const hours = Array.from({ length: 2 * FLUSH_CHUNK }, (_, i) => hc(newId('lnk'), 'wsp_a', HOUR + (i % 2) * 3_600_000, [[{ country: 'DE' }, 1]]));
    const grouped = await byLinkGroup(hours);
    const first = (h: HourCounts) => h.linkId.charAt(4);
    expect(new Set(grouped)).toEqual(new Set(hours));
    expect(grouped.map(first)).toEqual(hours.map(first).sort());
    for (const c of new Set(hours.map(first))) expect(grouped.filter((h) => first(h) === c)).toEqual(hours.filter((h) => first(h) === c));
    const ids = async () => {
      const out: string[][] = [];
      for await (const c of flushChunks('w.2', hours, [])) out.push(decodeChunk(c).rows.map((r) => r[0]));
      return out;
    };
    const chunks = await ids();
    expect(chunks.map((c) => c.length)).toEqual([FLUSH_CHUNK, FLUSH_CHUNK]);
    // The first chunk holds the lower half of the first characters, the second the upper half.
    expect(chunks[0]!.at(-1)!.charAt(4) <= chunks[1]![0]!.charAt(4)).toBe(true);
    expect(await ids()).toEqual(chunks);
    // Ids without a spread after the prefix (all in one group) keep their order.
    const same = hours.map((h, i) => ({ ...h, linkId: `lnk_b${i}` }));
    expect(await byLinkGroup(same)).toEqual(same);
  });
});

describe('a large flush on SQLite', () => {
  let conn: SqliteConnection | undefined;
  afterEach(() => {
    conn?.db.close();
    conn = undefined;
  });

  it('writes every part once: a part that fails is written on the retry, the parts written before are not written again', async () => {
    conn = new SqliteConnection(':memory:');
    conn.migrate();
    const clicks = new SqliteClicks(conn);
    await clicks.init();
    const { batch, links } = bigBatch('wsp_b');
    // A real failure inside the second part of the second chunk (the database refuses one row).
    expect(FLUSH_CHUNK / FLUSH_PART).toBeGreaterThan(2);
    const failing = links[FLUSH_CHUNK + FLUSH_PART + 10]!;
    conn.db.exec(`CREATE TEMP TRIGGER refuse BEFORE INSERT ON click_open WHEN NEW.link_id = '${failing}' BEGIN SELECT RAISE(ABORT, 'refused'); END`);
    await expect(clicks.record(batch)).rejects.toThrow('refused');
    const expected = (l: string, i: number) => [l, { clicks: 1 + (i % 3), bots: 0 }] as const;
    const after = await clicks.totals('wsp_b', links);
    // The first and third chunks were written, and the second's first part; its failed part and
    // the parts after it (the chunk's job stopped there) left nothing.
    expect(after.get(links[0]!)).toEqual(expected(links[0]!, 0)[1]);
    expect(after.get(links[2 * FLUSH_CHUNK]!)).toEqual(expected(links[2 * FLUSH_CHUNK]!, 2 * FLUSH_CHUNK)[1]);
    expect(after.get(links[FLUSH_CHUNK]!)).toEqual(expected(links[FLUSH_CHUNK]!, FLUSH_CHUNK)[1]);
    expect(after.has(links[FLUSH_CHUNK + FLUSH_PART]!)).toBe(false);
    expect(after.size).toBe(N - FLUSH_CHUNK + FLUSH_PART);
    conn.db.exec('DROP TRIGGER refuse');
    await clicks.record(batch);
    expect(await clicks.totals('wsp_b', links)).toEqual(new Map(links.map(expected)));
    const events = Number(conn.db.prepare('SELECT count(*) AS n FROM click_events').pluck().get());
    expect(events).toBe(batch.events.length);
  }, 60_000);

  it('writes random link ids exactly once across a failed part and its retry, and a combination interned in the failed part is not reused for another', async () => {
    conn = new SqliteConnection(':memory:');
    conn.migrate();
    const clicks = new SqliteClicks(conn);
    await clicks.init();
    const links = Array.from({ length: FLUSH_CHUNK + 500 }, () => newId('lnk'));
    const hours = links.map((l, i) => hc(l, 'wsp_c', HOUR, [[{ country: i % 2 ? 'AT' : 'CH' }, 1 + (i % 3)]]));
    const batch = batchOf(hours, true);
    // The row refused is the first one of the first part: its combinations were interned in that transaction.
    const failing = [...links].sort()[0]!;
    conn.db.exec(`CREATE TEMP TRIGGER refuse BEFORE INSERT ON click_open WHEN NEW.link_id = '${failing}' BEGIN SELECT RAISE(ABORT, 'refused'); END`);
    await expect(clicks.record(batch)).rejects.toThrow('refused');
    conn.db.exec('DROP TRIGGER refuse');
    // Another combination interned meanwhile takes the lowest free id, which the failed part had used.
    await clicks.record(batchOf([hc(links[0]!, 'wsp_c', HOUR, [[{ country: 'JP' }, 1]])], true));
    await clicks.record(batch);
    const expected = new Map(links.map((l, i) => [l, { clicks: 1 + (i % 3) + (i === 0 ? 1 : 0), bots: 0 }] as const));
    expect(await clicks.totals('wsp_c', links)).toEqual(expected);
    const countries = conn.db
      .prepare(
        'SELECT c.key AS key, count(*) AS n FROM click_events e JOIN click_combos c ON c.workspace_id = e.workspace_id AND c.id = e.combo GROUP BY c.key',
      )
      .all() as { key: string; n: number }[];
    const byCountry = (country: string) => countries.find((r) => r.key === keyOf({ country }))?.n;
    const want = (odd: number) => hours.filter((_, i) => i % 2 === odd).reduce((n, h) => n + h.clicks, 0);
    expect(countries).toHaveLength(3);
    expect(byCountry('JP')).toBe(1);
    expect(byCountry('AT')).toBe(want(1));
    expect(byCountry('CH')).toBe(want(0));
  }, 60_000);
});
