import type { Row, SqliteConnection } from '../sqlite/connection.js';
import type { Sheet, SheetRequest } from './engine/source.js';
import { addIntoSheet, type SheetDelta } from './sheets.js';
import { applyDelta } from './sqlite-sheets.js';

/**
 * Domain and tag sheet deltas a closing step wrote beside the sheets instead of into them
 * (docs/adr/0179, migration 19). A busy domain's or tag's day sheet is a large JSON text: adding
 * every step's hundred link-hours to it rewrote it whole each time. A step now inserts its share as a
 * small row of its own (`part`); reads add those rows to the sheets; the writer folds them in later,
 * each sheet once for all its parts, a bounded amount of text per transaction.
 */

/** Characters of sheet text written per fold transaction, at least one sheet (about 10 ms of CPU: docs/adr/0179). */
export const FOLD_BUDGET = 80_000;

/** Parts of one sheet folded per transaction at most (a closing of many link-hours of one domain leaves many). */
const FOLD_PARTS = 100;

const FIELDS = ['hc', 'hb', 'c', 'l', 'x'] as const;

/** A pending delta's numbers (the JSON body of its row). */
function bodyOf(d: Sheet): Omit<Sheet, 'key' | 'period'> {
  const out: Omit<Sheet, 'key' | 'period'> = { tot: d.tot, bots: d.bots };
  for (const f of FIELDS) if (d[f] !== undefined) Object.assign(out, { [f]: d[f] });
  return out;
}

/** Write these domain and tag sheet deltas as pending parts (in the caller's transaction). */
export function addPending(conn: SqliteConnection, deltas: Iterable<SheetDelta>): void {
  const where = 'workspace_id = @ws AND kind = @kind AND grain = @grain AND period = @period AND key = @key';
  const insert = conn.stmt(
    `INSERT INTO click_pending_sheets (workspace_id, kind, grain, period, key, part, body)
     VALUES (@ws, @kind, @grain, @period, @key, coalesce((SELECT max(part) FROM click_pending_sheets WHERE ${where}), 0) + 1, @body)`,
  );
  for (const d of deltas) {
    insert.run({ ws: d.workspaceId, kind: d.kind, grain: d.grain, period: d.period, key: d.key, body: JSON.stringify(bodyOf(d)) });
  }
}

/** Whether any pending part is left (a closing cut short by a crash leaves some). */
export function hasPending(conn: Pick<SqliteConnection, 'stmt'>): boolean {
  return conn.stmt('SELECT 1 FROM click_pending_sheets LIMIT 1').get() !== undefined;
}

/**
 * One transaction's worth of folding: the pending parts of one sheet after another, each summed and
 * added to its sheet (only the hours they hold are read and written), until FOLD_BUDGET characters
 * have been written. Returns whether parts are left.
 */
export function foldPendingStep(conn: SqliteConnection, budget = FOLD_BUDGET): boolean {
  const next = conn.stmt('SELECT workspace_id, kind, grain, period, key FROM click_pending_sheets ORDER BY workspace_id, kind, grain, period, key LIMIT 1');
  const where = 'workspace_id = ? AND kind = ? AND grain = ? AND period = ? AND key = ?';
  const parts = conn.stmt(`SELECT part, body FROM click_pending_sheets WHERE ${where} ORDER BY part LIMIT ${FOLD_PARTS}`);
  const drop = conn.stmt(`DELETE FROM click_pending_sheets WHERE ${where} AND part <= ?`);
  return conn.tx(() => {
    for (let written = 0, folded = 0; written < budget; folded++) {
      // A sheet at least; the rest waits for the next transaction when the event loop is waiting to write.
      if (folded > 0 && conn.othersWaiting()) break;
      const t = next.get() as Row | undefined;
      if (!t) return false;
      const at = [t.workspace_id, t.kind, t.grain, t.period, t.key];
      const base: Sheet = { key: String(t.key), period: Number(t.period), tot: 0, bots: 0 };
      const sum = base;
      let last = 0;
      for (const p of parts.all(...at) as Row[]) {
        addIntoSheet(sum, JSON.parse(String(p.body)) as Sheet);
        last = Number(p.part);
      }
      const delta = { ...sum, kind: t.kind as 'domain' | 'tag', workspaceId: String(t.workspace_id), grain: t.grain as SheetDelta['grain'] };
      written += applyDelta(conn, delta);
      drop.run(...at, last);
    }
    return hasPending(conn);
  });
}

/** Fold every pending part, one transaction per step (yielded after each). */
export function* foldSteps(conn: SqliteConnection, budget = FOLD_BUDGET): Generator<void> {
  while (hasPending(conn)) {
    foldPendingStep(conn, budget);
    yield;
  }
}

/** The part of a pending delta a request asked for (its fields, its hours). */
function asked(d: Sheet, r: SheetRequest): Sheet {
  const out: Sheet = { key: d.key, period: d.period, tot: d.tot, bots: d.bots };
  for (const f of r.fields) {
    if (f !== 'x') {
      if (d[f]) out[f] = d[f];
      continue;
    }
    out.x = {};
    for (const h in d.x ?? {}) if (!r.xHours || r.xHours.includes(Number(h))) out.x[h] = d.x![h]!;
  }
  return out;
}

/** The pending deltas of the domain or tag sheets a request names (few: the hours being closed). */
export function pendingOf(conn: Pick<SqliteConnection, 'stmt'>, r: SheetRequest): Sheet[] {
  if (r.kind === 'link') return [];
  const rows = conn
    .stmt(
      'SELECT key, period, body FROM click_pending_sheets WHERE workspace_id = ? AND kind = ? AND grain = ? AND period >= ? AND period < ? ORDER BY period, key, part',
    )
    .all(r.workspaceId, r.kind, r.grain, r.from, r.to) as Row[];
  const keys = r.keys ? new Set(r.keys) : null;
  return rows
    .filter((p) => !keys || keys.has(String(p.key)))
    .map((p) => asked({ ...(JSON.parse(String(p.body)) as Sheet), key: String(p.key), period: Number(p.period) }, r));
}

/** Add the request's pending deltas to the sheets read (each to its sheet, or as a sheet of its own). */
export function withPending(sheets: Sheet[], pending: readonly Sheet[], r: SheetRequest): Sheet[] {
  if (pending.length === 0) return sheets;
  const byId = new Map(sheets.map((s) => [`${s.key}|${s.period}`, s]));
  for (const p of pending) {
    const id = `${p.key}|${p.period}`;
    const blank = asked({ key: p.key, period: p.period, tot: 0, bots: 0, hc: {}, hb: {}, c: {}, l: {}, x: {} }, r);
    const into = byId.get(id) ?? blank;
    addIntoSheet(into, p);
    byId.set(id, into);
  }
  return [...byId.values()];
}
