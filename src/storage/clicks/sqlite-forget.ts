import type { SqliteConnection } from '../sqlite/connection.js';
import { domainShare } from './sheets.js';
import type { OpenRows } from './sqlite-open-rows.js';
import { applyDelta, type ComboDictionary, linkSheets } from './sqlite-sheets.js';
import { takeOutOfTags } from './sqlite-tag-sheets.js';

/**
 * A deleted link's sheets leave per transaction (docs/adr/0103): each takes that many of its day
 * and month sheets out of its domains' and recorded tags' sheets and deletes them. A sheet of a
 * busy link is a large JSON text, and so are the domain's and tag's sheets it comes out of.
 */
const FORGET_SHEETS = 2;

/**
 * Forget a deleted link on the writer's connection: its sheets a few at a time, each out of the tags
 * counting it (recorded, or being moved past it); until the last, a tag read does not use the tag
 * sheets, since the record still lists the link or a move is in progress (docs/adr/0098, 0103),
 * then its record, open hours and totals, and it is listed for the events purge (`listEvents`: from
 * then on reads leave its events out; the purge deletes them with other deleted links' of the
 * workspace in one pass, sqlite-event-writes.ts). Between two transactions a workspace or domain
 * answer may still count part of its clicks, for as long as the rest takes.
 */
export function forgetLink(
  conn: SqliteConnection,
  dict: ComboDictionary,
  open: OpenRows,
  listEvents: (workspaceId: string, linkId: string) => void,
  workspaceId: string,
  linkId: string,
): void {
  const batch = (): number =>
    conn.tx(() => {
      const sheets = linkSheets(conn, workspaceId, linkId, FORGET_SHEETS);
      takeOutOfTags(conn, sheets, linkId);
      const ids = new Set<string>();
      for (const s of sheets) for (const id in s.c) ids.add(id);
      const facts = dict.facts(workspaceId, ids);
      for (const s of sheets) for (const share of domainShare(s, (id) => facts.get(id))) applyDelta(conn, share, -1);
      const drop = conn.stmt('DELETE FROM click_link_sheets WHERE link_id = ? AND grain = ? AND period = ?');
      for (const s of sheets) drop.run(linkId, s.grain, s.period);
      return sheets.length;
    });
  while (batch() === FORGET_SHEETS);
  conn.tx(() => {
    open.forgetLink(workspaceId, linkId);
    for (const table of ['click_tag_links', 'click_tag_moves', 'click_totals']) {
      conn.stmt(`DELETE FROM ${table} WHERE link_id = ? AND +workspace_id = ?`).run(linkId, workspaceId);
    }
    listEvents(workspaceId, linkId);
  });
}
