import type { SqliteConnection } from '../sqlite/connection.js';
import { HourTally } from './hour-tally.js';
import type { LinkHour } from './link-hour.js';
import { partsOf } from './sqlite-flush.js';
import { flushLedger } from './sqlite-flush-ledger.js';
import type { OpenRows } from './sqlite-open-rows.js';
import type { ComboDictionary } from './sqlite-sheets.js';
import { VISIT_NUMS, type VisitChunk, visitStrings } from './visit-wire.js';

/** One chunk's visits as the writer reads them: counted per link-hour, its events in order. */
class ChunkVisits {
  readonly tally = new HourTally();
  readonly eventAt: number[] = [];
  readonly eventLink: string[] = [];
  readonly eventSpace: string[] = [];
  readonly eventKey: string[] = [];
  constructor(readonly id: string) {}

  add(c: VisitChunk): void {
    const { k, w, l } = visitStrings(c);
    const nums = c.nums;
    for (let i = 0, at = 0; i < l.length; i++, at += VISIT_NUMS) {
      const ws = w[nums[at + 1]!]!;
      const key = k[nums[at + 2]!]!;
      this.tally.add(l[i]!, ws, nums[at]!, key);
      if (nums[at + 3] === 1) {
        this.eventAt.push(nums[at]!);
        this.eventLink.push(l[i]!);
        this.eventSpace.push(ws);
        this.eventKey.push(key);
      }
    }
  }
}

const cmp = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/** Link-hours in the open table's key order (workspace, hour, link): a part's rows share B-tree pages (docs/adr/0183). */
const inKeyOrder = (hours: LinkHour[]): LinkHour[] => hours.sort((a, b) => cmp(a.workspaceId, b.workspaceId) || a.hour - b.hour || cmp(a.linkId, b.linkId));

/**
 * The writer's side of a flush of visit records (docs/adr/0196), chunk by chunk: a chunk's visits
 * are counted into link-hours and written, the link-hours in the open table's key order, then the
 * chunk's events in the order of the visits (`partsOf`: a chunk of at most 100 of each is one
 * transaction; a larger one writes every link-hour of the chunk before any of its events, so an
 * event is never committed before its link-hour's open row: docs/adr/0195). A link visited in two
 * chunks of a flush adds to its open row twice. Each part's id (the flush's, the chunk's and the
 * part's number) is kept in `click_flushes` in its transaction, so a retried flush (the same records
 * give the same chunks and parts) skips the parts written and writes the rest exactly once. Nothing
 * is held from one chunk to the next: the writer's live heap stays a chunk's.
 */
export function visitFlusher(conn: SqliteConnection, dict: ComboDictionary, open: OpenRows) {
  const ledger = flushLedger(conn);

  /** Combination ids of one flush by workspace and key (each pair interned once per flush). */
  let ids = new Map<string, Map<string, number>>();
  const comboId = (ws: string, key: string): number => {
    let byKey = ids.get(ws);
    if (byKey === undefined) {
      byKey = new Map();
      ids.set(ws, byKey);
    }
    let id = byKey.get(key);
    if (id === undefined) {
      id = dict.intern(ws, key);
      byKey.set(key, id);
    }
    return id;
  };

  function writeHours(hours: readonly LinkHour[], from: number, to: number): void {
    for (let i = from; i < to; i++) {
      const h = hours[i]!;
      const only = h.onlyKey ?? null;
      const pairs: number[] = [];
      if (only !== null) pairs.push(comboId(h.workspaceId, only), h.onlyCount);
      else for (const [key, n] of h.combos) pairs.push(comboId(h.workspaceId, key), n);
      open.add(h.workspaceId, h.hour, h.linkId, h.clicks, h.bots, pairs);
    }
  }

  function writeEvents(f: ChunkVisits, from: number, to: number): void {
    ledger.events(to - from, (i, eventId) => {
      const e = from + i;
      return [f.eventSpace[e]!, f.eventAt[e]!, eventId, f.eventLink[e]!, comboId(f.eventSpace[e]!, f.eventKey[e]!)];
    });
  }

  function write(f: ChunkVisits): void {
    const hours = inKeyOrder(f.tally.hours());
    const parts = partsOf(hours.length, f.eventAt.length);
    ids = new Map();
    for (let p = 0; p < parts.length; p++) {
      const [from, to, eventsFrom, eventsTo] = parts[p]!;
      const id = `${f.id}:v${p}`;
      const now = Date.now();
      try {
        conn.tx(() => {
          if (!ledger.first(id, now)) return;
          writeHours(hours, from, to);
          writeEvents(f, eventsFrom, eventsTo);
        });
      } catch (e) {
        // The rows and combinations it added in the failed transaction were rolled back.
        open.forgetAll();
        dict.forgetAll();
        ids = new Map();
        throw e;
      }
      ledger.applied(now);
    }
  }

  /** One chunk: counted and written. Answers the visits written. */
  return (c: VisitChunk): number => {
    const f = new ChunkVisits(`${c.flush}:${c.index}`);
    f.add(c);
    write(f);
    return f.tally.visits;
  };
}
