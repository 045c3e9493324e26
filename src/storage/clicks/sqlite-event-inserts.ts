import type Database from 'better-sqlite3';
import type { SqliteConnection } from '../sqlite/connection.js';

/** Events per INSERT statement: one statement runs per block instead of one per event. */
export const EVENT_BLOCK = 25;
const COLUMNS = 5;

/** An event row as the writer inserts it: workspace, at, id, link, combination id. */
export type EventValues = [string, number, number, string, number];

/**
 * Inserts click events into `click_events` (inside the caller's transaction), EVENT_BLOCK rows per
 * statement and the rest one by one: each statement run costs better-sqlite3 a binding, a step and
 * a reset, a large part of a small row's cost, so a block of rows pays them once (docs/adr/0180).
 * The rows and the table are the same as with one statement per event.
 */
export class EventInserts {
  private readonly one: Database.Statement;
  private readonly block: Database.Statement;
  private readonly values = new Array<string | number>(EVENT_BLOCK * COLUMNS);

  constructor(conn: SqliteConnection) {
    const head = 'INSERT INTO click_events (workspace_id, at, id, link_id, combo) VALUES ';
    this.one = conn.stmt(`${head}(?, ?, ?, ?, ?)`);
    this.block = conn.stmt(head + Array.from({ length: EVENT_BLOCK }, () => '(?, ?, ?, ?, ?)').join(', '));
  }

  insert(rows: readonly EventValues[]): void {
    let i = 0;
    for (; i + EVENT_BLOCK <= rows.length; i += EVENT_BLOCK) {
      for (let j = 0; j < EVENT_BLOCK; j++) {
        const r = rows[i + j]!;
        const at = j * COLUMNS;
        this.values[at] = r[0];
        this.values[at + 1] = r[1];
        this.values[at + 2] = r[2];
        this.values[at + 3] = r[3];
        this.values[at + 4] = r[4];
      }
      this.block.run(this.values);
    }
    for (; i < rows.length; i++) this.one.run(rows[i]!);
  }
}
