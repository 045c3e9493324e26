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
import { type ClickBatch, HOUR_MS } from './repository.js';
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

/** Every combination of a batch's link-hours (and events), one at a time (the dictionary turns the event loop between them). */
function* combosOf(batch: ClickBatch, withEvents: boolean): Generator<[string, string]> {
  for (const h of batch.hours) for (const k of h.combos.keys()) yield [h.workspaceId, k];
  if (withEvents) for (const e of batch.events) yield [e.workspaceId, e.combo];
}

/**
 * One flush into slot `s` (its holder only), every write conditional on `seq` (a retried flush is
 * skipped): the combinations first (so no count refers to an unknown one), then the open hours, the
 * links' totals and the event documents.
 */
export async function writeBatch(
  conn: MongoConnection,
  dict: MongoComboDictionary,
  parts: EventParts,
  lease: { slot: number; term: number },
  batch: ClickBatch,
  seq: number,
  withEvents: boolean,
): Promise<void> {
  const s = lease.slot;
  const ids = await dict.ensure(combosOf(batch, withEvents));
  const id = (w: string, k: string) => ids.get(`${w}\n${k}`)!;
  const openOps: Upsert<OpenDoc>[] = [];
  const perLink = new Map<string, { w: string; n: number; b: number }>();
  let done = 0;
  for (const h of batch.hours) {
    if (++done % SLICE === 0) await nextTurn();
    const inc: Record<string, number> = { n: h.clicks, b: h.bots };
    for (const [k, n] of h.combos) inc[`c.${id(h.workspaceId, k)}`] = n;
    openOps.push({
      filter: { _id: openId(s, h.linkId, h.hour), q: { $lt: seq } },
      update: { $inc: inc, $set: { q: seq }, $setOnInsert: { s, l: h.linkId, w: h.workspaceId, h: h.hour } } as never,
    });
    const t = perLink.get(h.linkId) ?? { w: h.workspaceId, n: 0, b: 0 };
    t.n += h.clicks;
    t.b += h.bots;
    perLink.set(h.linkId, t);
  }
  const totalOps: Upsert<TotalsDoc>[] = [];
  for (const [l, t] of perLink) {
    if (++done % SLICE === 0) await nextTurn();
    totalOps.push({
      filter: { _id: totalsId(s, l), q: { $lt: seq } },
      update: { $inc: { n: t.n, b: t.b }, $set: { q: seq }, $setOnInsert: { s, l, w: t.w } } as never,
    });
  }
  const eventOps: Upsert<EventsDoc>[] = [];
  if (withEvents) {
    const groups = new Map<string, { w: string; hour: number; e: EventsDoc['e'] }>();
    for (const e of batch.events) {
      if (++done % SLICE === 0) await nextTurn();
      const hour = e.at - (e.at % HOUR_MS);
      const g = groups.get(`${e.workspaceId}:${hour}`) ?? { w: e.workspaceId, hour, e: [] };
      g.e.push({ t: e.at, l: e.linkId, c: id(e.workspaceId, e.combo) });
      groups.set(`${e.workspaceId}:${hour}`, g);
    }
    const leaseKey = `${s}:${lease.term}`;
    const before = parts.assigned.get(batch);
    const assigned = before?.lease === leaseKey ? before.ids : [];
    let k = 0;
    for (const g of groups.values()) {
      for (let i = 0; i < g.e.length; i += EVENTS_PER_DOC) {
        const chunk = g.e.slice(i, i + EVENTS_PER_DOC);
        assigned[k] ??= parts.take(leaseKey, g.w, g.hour, chunk.length);
        const _id = assigned[k]!;
        k++;
        eventOps.push({
          filter: { _id, q: { $lt: seq } },
          update: { $push: { e: { $each: chunk } }, $set: { q: seq }, $setOnInsert: { s, w: g.w, a0: g.hour, a1: g.hour + HOUR_MS } } as never,
        });
      }
    }
    parts.assigned.set(batch, { lease: leaseKey, ids: assigned });
  }
  await conn.run(async () => {
    await upsertAll(conn.collection<OpenDoc>(OPEN), openOps);
    await upsertAll(conn.collection<TotalsDoc>(TOTALS), totalOps);
    await upsertAll(conn.collection<EventsDoc>(EVENTS), eventOps, EVENT_DOCS_PER_WRITE);
  });
}
