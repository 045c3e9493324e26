import type { Collection, Filter } from 'mongodb';
import type { MongoConnection } from '../mongo/connection.js';
import type { EventRow } from './engine/events.js';
import { DAY_MS, dayStart, monthStart, nextMonth } from './engine/plan.js';
import type { ClickSource, Grain, OpenHour, OpenRequest, Sheet, SheetRequest } from './engine/source.js';
import { ClosingView } from './mongo-closing-view.js';
import type { MongoComboDictionary } from './mongo-combos.js';
import { EVENTS, type EventsDoc, type SheetDoc, sheetDocId } from './mongo-docs.js';
import { byCollection, sheetColl, sheetCollName } from './mongo-sheet-colls.js';
import { sheetKeys } from './mongo-sheet-keys.js';
import { recordedTagLinks } from './mongo-tag-read.js';
import { type EventQuery, HOUR_MS, StoreCursorError } from './repository.js';

const CURSOR = /^(\d{1,15})\.([^.]{1,300})\.(\d{1,6})$/;
/** Sheets named by `_id` in one query at most (more are read by range). */
const IDS_MAX = 1000;
/**
 * Up to this many sheets are looked up one by one (a few at once), more in one query (docs/adr/0197):
 * on FerretDB 1.24 a lookup scans its collection in SQLite until the match, any other query decodes
 * every document of it, about 20 lookups' worth. On MongoDB both are index seeks.
 */
const LOOKUPS_MAX = 16;
const LOOKUPS_AT_ONCE = 4;
/** Documents per batch of a cursor: what a streamed read holds at once (a day sheet of a busy domain is tens of kB). */
const CURSOR_BATCH = 100;

const sheetOfDoc = ({ f: _f, ...d }: Partial<SheetDoc>): Sheet => ({ ...d, key: d.key!, period: d.p!, tot: d.tot ?? 0, bots: d.bots ?? 0 });
/** The writer slot of a sheet, from its `_id` (mongo-docs.ts). */
const slotOf = (id: string) => Number(id.slice(0, id.indexOf('|')));

/** Queries and documents of every read of one repository (the bench reports them per query). */
interface ReadCounts {
  queries: number;
  docs: number;
  /** Sheet documents by kind (which sheets answered a read). */
  sheets: Record<SheetRequest['kind'], number>;
}

/** Starts of the UTC days or months in [from, to). */
function periodsIn(grain: Grain, from: number, to: number): number[] {
  const out: number[] = [];
  if (grain === 'day') for (let p = dayStart(from) < from ? dayStart(from) + DAY_MS : from; p < to; p += DAY_MS) out.push(p);
  else for (let p = monthStart(from); p < to; p = nextMonth(p)) if (p >= from) out.push(p);
  return out;
}

/** A sheet's `_id` and period (its collection follows from the period, day sheets being kept by month). */
interface SheetId {
  _id: string;
  p: number;
}

/** The parts of [r.from, r.to) that lie in one collection each: a month's sheets (of a month sheet, its start in the range). */
function collSpans(r: SheetRequest): [number, number][] {
  const out: [number, number][] = [];
  for (let m = monthStart(r.from); m < r.to; m = nextMonth(m))
    if (r.grain === 'day' || m >= r.from) out.push([Math.max(m, r.from), Math.min(nextMonth(m), r.to)]);
  return out;
}

/** Hours of event documents read per round trip, at most. */
const EVENT_HOURS = 24;

/**
 * The reads of the clicks repository on MongoDB: sheets and open hours of every slot (the engine adds
 * them up), combinations through the dictionary. A read of analytics has a source of its own
 * (`forRead`): it takes the open hours first, marked ones too, and takes every sheet it reads after
 * back to that moment, whatever closings do meanwhile (docs/adr/0231).
 */
export class MongoClickSource implements ClickSource {
  private readonly eventsColl: Collection<EventsDoc>;
  /** Month sheets count hours of the month (docs/adr/0099). */
  readonly monthHours = true;
  /** This read's open documents and what closings may fold of them (a read's own source only). */
  private view: ClosingView | null = null;

  constructor(
    private readonly conn: MongoConnection,
    private readonly dict: MongoComboDictionary,
    private readonly counts: ReadCounts = { queries: 0, docs: 0, sheets: { domain: 0, link: 0, tag: 0 } },
  ) {
    this.eventsColl = conn.collection(EVENTS);
  }

  /** A source for one read of analytics (its open hours taken first, its sheets taken back to then). */
  forRead(): MongoClickSource {
    return new MongoClickSource(this.conn, this.dict, this.counts);
  }

  /** Documents read so far (the bench reports them per query). */
  get docsRead(): number {
    return this.counts.docs;
  }

  /** Sheet documents read so far, by kind. */
  get sheetDocsRead(): Readonly<Record<SheetRequest['kind'], number>> {
    return { ...this.counts.sheets };
  }

  /** Queries sent so far, the combination dictionary's too (each one scan of its collection on FerretDB 1.24). */
  get queries(): number {
    return this.counts.queries + this.dict.queries;
  }

  async sheets(r: SheetRequest): Promise<Sheet[]> {
    const out: Sheet[] = [];
    await this.eachSheet(r, (s) => {
      out.push(s);
    });
    return out;
  }

  /**
   * The request's sheets handed to `fold` as they come (docs/adr/0197): a few named by the registry
   * looked up by `_id`; more in one query streamed through a cursor, by `_id` (`$in`) when the
   * registry names few enough, else by workspace and period range.
   */
  async eachSheet(r: SheetRequest, fold: (s: Sheet) => void | Promise<void>): Promise<void> {
    const ids = await this.sheetIds(r);
    const projection = this.projection(r);
    // Each collection holds one kind, grain and month (docs/adr/0188, 0239): the filters name none of them.
    const stream = async (name: string, filter: Filter<SheetDoc>) => {
      this.counts.queries++;
      await this.conn.run(async () => {
        for await (const d of this.conn.collection<SheetDoc>(name).find(filter, { projection, batchSize: CURSOR_BATCH })) {
          this.counts.docs++;
          await fold(await this.taken(d, r));
        }
      });
    };
    if (ids && ids.length <= LOOKUPS_MAX) return this.lookUp(ids, r, fold);
    if (ids) {
      for (const [name, part] of byCollection(ids, ({ p }) => ({ ...r, period: p })))
        await stream(name, { _id: { $in: part.map((x) => x._id) }, w: r.workspaceId });
      return;
    }
    // A range: one query per month's collection.
    for (const [from, to] of collSpans(r)) {
      const filter: Filter<SheetDoc> = { w: r.workspaceId, p: { $gte: from, $lt: to } };
      if (r.keys) filter.key = { $in: [...r.keys] };
      await stream(sheetCollName(r.kind, r.grain, from), filter);
    }
  }

  /** The tag's links when every slot's tag sheets are known to sum exactly theirs (docs/adr/0182). */
  async tagLinks(workspaceId: string, tag: string, links: readonly string[]): Promise<string[] | null> {
    const r = await recordedTagLinks(this.conn, workspaceId, tag, links);
    this.counts.docs += r.docs;
    this.counts.queries += 2; // the slots, then their records
    return r.links;
  }

  /** A stored sheet as the engine reads it: taken back to when this read took the open hours. */
  private async taken(d: Partial<SheetDoc>, r: SheetRequest): Promise<Sheet> {
    const sheet = sheetOfDoc(d);
    this.counts.sheets[r.kind]++;
    if (this.view && d._id) await this.view.adjust(sheet, r, slotOf(d._id), d.f);
    return sheet;
  }

  private projection(r: SheetRequest): Record<string, 1> {
    const projection: Record<string, 1> = { key: 1, p: 1, tot: 1, bots: 1, f: 1 };
    for (const f of r.fields) {
      if (f === 'x' && r.xHours) for (const h of r.xHours) projection[`x.${h}`] = 1;
      else projection[f] = 1;
    }
    return projection;
  }

  /**
   * The `_id`s of every sheet the request could cover (each slot's, each key's, each period's), when
   * there are few enough (docs/adr/0097); null: read by range instead.
   */
  private async sheetIds(r: SheetRequest): Promise<SheetId[] | null> {
    if (!r.keys && r.kind === 'link') return null;
    const periods = periodsIn(r.grain, r.from, r.to);
    if (periods.length === 0) return [];
    this.counts.queries++;
    const { slots, domains } = await sheetKeys(this.conn, r.workspaceId);
    const keys = r.keys ?? domains;
    if (slots.length * keys.length * periods.length > IDS_MAX) return null;
    return slots.flatMap((s) => keys.flatMap((key) => periods.map((p) => ({ _id: sheetDocId(s, r.kind, r.workspaceId, key, r.grain, p), p }))));
  }

  /** Sheets by `_id`, a few lookups at a time, each folded as it comes (missing ones are simply absent). */
  private async lookUp(ids: readonly SheetId[], r: SheetRequest, fold: (s: Sheet) => void | Promise<void>): Promise<void> {
    const projection = { ...this.projection(r), w: 1 };
    for (let i = 0; i < ids.length; i += LOOKUPS_AT_ONCE) {
      const part = ids.slice(i, i + LOOKUPS_AT_ONCE);
      this.counts.queries += part.length;
      const docs = await Promise.all(part.map(({ _id, p }) => this.conn.run(() => sheetColl(this.conn, r.kind, r.grain, p).findOne({ _id }, { projection }))));
      for (const d of docs) {
        if (!d || d.w !== r.workspaceId) continue;
        this.counts.docs++;
        await fold(await this.taken(d, r));
      }
    }
  }

  /**
   * Every open document of the request, marked ones too, up to `r.reach` (the hours past `r.to` are
   * only taken out of the sheets), with the slots' closings as they stood: from here on this source's
   * sheets are taken back to this moment (docs/adr/0231).
   */
  async open(r: OpenRequest): Promise<OpenHour[]> {
    const { docs, view, queries } = await ClosingView.read(this.conn, this.dict, r, Math.max(r.to, r.reach ?? r.to));
    this.view = view;
    this.counts.queries += queries;
    this.counts.docs += docs.length;
    return docs.filter((d) => d.h < r.to).map((d) => ({ linkId: d.l, hour: d.h, clicks: d.n ?? 0, bots: d.b ?? 0, c: d.c ?? {} }));
  }

  combos(workspaceId: string, ids: readonly string[]): Promise<Map<string, string>> {
    return this.dict.lookup(workspaceId, ids);
  }

  /** Let other work run between the batches of a long read (it runs on the event loop here). */
  pause(): Promise<void> {
    return new Promise((r) => setImmediate(r));
  }

  /**
   * Events newest first after `after` ("at.docId.index"): whole hours of event documents at a time
   * (one hour, then more while too few rows come back), sorted, until `n` rows are found or the
   * window is exhausted. A page reads the hours it needs, not whole days.
   */
  async eventRows(q: EventQuery, after: string | null, n: number): Promise<EventRow[]> {
    let bound: [number, string, number] | null = null;
    if (after) {
      const m = CURSOR.exec(after);
      if (!m) throw new StoreCursorError('unreadable cursor');
      bound = [Number(m[1]), m[2]!, Number(m[3])];
    }
    const links = q.linkIds ? new Set(q.linkIds) : null;
    const left = q.excludeLinkIds && q.excludeLinkIds.length > 0 ? new Set(q.excludeLinkIds) : null;
    const out: (EventRow & { d: string; i: number })[] = [];
    // A cursor is read from the window's end at the latest: one placed in the far future would
    // otherwise walk every day up to the window, a round trip each.
    const start = Math.min(bound ? bound[0] : Number.POSITIVE_INFINITY, q.to - 1);
    let hour = start - (start % HOUR_MS);
    const first = q.from - (q.from % HOUR_MS);
    // One hour first (a busy workspace fills a page from its last hour), twice as many each time
    // fewer rows than wanted came back (a quiet one), up to a day per round trip.
    let span = 1;
    while (hour >= first && out.length < n) {
      const lo = Math.max(first, hour - (span - 1) * HOUR_MS);
      const docs = await this.conn.run(() => this.eventsColl.find({ w: q.workspaceId, a0: { $gte: lo, $lte: hour } }).toArray());
      const rows: (EventRow & { d: string; i: number })[] = [];
      for (const d of docs) {
        d.e.forEach((e, i) => {
          if (e.t < q.from || e.t >= q.to || (links && !links.has(e.l)) || left?.has(e.l)) return;
          if (bound && (e.t > bound[0] || (e.t === bound[0] && (d._id > bound[1] || (d._id === bound[1] && i >= bound[2]))))) return;
          rows.push({ at: e.t, pos: `${e.t}.${d._id}.${i}`, linkId: e.l, combo: e.c, d: d._id, i });
        });
      }
      rows.sort((a, b) => b.at - a.at || (a.d < b.d ? 1 : a.d > b.d ? -1 : b.i - a.i));
      out.push(...rows);
      if (out.length < n) span = Math.min(EVENT_HOURS, span * 2);
      hour = lo - HOUR_MS;
    }
    return out;
  }
}
