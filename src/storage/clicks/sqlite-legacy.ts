import type { Row, SqliteConnection } from '../sqlite/connection.js';
import type { Counts } from './engine/source.js';
import { addLegacy, type LegacyHour, legacyCombos, legacyHour } from './legacy.js';
import type { OpenCell } from './sheets.js';

const hasTable = (conn: SqliteConnection, name: string) => conn.stmt("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?").get(name) !== undefined;

/**
 * Move the per-dimension rollups of earlier versions into the sheets (docs/adr/0092), `links` links
 * at a time, each link in its own transaction: its closed rollups and open hours become
 * combinations (legacy.ts), are folded into the sheets like closing hours, and are deleted. An
 * interrupted move resumes with the links left. Returns false once nothing is left (the old tables
 * are dropped then).
 */
export function migrateLegacyLink(
  conn: SqliteConnection,
  links: number,
  intern: (workspaceId: string, key: string) => number,
  fold: (cells: OpenCell[], totals: boolean) => void,
): boolean {
  if (!hasTable(conn, 'click_rollups')) return false;
  for (let i = 0; i < links; i++) {
    const next = conn.stmt('SELECT link_id, workspace_id FROM click_rollups UNION ALL SELECT link_id, workspace_id FROM click_hours LIMIT 1').get() as
      | Row
      | undefined;
    if (!next) {
      conn.tx(() => {
        conn.db.exec('DROP TABLE click_rollups; DROP TABLE click_hours;');
      });
      return false;
    }
    const linkId = String(next.link_id);
    conn.tx(() => {
      // The link's domain now stands for the domain of its earlier clicks (they did not record one).
      const link = conn.stmt('SELECT workspace_id, domain FROM links WHERE id = ?').get(linkId) as Row | undefined;
      {
        const ws = String(link?.workspace_id ?? next.workspace_id);
        const domain = String(link?.domain ?? '');
        const closed = new Map<number, LegacyHour>();
        for (const r of conn.stmt('SELECT hour, dim, value, n FROM click_rollups WHERE link_id = ?').all(linkId) as Row[]) {
          addLegacy(legacyHour(closed, Number(r.hour)), String(r.dim), String(r.value), Number(r.n));
        }
        const open = new Map<number, LegacyHour>();
        for (const r of conn.stmt('SELECT hour, clicks, bots, dims FROM click_hours WHERE link_id = ?').all(linkId) as Row[]) {
          const h = legacyHour(open, Number(r.hour));
          h.clicks += Number(r.clicks);
          h.bots += Number(r.bots);
          for (const [k, n] of Object.entries(JSON.parse(String(r.dims)) as Record<string, number>)) {
            const sep = k.indexOf(':');
            addLegacy(h, k.slice(0, sep), k.slice(sep + 1), n);
          }
        }
        const cells = (m: Map<number, LegacyHour>) =>
          [...m].map(([hour, h]): OpenCell => {
            const c: Counts = {};
            for (const [key, n] of legacyCombos(h.clicks, h.bots, h.dims, domain)) c[intern(ws, key)] = n;
            return { linkId, workspaceId: ws, hour, clicks: h.clicks, bots: h.bots, c };
          });
        // Closed hours' totals are in click_totals already; open hours' are not.
        fold(cells(closed), false);
        fold(cells(open), true);
      }
      conn.stmt('DELETE FROM click_rollups WHERE link_id = ?').run(linkId);
      conn.stmt('DELETE FROM click_hours WHERE link_id = ?').run(linkId);
    });
  }
  return true;
}
