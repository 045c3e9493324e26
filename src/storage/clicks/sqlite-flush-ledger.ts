import type { SqliteConnection } from '../sqlite/connection.js';
import { EventInserts, type EventValues } from './sqlite-event-inserts.js';

const PRUNE_EVERY = 256;
const REMEMBER_MS = 86_400_000;

/**
 * What both of the writer's flush paths (counted link-hours, docs/adr/0183; visit records,
 * docs/adr/0196) write beside the rows, on its connection: each part's id kept in `click_flushes` in
 * the part's transaction, so a retried part is skipped; those ids pruned after a day; and events
 * numbered from the counter row, read and advanced once per part (this connection is the one writer).
 */
export function flushLedger(conn: SqliteConnection) {
  const seen = conn.stmt('INSERT OR IGNORE INTO click_flushes (id, at) VALUES (?, ?)');
  const prune = conn.stmt('DELETE FROM click_flushes WHERE at < ?');
  const eventInserts = new EventInserts(conn);
  const nextEventId = conn.stmt('SELECT next FROM click_event_ids WHERE one = 1').pluck();
  const setNextEventId = conn.stmt('UPDATE click_event_ids SET next = ? WHERE one = 1');
  let applied = 0;
  return {
    /** Marks part `id` written (in the caller's transaction); false when it was before (a retry). */
    first(id: string, now: number): boolean {
      return seen.run(id, now).changes > 0;
    },
    /** After a part's transaction: every PRUNE_EVERY parts, ids older than a day go. */
    applied(now: number): void {
      if (++applied % PRUNE_EVERY === 0) prune.run(now - REMEMBER_MS);
    },
    /** `n` events, the i-th made by `of` with its event id, inserted in the caller's transaction. */
    events(n: number, of: (i: number, id: number) => EventValues): void {
      if (n <= 0) return;
      let next = Number(nextEventId.get());
      const values = new Array<EventValues>(n);
      for (let i = 0; i < n; i++) values[i] = of(i, next++);
      eventInserts.insert(values);
      setNextEventId.run(next);
    },
  };
}
