/**
 * Seeding SQLite for the analytics bench: the year's link-hours folded straight into the sheets by
 * the store's own closing code (clickWriter's `fold`: the same deltas and row writes a closing
 * makes), a few hundred thousand link-hours per transaction. Going through `record()` and hourly
 * closings writes the same rows, but re-reads each month's sheets at every closing: about two hours
 * for the year on this machine, against minutes this way.
 */

import { monthStart } from '../src/storage/clicks/engine/plan.js';
import type { Counts } from '../src/storage/clicks/engine/source.js';
import { HOUR_MS } from '../src/storage/clicks/repository.js';
import type { OpenCell } from '../src/storage/clicks/sheets.js';
import { clickWriter } from '../src/storage/clicks/sqlite-writes.js';
import { SqliteConnection } from '../src/storage/sqlite/connection.js';
import { linkHour, type SeedLink } from './analytics-seed.js';

const CELLS = 250_000;

/** Fold `hours` hours from `firstHour` of every link into the sheets of the database at `path` (migrated already); returns the link-hours. */
export async function foldYear(
  path: string,
  workspaceId: string,
  links: readonly SeedLink[],
  firstHour: number,
  hours: number,
  domain: string,
): Promise<number> {
  const conn = new SqliteConnection(path);
  try {
    const ops = clickWriter(conn);
    let cells: OpenCell[] = [];
    const fold = async () => {
      const batch = cells;
      cells = [];
      conn.tx(() => ops.fold(batch, true));
      await new Promise((r) => setImmediate(r));
    };
    let month = monthStart(firstHour);
    for (let h = 0; h < hours; h++) {
      const hour = firstHour + h * HOUR_MS;
      if (monthStart(hour) !== month || cells.length >= CELLS) {
        await fold();
        month = monthStart(hour);
      }
      for (const l of links) {
        const cell = linkHour(workspaceId, l, h, hour, domain);
        const c: Counts = {};
        for (const [key, n] of cell.combos) c[ops.dict.intern(workspaceId, key)] = n;
        cells.push({ linkId: l.id, workspaceId, hour, clicks: cell.clicks, bots: cell.bots, c });
      }
    }
    await fold();
    return hours * links.length;
  } finally {
    conn.close();
  }
}
