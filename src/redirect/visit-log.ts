import { isBotKey } from '../storage/clicks/combos.js';
import type { VisitRecords } from '../storage/clicks/repository.js';

/** The fewest slots a flush's arrays are made with. */
const MIN_ROOM = 1024;

/**
 * `n` empty slots, written in place by `VisitLog.push`. Arrays grown by `push` copy their elements at
 * each growth (by half again): about three times the final arrays are allocated, and past some 16,000
 * elements each copy is made in the old generation, where it stays until a full collection.
 */
const room = <T>(n: number): T[] => new Array<T>(n);

/** `a`'s first `n` values in a typed array of `size` (the records' numbers past the room made for them). */
function grown<A extends Float64Array | Uint8Array>(a: A, n: number, size: number): A {
  const b = new (a.constructor as new (size: number) => A)(size);
  b.set(a.subarray(0, n));
  return b;
}

/**
 * The visits recorded since the last flush, one record each, column by column: a visit adds a slot
 * to each array, pointing at strings held anyway (the cached link's ids, the reused combination key),
 * its time unboxed in an array of doubles and its event flag a small integer. No counter, no Map and
 * no object per visit lives until the flush (what survives a young-generation collection is what
 * costs V8's helper threads: docs/adr/0184); the store counts the link-hours (docs/adr/0196). The
 * arrays are made once per flush with room for the last flush's records and a quarter more, and
 * written in place (docs/adr/0201). Times and event flags are typed arrays, whose values lie outside
 * V8's heap: a young-generation collection does not copy them, nor promote them into the old
 * generation where a full collection must free them (docs/adr/0218).
 */
export class VisitLog {
  private at = new Float64Array(0);
  private linkIds: string[] = [];
  private workspaceIds: string[] = [];
  private keys: string[] = [];
  private events = new Uint8Array(0);
  private n = 0;
  /** Slots of the arrays the next record starts: a quarter more than the last flush took. */
  private next = MIN_ROOM;
  /** Whether the arrays were handed over and new ones are to be made by the next record. */
  private taken = true;
  /** Records that are also click events. */
  eventCount = 0;

  get length(): number {
    return this.n;
  }

  push(at: number, linkId: string, workspaceId: string, key: string, event: boolean): void {
    if (this.taken) this.open();
    const i = this.n++;
    if (i === this.at.length) {
      const size = Math.ceil(i * 1.5);
      this.at = grown(this.at, i, size);
      this.events = grown(this.events, i, size);
    }
    this.at[i] = at;
    this.linkIds[i] = linkId;
    this.workspaceIds[i] = workspaceId;
    this.keys[i] = key;
    this.events[i] = event ? 1 : 0;
    if (event) this.eventCount++;
  }

  /** Arrays with room for as many records as the last flush had and a quarter more (they grow past that as before). */
  private open(): void {
    const n = this.next;
    this.at = new Float64Array(n);
    this.linkIds = room(n);
    this.workspaceIds = room(n);
    this.keys = room(n);
    this.events = new Uint8Array(n);
    this.taken = false;
  }

  /** The records held, left held: `count` of each array's slots (the rest are empty). */
  peek(): { records: VisitRecords; count: number } {
    return { records: { at: this.at, linkIds: this.linkIds, workspaceIds: this.workspaceIds, keys: this.keys, events: this.events }, count: this.n };
  }

  /** The records held, in order of arrival, as the store takes them (arrays of exactly their number); none are held after. */
  take(): VisitRecords {
    const n = this.n;
    // Shortening an array trims its backing store where it lies, and a typed array's view shares its buffer: nothing is copied.
    for (const a of [this.linkIds, this.workspaceIds, this.keys]) a.length = n;
    const out = { at: this.at.subarray(0, n), linkIds: this.linkIds, workspaceIds: this.workspaceIds, keys: this.keys, events: this.events.subarray(0, n) };
    this.next = Math.max(MIN_ROOM, Math.ceil(n * 1.25));
    this.at = new Float64Array(0);
    this.linkIds = [];
    this.workspaceIds = [];
    this.keys = [];
    this.events = new Uint8Array(0);
    this.n = 0;
    this.eventCount = 0;
    this.taken = true;
    return out;
  }
}

/** People's clicks of one link among some records (a capped link's visits not written yet: read when it is cached). */
export function clicksIn(v: VisitRecords | undefined, linkId: string, count = v?.linkIds.length ?? 0): number {
  if (v === undefined) return 0;
  let n = 0;
  const { linkIds, keys } = v;
  for (let i = 0; i < count; i++) if (linkIds[i] === linkId && !isBotKey(keys[i]!)) n++;
  return n;
}
