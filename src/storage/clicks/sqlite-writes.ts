import type { Row, SqliteConnection } from '../sqlite/connection.js';
import { decodeChunk, type FlushChunk } from './flush-chunks.js';
import type { TagSyncScope } from './repository.js';
import { HOUR_MS } from './repository.js';
import { domainShare, type OpenCell, SheetDeltas } from './sheets.js';
import { migrateLegacyLink } from './sqlite-legacy.js';
import { OpenRows } from './sqlite-open-rows.js';
import { applyDelta, ComboDictionary, sheetOfRow, X_COLUMNS } from './sqlite-sheets.js';
import { addToTagSheets, forgetLinkTags, type SyncStep, syncTagSheets } from './sqlite-tag-sheets.js';

const PRUNE_EVERY = 256;
const REMEMBER_MS = 86_400_000;
/** Open link-hours closed per transaction. */
const CLOSE_CHUNK = 2000;
/** Events deleted per statement by the sweep (short transactions). */
const SWEEP_BATCH = 5000;

/**
 * The writes of the clicks repository on one connection (the writer thread's, or the main one for
 * `:memory:`): flushes into the open hours and the event log, closing hours into the sheets,
 * forgetting links and workspaces, sweeping old events, and moving the rollups of earlier versions.
 */
export function clickWriter(conn: SqliteConnection) {
  const dict = new ComboDictionary(conn);
  const seen = conn.stmt('INSERT OR IGNORE INTO click_flushes (id, at) VALUES (?, ?)');
  const prune = conn.stmt('DELETE FROM click_flushes WHERE at < ?');
  const open = new OpenRows(conn);
  const event = conn.stmt('INSERT INTO click_events (workspace_id, at, link_id, combo) VALUES (?, ?, ?, ?)');
  let applied = 0;

  /** Fold open cells into the sheets (and totals when `totals`), inside the caller's transaction. */
  function fold(cells: OpenCell[], totals: boolean): void {
    const byWorkspace = new Map<string, Set<string>>();
    for (const c of cells) {
      const ids = byWorkspace.get(c.workspaceId) ?? new Set();
      for (const id in c.c) ids.add(id);
      byWorkspace.set(c.workspaceId, ids);
    }
    const facts = new Map([...byWorkspace].flatMap(([ws, ids]) => [...dict.facts(ws, ids)]));
    const deltas = new SheetDeltas((id) => facts.get(id));
    for (const c of cells) deltas.add(c);
    for (const d of deltas.sheets.values()) applyDelta(conn, d);
    addToTagSheets(conn, deltas.sheets.values());
    if (!totals) return;
    const add = conn.stmt(
      `INSERT INTO click_totals (link_id, workspace_id, clicks, bots) VALUES (?, ?, ?, ?)
       ON CONFLICT DO UPDATE SET clicks = clicks + excluded.clicks, bots = bots + excluded.bots`,
    );
    const perLink = new Map<string, [string, number, number]>();
    for (const c of cells) {
      const t = perLink.get(c.linkId) ?? [c.workspaceId, 0, 0];
      t[1] += c.clicks;
      t[2] += c.bots;
      perLink.set(c.linkId, t);
    }
    for (const [link, [ws, clicks, bots]] of perLink) add.run(link, ws, clicks, bots);
  }

  /**
   * Close up to CLOSE_CHUNK open link-hours before `before`, workspace by workspace from `ws` on (in
   * the caller's transaction); returns how many, and the workspace to go on with (null: done).
   */
  function closeChunk(before: number, ws: string | null): { n: number; next: string | null } {
    const { cells, next } = open.closable(before, CLOSE_CHUNK, ws);
    if (cells.length > 0) {
      fold(cells, true);
      open.remove(cells);
    }
    return { n: cells.length, next };
  }

  /** One chunk of a flush (in the caller's transaction); skipped when applied before (a retry). */
  function apply(ch: FlushChunk): void {
    const now = Date.now();
    if (seen.run(ch.id, now).changes === 0) return;
    const { rows, events } = decodeChunk(ch);
    for (const [link, hour, ws, clicks, bots, combos] of rows) {
      const pairs: number[] = [];
      for (const key in combos) pairs.push(dict.intern(ws, key), combos[key]!);
      open.add(ws, hour, link, clicks, bots, pairs);
    }
    for (const [at, link, ws, key] of events) event.run(ws, at, link, dict.intern(ws, key));
    if (++applied % PRUNE_EVERY === 0) prune.run(now - REMEMBER_MS);
  }

  return {
    dict,
    fold,
    flush(chunks: readonly FlushChunk[]): void {
      for (const ch of chunks) {
        try {
          conn.tx(() => apply(ch));
        } catch (e) {
          open.forgetAll(); // the rows it added in the failed transaction were rolled back
          throw e;
        }
      }
    },
    /**
     * Move the hours before the previous one (at `nowMs`) out of the open rows into the sheets, in
     * transactions of CLOSE_CHUNK link-hours (each moves its rows atomically, so a read sees them
     * either open or closed; other writers never wait long). Returns the link-hours closed.
     */
    closeHours(nowMs: number): number {
      const before = nowMs - (nowMs % HOUR_MS) - HOUR_MS;
      let closed = 0;
      for (let ws = open.firstWorkspace(); ws !== null; ) {
        const step = conn.tx(() => closeChunk(before, ws));
        closed += step.n;
        ws = step.next;
      }
      return closed;
    },
    /** A deleted link: its sheets (and its share of its domains' sheets), open hours, totals and events. */
    forget(workspaceId: string, linkId: string): void {
      conn.tx(() => {
        forgetLinkTags(conn, workspaceId, linkId);
        const sheets = conn
          .stmt(`SELECT link_id AS key, grain, period, tot, bots, c, ${X_COLUMNS.join(', ')} FROM click_link_sheets WHERE link_id = ? AND workspace_id = ?`)
          .all(linkId, workspaceId) as Row[];
        const ids = new Set<string>();
        const parsed = sheets.map((r) => ({ ...sheetOfRow(r), grain: r.grain as 'day' | 'month', workspaceId }));
        for (const s of parsed) for (const id in s.c) ids.add(id);
        const facts = dict.facts(workspaceId, ids);
        for (const s of parsed) for (const share of domainShare(s, (id) => facts.get(id))) applyDelta(conn, share, -1);
        open.forgetLink(workspaceId, linkId);
        for (const table of ['click_link_sheets', 'click_totals', 'click_events']) {
          conn.stmt(`DELETE FROM ${table} WHERE link_id = ? AND workspace_id = ?`).run(linkId, workspaceId);
        }
      });
    },
    forgetWorkspace(workspaceId: string): void {
      conn.tx(() => {
        for (const table of [
          'click_domain_sheets',
          'click_link_sheets',
          'click_tag_sheets',
          'click_tag_links',
          'click_totals',
          'click_events',
          'click_combos',
        ]) {
          conn.stmt(`DELETE FROM ${table} WHERE workspace_id = ?`).run(workspaceId);
        }
        open.forgetWorkspace(workspaceId);
      });
      dict.forgetAll();
    },
    /** Delete events recorded before `cutoff`, in short transactions. */
    sweepEvents(cutoff: number): number {
      let n = 0;
      for (;;) {
        const r = conn.stmt('DELETE FROM click_events WHERE id IN (SELECT id FROM click_events WHERE at < ? LIMIT ?)').run(cutoff, SWEEP_BATCH);
        n += r.changes;
        if (r.changes < SWEEP_BATCH) return n;
      }
    },
    /** One step of bringing the tag sheets in line with the links' tags (one workspace's, or all; `only` these links or tags): pairs moved, and the next step's start (null: done). */
    syncTags(workspaceId: string | null, only?: TagSyncScope, after?: string): SyncStep {
      return syncTagSheets(conn, workspaceId, only, after);
    },
    /** Move the rollups of up to `links` links of earlier versions into the sheets; false once none are left. */
    migrateLegacy(links: number): boolean {
      return migrateLegacyLink(conn, links, (ws, key) => dict.intern(ws, key), fold);
    },
  };
}

export type ClickWriterOps = ReturnType<typeof clickWriter>;
