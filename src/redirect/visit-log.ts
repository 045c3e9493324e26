import { isBotKey } from '../storage/clicks/combos.js';
import type { VisitRecords } from '../storage/clicks/repository.js';

/**
 * The visits recorded since the last flush, one record each, column by column: a visit adds a slot
 * to each array, pointing at strings held anyway (the cached link's ids, the reused combination key),
 * its time unboxed in an array of doubles and its event flag a small integer. No counter, no Map and
 * no object per visit lives until the flush (what survives a young-generation collection is what
 * costs V8's helper threads: docs/adr/0184); the store counts the link-hours (docs/adr/0196).
 */
export class VisitLog {
  private at: number[] = [];
  private linkIds: string[] = [];
  private workspaceIds: string[] = [];
  private keys: string[] = [];
  private events: number[] = [];
  /** Records that are also click events. */
  eventCount = 0;

  get length(): number {
    return this.at.length;
  }

  push(at: number, linkId: string, workspaceId: string, key: string, event: boolean): void {
    this.at.push(at);
    this.linkIds.push(linkId);
    this.workspaceIds.push(workspaceId);
    this.keys.push(key);
    this.events.push(event ? 1 : 0);
    if (event) this.eventCount++;
  }

  /** The records held, left held. */
  peek(): VisitRecords {
    return { at: this.at, linkIds: this.linkIds, workspaceIds: this.workspaceIds, keys: this.keys, events: this.events };
  }

  /** The records held, in order of arrival, as the store takes them; none are held after. */
  take(): VisitRecords {
    const out = this.peek();
    this.at = [];
    this.linkIds = [];
    this.workspaceIds = [];
    this.keys = [];
    this.events = [];
    this.eventCount = 0;
    return out;
  }
}

/** People's clicks of one link among some records (a capped link's visits not written yet: read when it is cached). */
export function clicksIn(v: VisitRecords | undefined, linkId: string): number {
  if (v === undefined) return 0;
  let n = 0;
  const { linkIds, keys } = v;
  for (let i = 0; i < linkIds.length; i++) if (linkIds[i] === linkId && !isBotKey(keys[i]!)) n++;
  return n;
}
