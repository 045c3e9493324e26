import type { SqliteConnection } from '../sqlite/connection.js';
import { domainShare, mergeSheet, type SheetDelta } from './sheets.js';
import type { OpenRows } from './sqlite-open-rows.js';
import { addPending, FOLD_BUDGET, foldSteps } from './sqlite-pending-sheets.js';
import { type ComboDictionary, linkSheets } from './sqlite-sheets.js';
import { tagSharesOut } from './sqlite-tag-sheets.js';

/**
 * A deleted link's sheets leave this many per transaction (docs/adr/0103, 0179): each transaction
 * deletes them and writes their share of the domain's and tags' sheets, negated, as pending parts
 * (small rows: the big domain and tag sheets are not rewritten in it). The parts are then folded in
 * like a closing's, a bounded amount of sheet text per transaction.
 */
const FORGET_SHEETS = 4;

/** `d` times -1, as a delta of the same sheet. */
const negated = (d: SheetDelta): SheetDelta => ({ ...d, ...mergeSheet({ key: d.key, period: d.period, tot: 0, bots: 0 }, d, -1) });

/**
 * Forget a deleted link on the writer's connection, one transaction per step: its sheets a few at a
 * time, each out of its domains' sheets and out of the tags counting it (recorded, or being moved
 * past it) as pending parts; until the last, a tag read does not use the tag sheets, since the record
 * still lists the link or a move is in progress (docs/adr/0098, 0103). Then its record, open hours
 * and totals, and it is listed for the events purge (`listEvents`: from then on reads leave its
 * events out; the purge deletes them with other deleted links' of the workspace in one pass,
 * sqlite-event-writes.ts). Then the parts are folded. Reads add pending parts, so between two
 * transactions a domain answer counts the link's clicks either in its sheets or not at all; a crash
 * leaves only whole steps, and the parts left are folded by the next job that folds.
 */
export function* forgetLinkSteps(
  conn: SqliteConnection,
  dict: ComboDictionary,
  open: OpenRows,
  listEvents: (workspaceId: string, linkId: string) => void,
  workspaceId: string,
  linkId: string,
  foldBudget = FOLD_BUDGET,
): Generator<void> {
  const drop = conn.stmt('DELETE FROM click_link_sheets WHERE link_id = ? AND grain = ? AND period = ?');
  const step = (): number =>
    conn.tx(() => {
      const sheets = linkSheets(conn, workspaceId, linkId, FORGET_SHEETS);
      const ids = new Set<string>();
      for (const s of sheets) for (const id in s.c) ids.add(id);
      const facts = dict.facts(workspaceId, ids);
      const domains = sheets.flatMap((s) => domainShare(s, (id) => facts.get(id)).map(negated));
      addPending(conn, [...domains, ...tagSharesOut(conn, sheets, linkId)]);
      for (const s of sheets) drop.run(linkId, s.grain, s.period);
      return sheets.length;
    });
  while (step() === FORGET_SHEETS) yield;
  conn.tx(() => {
    open.forgetLink(workspaceId, linkId);
    for (const table of ['click_tag_links', 'click_tag_moves', 'click_totals']) {
      conn.stmt(`DELETE FROM ${table} WHERE link_id = ? AND +workspace_id = ?`).run(linkId, workspaceId);
    }
    listEvents(workspaceId, linkId);
  });
  yield;
  yield* foldSteps(conn, foldBudget);
}
