import { comboJudge, decodeCombo } from '../combos.js';
import type { EventPage, EventQuery, StoredEvent } from '../repository.js';

/** One logged click as a store hands it over, newest first; `pos` is where a page after it starts. */
export interface EventRow {
  at: number;
  pos: string;
  linkId: string;
  combo: string;
}

/** Rows read per store round trip while looking for matches. */
const SCAN = 500;

/**
 * A page of events (both stores): rows newest first after `q.after`, kept when their combination
 * passes the filter, until `limit` are found and one more proves a next page exists. `first`: rows
 * asked for in the first round trip when fewer than SCAN (a store whose rows cost more the further
 * it reads, as SQLite's link-scoped pages do, asks for `limit + 1`: no filter needs no more).
 */
export async function collectEvents(
  q: EventQuery,
  fetch: (after: string | null, n: number) => Promise<EventRow[]> | EventRow[],
  lookup: (ids: readonly string[]) => Promise<Map<string, string>> | Map<string, string>,
  first = SCAN,
): Promise<EventPage> {
  const judge = comboJudge(q.filter, []);
  const known = new Map<string, { pass: boolean; key: string } | null>();
  const out: StoredEvent[] = [];
  let after = q.after ?? null;
  let lastPos: string | null = null;
  for (let size = Math.min(first, SCAN); ; size = SCAN) {
    const rows = await fetch(after, size);
    const missing = [...new Set(rows.map((r) => r.combo).filter((c) => !known.has(c)))];
    if (missing.length > 0) {
      const keys = await lookup(missing);
      for (const id of missing) {
        const key = keys.get(id);
        known.set(
          id,
          key === undefined
            ? null
            : {
                pass: (() => {
                  const i = judge(key);
                  return i.pass && !i.bot;
                })(),
                key,
              },
        );
      }
    }
    for (const r of rows) {
      const k = known.get(r.combo);
      if (!k?.pass) continue;
      if (out.length === q.limit) return { events: out, next: lastPos };
      out.push({ at: r.at, linkId: r.linkId, values: decodeCombo(k.key).values });
      lastPos = r.pos;
    }
    if (rows.length < size) return { events: out, next: null };
    after = rows[rows.length - 1]!.pos;
  }
}
