import type { MongoConnection } from '../mongo/connection.js';
import type { MongoComboDictionary } from './mongo-combos.js';
import {
  EVENT_DOCS_PER_WRITE,
  EVENTS,
  EVENTS_PER_DOC,
  type EventsDoc,
  OPEN,
  type OpenDoc,
  openId,
  TOTALS,
  type TotalsDoc,
  totalsId,
  type Upsert,
  upsertAll,
} from './mongo-docs.js';
import type { FlushBatch } from './mongo-flush-batch.js';
import { HOUR_MS } from './repository.js';
import { Turns } from './turns.js';

/** Where the events of one workspace and hour go next in this lease: the document's part and how full it is. */
export class EventParts {
  private readonly parts = new Map<string, { part: number; n: number }>();
  /** The ids a batch's events were given, per lease: a retried batch writes to the same documents (where its `q` stops it). */
  readonly assigned = new WeakMap<object, { lease: string; ids: string[] }>();

  /** The document id for `n` more events (a new part once one is full); forgets hours long past. */
  take(prefix: string, workspaceId: string, hour: number, n: number): string {
    const k = `${workspaceId}:${hour}`;
    let p = this.parts.get(k);
    if (!p) {
      if (this.parts.size > 10_000) this.parts.clear();
      p = { part: 0, n: 0 };
      this.parts.set(k, p);
    }
    if (p.n > 0 && p.n + n > EVENTS_PER_DOC) p = { part: p.part + 1, n: 0 };
    p.n += n;
    this.parts.set(k, p);
    return `${prefix}:${k}:${p.part}`;
  }
}

/** A batch's distinct combinations, by workspace (link-hours', then events'), the event loop turning by time (docs/adr/0200). */
async function combosOf(batch: FlushBatch, withEvents: boolean): Promise<[string, string][]> {
  const byWorkspace = new Map<string, Set<string>>();
  const out: [string, string][] = [];
  let w = '';
  let keys: Set<string> | undefined;
  const of = (workspaceId: string) => {
    if (keys !== undefined && workspaceId === w) return;
    w = workspaceId;
    keys = byWorkspace.get(w);
    if (keys === undefined) {
      keys = new Set();
      byWorkspace.set(w, keys);
    }
  };
  const add = (k: string) => {
    if (keys!.has(k)) return;
    keys!.add(k);
    out.push([w, k]);
  };
  const turns = new Turns();
  for (let i = 0; i < batch.hourCount; i++) {
    if (turns.due()) await turns.turn();
    of(batch.workspaceOf(i));
    batch.eachCombo(i, add);
  }
  for (let i = 0; withEvents && i < batch.eventCount; i++) {
    if (turns.due()) await turns.turn();
    of(batch.eventWorkspace(i));
    add(batch.eventCombo(i));
  }
  return out;
}

/** One event document of a flush: its id, workspace and hour, and which of the batch's events it holds (by index). */
interface EventDocPlan {
  _id: string;
  w: string;
  hour: number;
  /** Indexes into the batch's events (numbers the collector does not copy, held until the flush ends). */
  events: Int32Array;
}

/** Each link's clicks and bots over a batch's link-hours: the totals documents' increments, by index (numbers, not an object per link). */
interface LinkTotals {
  count: number;
  links: string[];
  workspaces: string[];
  clicks: Float64Array;
  bots: Float64Array;
}

/**
 * Each link's totals over the batch. A batch counted from visit records knows each link-hour's link's
 * first link-hour, so a link's place is found without a Map by link id (docs/adr/0208); a batch with
 * link-hours of its own (counted by the recorder past its bound) finds it by id.
 */
async function linkTotals(batch: FlushBatch): Promise<LinkTotals> {
  const n = batch.hourCount;
  const t: LinkTotals = { count: 0, links: [], workspaces: [], clicks: new Float64Array(n), bots: new Float64Array(n) };
  const byId = batch.recordsOnly ? null : new Map<string, number>();
  const place = new Int32Array(n);
  const turns = new Turns();
  for (let i = 0; i < n; i++) {
    if (turns.due()) await turns.turn();
    let j = byId === null ? batch.firstOfLink(i) : byId.get(batch.linkOf(i));
    if (j === undefined || j === i) {
      j = t.count++;
      byId?.set(batch.linkOf(i), i);
      t.links.push(batch.linkOf(i));
      t.workspaces.push(batch.workspaceOf(i));
    } else j = place[j]!;
    place[i] = j;
    t.clicks[j]! += batch.clicksOf(i);
    t.bots[j]! += batch.botsOf(i);
  }
  return t;
}

/**
 * The batch's event documents: its events grouped by workspace and hour (kept by index), EVENTS_PER_DOC
 * a document, each given its id once per lease (a retried batch writes to the same documents).
 */
async function eventDocPlans(parts: EventParts, leaseKey: string, batch: FlushBatch): Promise<EventDocPlan[]> {
  // By workspace, then hour: no key string joined per event.
  const groups = new Map<string, Map<number, number[]>>();
  const turns = new Turns();
  for (let i = 0; i < batch.eventCount; i++) {
    if (turns.due()) await turns.turn();
    const w = batch.eventWorkspace(i);
    const at = batch.eventTime(i);
    const hour = at - (at % HOUR_MS);
    let hours = groups.get(w);
    if (hours === undefined) {
      hours = new Map();
      groups.set(w, hours);
    }
    const g = hours.get(hour);
    if (g === undefined) hours.set(hour, [i]);
    else g.push(i);
  }
  const before = parts.assigned.get(batch);
  const assigned = before?.lease === leaseKey ? before.ids : [];
  const plans: EventDocPlan[] = [];
  for (const [w, hours] of groups) {
    for (const [hour, all] of hours) {
      for (let i = 0; i < all.length; i += EVENTS_PER_DOC) {
        const events = new Int32Array(all.slice(i, i + EVENTS_PER_DOC));
        assigned[plans.length] ??= parts.take(leaseKey, w, hour, events.length);
        plans.push({ _id: assigned[plans.length]!, w, hour, events });
      }
    }
  }
  parts.assigned.set(batch, { lease: leaseKey, ids: assigned });
  return plans;
}

/**
 * One flush into slot `s` (its holder only), every write conditional on `seq` (a retried flush is
 * skipped): the combinations first (so no count refers to an unknown one), then the open hours, the
 * links' totals and the event documents. The writes are built bulk write by bulk write as they are
 * sent (generators read by `upsertAll`), not all at once: a flush of 50,000 link-hours held its
 * 100,000 upserts and 50,000 event entries until its last write, and V8 promoted them, in
 * young-generation collections of 20–44 ms on the event loop (docs/adr/0200).
 */
export async function writeBatch(
  conn: MongoConnection,
  dict: MongoComboDictionary,
  parts: EventParts,
  lease: { slot: number; term: number },
  batch: FlushBatch,
  seq: number,
  withEvents: boolean,
): Promise<void> {
  const s = lease.slot;
  const ids = await dict.ensure(await combosOf(batch, withEvents));
  const id = (w: string, k: string) => ids.get(w, k)!;
  const perLink = await linkTotals(batch);
  const plans = withEvents ? await eventDocPlans(parts, `${s}:${lease.term}`, batch) : [];
  function* openOps(): Generator<Upsert<OpenDoc>> {
    let w = '';
    let inc: Record<string, number> = {};
    const add = (k: string, n: number) => {
      inc[`c.${id(w, k)}`] = n;
    };
    for (let i = 0; i < batch.hourCount; i++) {
      const l = batch.linkOf(i);
      const h = batch.hourOf(i);
      w = batch.workspaceOf(i);
      inc = { n: batch.clicksOf(i), b: batch.botsOf(i) };
      batch.eachCombo(i, add);
      yield {
        filter: { _id: openId(s, l, h), q: { $lt: seq } },
        update: { $inc: inc, $set: { q: seq }, $setOnInsert: { s, l, w, h } } as never,
      };
    }
  }
  function* totalOps(): Generator<Upsert<TotalsDoc>> {
    for (let i = 0; i < perLink.count; i++) {
      const l = perLink.links[i]!;
      yield {
        filter: { _id: totalsId(s, l), q: { $lt: seq } },
        update: { $inc: { n: perLink.clicks[i], b: perLink.bots[i] }, $set: { q: seq }, $setOnInsert: { s, l, w: perLink.workspaces[i] } } as never,
      };
    }
  }
  function* eventOps(): Generator<Upsert<EventsDoc>> {
    for (const d of plans) {
      const e = Array.from(d.events, (i) => ({ t: batch.eventTime(i), l: batch.eventLink(i), c: id(batch.eventWorkspace(i), batch.eventCombo(i)) }));
      yield {
        filter: { _id: d._id, q: { $lt: seq } },
        update: { $push: { e: { $each: e } }, $set: { q: seq }, $setOnInsert: { s, w: d.w, a0: d.hour, a1: d.hour + HOUR_MS } } as never,
      };
    }
  }
  await conn.run(async () => {
    await upsertAll(conn.collection<OpenDoc>(OPEN), openOps());
    await upsertAll(conn.collection<TotalsDoc>(TOTALS), totalOps());
    await upsertAll(conn.collection<EventsDoc>(EVENTS), eventOps(), EVENT_DOCS_PER_WRITE);
  });
}
