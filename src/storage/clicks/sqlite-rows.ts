import type { SqliteConnection } from '../sqlite/connection.js';
import { eachCount, HOUR_MS, type HourCounts } from './repository.js';

/** A part of one flush, as a JSON array of open-hour rows (cheap to hand to a worker thread, and to SQLite's json_each). */
export interface FlushChunk {
  /** Unique per chunk and flush: a chunk applied once is skipped when sent again. */
  id: string;
  /** [link, hour, workspace, clicks, bots, {"dim:value": n}][] */
  rows: string;
}

/**
 * Link-hours per chunk, each chunk one transaction: large enough that rows sharing a page are
 * written once (measured: 500-row transactions cost the writer thread ~40% more than 2,000-row ones
 * on the redirect bench), short enough (~10-20 ms) that writers on the main connection never wait long.
 */
const CHUNK = 4000;
/** Link-hours encoded between two turns of the event loop (each turn well under a millisecond). */
const SLICE = 500;

/** Encode a flush in chunks, yielding to the event loop every SLICE link-hours (a large flush never blocks it for long). */
export async function encodeFlush(id: string, hours: readonly HourCounts[]): Promise<FlushChunk[]> {
  const out: FlushChunk[] = [];
  for (let i = 0; i < hours.length; i += CHUNK) {
    const rows: string[] = [];
    for (let j = i; j < Math.min(i + CHUNK, hours.length); j += SLICE) {
      if (j > 0) await new Promise((r) => setImmediate(r));
      for (const h of hours.slice(j, Math.min(j + SLICE, i + CHUNK))) {
        const dims: Record<string, number> = {};
        eachCount(h, (dim, v, n) => {
          dims[`${dim}:${v}`] = n;
        });
        rows.push(JSON.stringify([h.linkId, h.hour, h.workspaceId, h.clicks, h.bots, JSON.stringify(dims)]));
      }
    }
    out.push({ id: `${id}:${out.length}`, rows: `[${rows.join(',')}]` });
  }
  return out;
}

const PRUNE_EVERY = 256;
const REMEMBER_MS = 86_400_000;

/**
 * The writes of the clicks repository on one connection (the writer thread's, or the main one for
 * `:memory:`): flush chunks into the open hours, and closing hours into per-dimension rows.
 */
export function clickWriter(conn: SqliteConnection) {
  const seen = conn.stmt('INSERT OR IGNORE INTO click_flushes (id, at) VALUES (?, ?)');
  const prune = conn.stmt('DELETE FROM click_flushes WHERE at < ?');
  // The loop over a chunk's rows runs inside SQLite; adding to an existing link-hour is one row update.
  const upsert = conn.stmt(
    `INSERT INTO click_hours (link_id, hour, workspace_id, clicks, bots, dims)
       SELECT value->>0, value->>1, value->>2, value->>3, value->>4, value->>5 FROM json_each(?) WHERE true
       ON CONFLICT DO UPDATE SET clicks = clicks + excluded.clicks, bots = bots + excluded.bots, dims = lsk_add_counts(dims, excluded.dims)`,
  );
  const closeRows = conn.stmt(
    `INSERT INTO click_rollups (link_id, hour, dim, value, workspace_id, n)
       SELECT * FROM (
         SELECT link_id, hour, 'clicks', '', workspace_id, clicks FROM click_hours WHERE hour < @before AND clicks > 0
         UNION ALL SELECT link_id, hour, 'bots', '', workspace_id, bots FROM click_hours WHERE hour < @before AND bots > 0
         UNION ALL SELECT h.link_id, h.hour, substr(d.key, 1, instr(d.key, ':') - 1), substr(d.key, instr(d.key, ':') + 1), h.workspace_id, d.value
           FROM click_hours h, json_each(h.dims) d WHERE h.hour < @before
       ) WHERE true
       ON CONFLICT DO UPDATE SET n = n + excluded.n`,
  );
  const closeTotals = conn.stmt(
    `INSERT INTO click_totals (link_id, workspace_id, clicks, bots)
       SELECT link_id, workspace_id, sum(clicks), sum(bots) FROM click_hours WHERE hour < ? GROUP BY link_id
       ON CONFLICT DO UPDATE SET clicks = clicks + excluded.clicks, bots = bots + excluded.bots`,
  );
  const dropClosed = conn.stmt('DELETE FROM click_hours WHERE hour < ?');
  let applied = 0;
  return {
    flush(chunks: readonly FlushChunk[]): void {
      for (const c of chunks) {
        conn.tx(() => {
          const now = Date.now();
          if (seen.run(c.id, now).changes === 0) return; // applied before (a retry)
          upsert.run(c.rows);
          if (++applied % PRUNE_EVERY === 0) prune.run(now - REMEMBER_MS);
        });
      }
    },
    /** Move the hours before the previous one (at `nowMs`) out of the open rows, in one transaction. */
    closeHours(nowMs: number): void {
      const before = nowMs - (nowMs % HOUR_MS) - HOUR_MS;
      conn.tx(() => {
        closeRows.run({ before });
        closeTotals.run(before);
        dropClosed.run(before);
      });
    },
  };
}

export type ClickWriterOps = ReturnType<typeof clickWriter>;
