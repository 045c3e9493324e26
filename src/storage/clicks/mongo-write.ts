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
import { type ClickEvent, HOUR_MS, type HourCounts } from './repository.js';
import { nextTurn, SLICE } from './turns.js';

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

/**
 * What one flush writes, read by index as often as its writes (and a retry's) need: each link-hour and
 * event is made when asked and dropped once written, so the flush keeps no object per link-hour or
 * event alive until its end (docs/adr/0206).
 */
export interface CountedBatch {
  readonly hourCount: number;
  hourAt(i: number): HourCounts;
  readonly eventCount: number;
  eventOf(i: number): ClickEvent;
}

function* hoursOf(batch: CountedBatch): Generator<HourCounts> {
  for (let i = 0; i < batch.hourCount; i++) yield batch.hourAt(i);
}

/** Every combination of a batch's link-hours (and events), one at a time (the dictionary turns the event loop between them). */
function* combosOf(batch: CountedBatch, withEvents: boolean): Generator<[string, string]> {
  for (const h of hoursOf(batch)) for (const k of h.combos.keys()) yield [h.workspaceId, k];
  if (withEvents) {
    for (let i = 0; i < batch.eventCount; i++) {
      const e = batch.eventOf(i);
      yield [e.workspaceId, e.combo];
    }
  }
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

async function linkTotals(batch: CountedBatch): Promise<LinkTotals> {
  const index = new Map<string, number>();
  const t: LinkTotals = { count: 0, links: [], workspaces: [], clicks: new Float64Array(batch.hourCount), bots: new Float64Array(batch.hourCount) };
  let done = 0;
  for (const h of hoursOf(batch)) {
    if (++done % SLICE === 0) await nextTurn();
    let i = index.get(h.linkId);
    if (i === undefined) {
      i = t.count++;
      index.set(h.linkId, i);
      t.links.push(h.linkId);
      t.workspaces.push(h.workspaceId);
    }
    t.clicks[i]! += h.clicks;
    t.bots[i]! += h.bots;
  }
  return t;
}

/**
 * The batch's event documents: its events grouped by workspace and hour (kept by index), EVENTS_PER_DOC
 * a document, each given its id once per lease (a retried batch writes to the same documents).
 */
async function eventDocPlans(parts: EventParts, leaseKey: string, batch: CountedBatch): Promise<EventDocPlan[]> {
  const groups = new Map<string, { w: string; hour: number; events: number[] }>();
  for (let i = 0; i < batch.eventCount; i++) {
    if (i > 0 && i % SLICE === 0) await nextTurn();
    const e = batch.eventOf(i);
    const hour = e.at - (e.at % HOUR_MS);
    const k = `${e.workspaceId}:${hour}`;
    const g = groups.get(k);
    if (g === undefined) groups.set(k, { w: e.workspaceId, hour, events: [i] });
    else g.events.push(i);
  }
  const before = parts.assigned.get(batch);
  const assigned = before?.lease === leaseKey ? before.ids : [];
  const plans: EventDocPlan[] = [];
  for (const g of groups.values()) {
    for (let i = 0; i < g.events.length; i += EVENTS_PER_DOC) {
      const events = new Int32Array(g.events.slice(i, i + EVENTS_PER_DOC));
      assigned[plans.length] ??= parts.take(leaseKey, g.w, g.hour, events.length);
      plans.push({ _id: assigned[plans.length]!, w: g.w, hour: g.hour, events });
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
  batch: CountedBatch,
  seq: number,
  withEvents: boolean,
): Promise<void> {
  const s = lease.slot;
  const ids = await dict.ensure(combosOf(batch, withEvents));
  const id = (w: string, k: string) => ids.get(`${w}\n${k}`)!;
  const perLink = await linkTotals(batch);
  const plans = withEvents ? await eventDocPlans(parts, `${s}:${lease.term}`, batch) : [];
  function* openOps(): Generator<Upsert<OpenDoc>> {
    for (const h of hoursOf(batch)) {
      const inc: Record<string, number> = { n: h.clicks, b: h.bots };
      for (const [k, n] of h.combos) inc[`c.${id(h.workspaceId, k)}`] = n;
      yield {
        filter: { _id: openId(s, h.linkId, h.hour), q: { $lt: seq } },
        update: { $inc: inc, $set: { q: seq }, $setOnInsert: { s, l: h.linkId, w: h.workspaceId, h: h.hour } } as never,
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
      const e = Array.from(d.events, (i) => {
        const ev = batch.eventOf(i);
        return { t: ev.at, l: ev.linkId, c: id(ev.workspaceId, ev.combo) };
      });
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
