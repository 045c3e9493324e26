import type { SqliteConnection } from '../sqlite/connection.js';
import type { FlushChunk } from './flush-wire.js';
import type { TagSyncScope } from './repository.js';
import { HOUR_MS } from './repository.js';
import { addIntoSheet, type OpenCell, type SheetDelta, SheetDeltas, sheetId } from './sheets.js';
import { eventDeletes } from './sqlite-event-writes.js';
import { chunkFlusher } from './sqlite-flush.js';
import { forgetLinkSteps } from './sqlite-forget.js';
import { forgetWorkspace, forgottenWorkspaces } from './sqlite-forget-workspace.js';
import { migrateLegacyLink } from './sqlite-legacy.js';
import { OpenRows } from './sqlite-open-rows.js';
import { addPending, FOLD_BUDGET, foldSteps } from './sqlite-pending-sheets.js';
import { applyDelta, ComboDictionary } from './sqlite-sheets.js';
import { addToTagSheets, tagDeltasOf } from './sqlite-tag-sheets.js';
import { type SyncStep, syncTagSheets } from './sqlite-tag-sync.js';
import { visitFlusher } from './sqlite-visit-flush.js';
import type { VisitChunk } from './visit-wire.js';

/** Open link-hours closed per transaction at most (each into its link's day and month sheets). */
const CLOSE_CHUNK = 100;
/** Link-hours read and closed at a time within a transaction. */
const CLOSE_STEP = 10;
/**
 * Characters of link sheets written after which a closing transaction stops (a busy link's month
 * sheet counts a month of combinations: docs/adr/0179).
 */
const CLOSE_BUDGET = 50_000;

/**
 * The writes of the clicks repository on one connection (the writer thread's, or the main one for
 * `:memory:`): flushes into the open hours and the event log, closing hours into the sheets,
 * forgetting links and workspaces, sweeping old events, and moving the rollups of earlier versions.
 */
export function clickWriter(conn: SqliteConnection, opts: { foldBudget?: number } = {}) {
  const dict = new ComboDictionary(conn);
  const open = new OpenRows(conn);
  const flushChunks = chunkFlusher(conn, dict, open);
  const flushVisits = visitFlusher(conn, dict, open);
  const eventLog = eventDeletes(conn);
  /**
   * Fold the domain and tag sheet parts a closing left pending (all of them, in bounded
   * transactions): a closing folds its own before it returns, and one cut short by a crash leaves
   * them to the next job, which folds them before it touches any domain or tag sheet or record.
   */
  const settle = () => {
    for (const _ of foldSteps(conn, opts.foldBudget ?? FOLD_BUDGET));
  };

  /** What these open cells add to the sheets (link, domain; tags are the caller's). */
  function deltasOf(cells: readonly OpenCell[]): SheetDelta[] {
    const byWorkspace = new Map<string, Set<string>>();
    for (const c of cells) {
      const ids = byWorkspace.get(c.workspaceId) ?? new Set();
      for (const id in c.c) ids.add(id);
      byWorkspace.set(c.workspaceId, ids);
    }
    const facts = new Map([...byWorkspace].flatMap(([ws, ids]) => [...dict.facts(ws, ids)]));
    const deltas = new SheetDeltas((id) => facts.get(id));
    for (const c of cells) deltas.add(c);
    return [...deltas.sheets.values()];
  }

  /** Add the cells' clicks to their links' all-time totals (caller's transaction). */
  function addTotals(cells: readonly OpenCell[]): void {
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
   * Fold open cells into the sheets at once (and totals when `totals`), inside the caller's
   * transaction: the migration of earlier rollups and the bench's seed. Closing goes by `closeChunk`.
   */
  function fold(cells: OpenCell[], totals: boolean): void {
    const deltas = deltasOf(cells);
    for (const d of deltas) applyDelta(conn, d);
    addToTagSheets(conn, deltas);
    if (totals) addTotals(cells);
  }

  /**
   * Close open link-hours before `before`, workspace by workspace from `ws` on (in the caller's
   * transaction), CLOSE_STEP at a time until CLOSE_CHUNK or CLOSE_BUDGET characters of link sheets
   * written: into their link sheets and totals, and their share of the domain and tag sheets, summed
   * over the transaction, as pending parts (docs/adr/0179). Returns how many, and the workspace to
   * go on with (null: done).
   */
  function closeChunk(before: number, ws: string | null): { n: number; next: string | null } {
    const shared = new Map<string, SheetDelta>();
    let n = 0;
    let written = 0;
    let cur = ws;
    // A step at least; the rest waits for the next transaction when the event loop is waiting to write.
    while (cur !== null && n < CLOSE_CHUNK && written < CLOSE_BUDGET && !(n > 0 && conn.othersWaiting())) {
      const { cells, next } = open.closable(before, Math.min(CLOSE_STEP, CLOSE_CHUNK - n), cur);
      cur = next;
      if (cells.length === 0) continue;
      const deltas = deltasOf(cells);
      const links = deltas.filter((d) => d.kind === 'link');
      for (const d of links) written += applyDelta(conn, d);
      for (const d of [...deltas.filter((x) => x.kind === 'domain'), ...tagDeltasOf(conn, links)]) {
        const had = shared.get(sheetId(d));
        if (had) addIntoSheet(had, d);
        else shared.set(sheetId(d), d);
      }
      addTotals(cells);
      open.remove(cells);
      n += cells.length;
    }
    addPending(conn, shared.values());
    return { n, next: cur };
  }

  return {
    dict,
    fold,
    /** Write flush chunks (sqlite-flush.ts): each in parts, one transaction each, a retried part skipped. */
    flush(chunks: readonly FlushChunk[]): void {
      flushChunks(chunks);
    },
    /** Count a chunk of a flush's visit records into link-hours and write it (sqlite-visit-flush.ts). */
    flushVisits(chunk: VisitChunk): number {
      return flushVisits(chunk);
    },
    /**
     * Move the hours before the previous one (at `nowMs`) out of the open rows into the sheets, in
     * transactions of CLOSE_CHUNK link-hours (each moves its rows atomically, so a read sees them
     * either open or closed; other writers never wait long): into the link sheets, and as pending
     * parts beside the domain and tag sheets, which are then folded into those a few sheets per
     * transaction (reads add the parts not folded yet: docs/adr/0179). Returns the link-hours closed.
     */
    closeHours(nowMs: number): number {
      let closed = 0;
      for (const n of this.closeSteps(nowMs)) closed += n;
      return closed;
    },
    /** `closeHours` one transaction at a time: yields the link-hours each closed (0 for a fold of pending parts). */
    *closeSteps(nowMs: number): Generator<number> {
      const folds = () => foldSteps(conn, opts.foldBudget ?? FOLD_BUDGET);
      for (const _ of folds()) yield 0;
      const before = nowMs - (nowMs % HOUR_MS) - HOUR_MS;
      for (let ws = open.firstWorkspace(); ws !== null; ) {
        const step = conn.tx(() => closeChunk(before, ws));
        ws = step.next;
        yield step.n;
      }
      for (const _ of folds()) yield 0;
    },
    /** A deleted link: its sheets (and its share of its domains' and tags' sheets), open hours, totals and events. */
    forget(workspaceId: string, linkId: string): void {
      for (const _ of this.forgetSteps(workspaceId, linkId));
    },
    /** `forget` one transaction at a time (yielded after each). */
    *forgetSteps(workspaceId: string, linkId: string): Generator<void> {
      settle();
      yield* forgetLinkSteps(conn, dict, open, eventLog.forgetLink, workspaceId, linkId, opts.foldBudget ?? FOLD_BUDGET);
    },
    /** A deleted workspace's clicks, in short transactions (returns how many). */
    forgetWorkspace(workspaceId: string): number {
      settle();
      const txs = forgetWorkspace(conn, open, workspaceId);
      dict.forgetAll();
      return txs;
    },
    /** Finish the deletions of workspaces cut short (a crash); returns how many. */
    resumeForgets(): number {
      settle();
      const left = forgottenWorkspaces(conn);
      for (const ws of left) forgetWorkspace(conn, open, ws);
      if (left.length > 0) dict.forgetAll();
      return left.length;
    },
    /** Delete events recorded before `cutoff`, workspace by workspace (each a range of the table), in short transactions. */
    sweepEvents(cutoff: number): number {
      return eventLog.sweep(cutoff);
    },
    /** Up to `windows` windows of the deleted links' events purge (one transaction each); true when work is left. */
    purgeEvents(windows: number): boolean {
      return eventLog.purge(windows);
    },
    /** One step of bringing the tag sheets in line with the links' tags (one workspace's, or all; `only` these links or tags): pairs moved, and the next step's start (null: done). */
    syncTags(workspaceId: string | null, only?: TagSyncScope, after?: string): SyncStep {
      settle();
      return syncTagSheets(conn, workspaceId, only, after);
    },
    /** Move the rollups of up to `links` links of earlier versions into the sheets; false once none are left. */
    migrateLegacy(links: number): boolean {
      settle();
      return migrateLegacyLink(conn, links, (ws, key) => dict.intern(ws, key), fold);
    },
  };
}

export type ClickWriterOps = ReturnType<typeof clickWriter>;
