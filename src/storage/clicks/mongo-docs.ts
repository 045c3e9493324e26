import {
  type AnyBulkWriteOperation,
  type Collection,
  type Document,
  MongoBulkWriteError,
  MongoNotConnectedError,
  type UnorderedBulkOperation,
  type UpdateFilter,
} from 'mongodb';
import { UPDATES_PER_BULK_WRITE } from '../mongo/bulk-parts.js';
import { type IndexDef, isDuplicateKey } from '../mongo/connection.js';
import type { Counts, Grain } from './engine/source.js';
import { TURN_MS, Turns } from './turns.js';

/*
 * Click documents on MongoDB (docs/adr/0017, 0092). Counters belong to one writer slot `s` and are
 * written only by the current holder of that slot; reads add up every slot's documents. `q` is the
 * sequence number of the last flush applied (a retried flush is skipped), `f` the closing (its
 * `before` hour) last added to a sheet (a resumed closing is skipped where it landed already).
 */

interface SlotFields {
  _id: string;
  s: number;
  w: string;
  q?: number;
}

/** A link's counts in one UTC hour not closed yet: `n` people, `b` bots, `c` by combination id; `z` while being closed. */
export interface OpenDoc extends SlotFields {
  l: string;
  h: number;
  n: number;
  b: number;
  c: Counts;
  z?: number;
}

/** A sheet (engine/source.ts) of one slot, in the collection of its kind and grain (mongo-sheet-colls.ts). */
export interface SheetDoc extends SlotFields {
  k: 'domain' | 'link' | 'tag';
  key: string;
  g: Grain;
  p: number;
  tot: number;
  bots: number;
  hc?: Counts;
  hb?: Counts;
  c?: Counts;
  x?: Record<string, Counts>;
  l?: Counts;
  f?: number;
  /** The migration's position (the last link moved in). */
  mf?: string;
  /** Tag sheets: the last move of links into or out of them (mongo-tag-move.ts). */
  mv?: number;
  /** Links whose share a deletion took away from this sheet. */
  del?: Record<string, 1>;
}

/** A stored link sheet as a sheet of the workspace's (what domain and tag shares are computed from). */
export function linkSheetOf(d: SheetDoc, workspaceId: string) {
  return {
    key: d.key,
    period: d.p,
    tot: d.tot ?? 0,
    bots: d.bots ?? 0,
    c: d.c ?? {},
    hc: d.hc ?? {},
    hb: d.hb ?? {},
    x: d.x ?? {},
    grain: d.g,
    workspaceId,
  };
}

/** Per link, all-time: `n` human clicks, `b` bot visits (with the compaction's marks, ADR 17). */
export interface TotalsDoc extends SlotFields {
  l: string;
  n: number;
  b: number;
  mg?: Record<string, string>;
  m?: { t: number; tok: string };
}

/** A combination: `_id` its content hash, `k` its key. */
export interface ComboDoc {
  _id: string;
  w: string;
  k: string;
}

/** People's clicks of one workspace and hour, written by one slot's holder (a new part every EVENTS_PER_DOC). */
export interface EventsDoc extends SlotFields {
  a0: number;
  a1: number;
  e: { t: number; l: string; c: string }[];
}

/** A slot's closing: `closing` while one is under way, `through` once it finished. */
export interface CloseDoc {
  _id: number;
  closing?: number;
  through?: number;
}

export const OPEN = 'click_open';
/** The single collection of sheets of earlier versions (moved at start into one per kind and grain, mongo-sheet-split.ts). */
export const OLD_SHEETS = 'click_sheets';
export const TOTALS = 'click_totals';
export const COMBOS = 'click_combos';
export const EVENTS = 'click_events';
export const CLOSES = 'click_closes';
export const SLOTS = 'click_slots';
/** The registry of sheets (mongo-sheet-keys.ts). */
export const SHEET_KEYS = 'click_sheet_keys';
/** What each slot's tag sheets sum (mongo-tag-docs.ts). */
export const TAG_LINKS = 'click_tag_links';
/** The per-dimension rollups of earlier versions (moved into the sheets at start, then dropped). */
export const LEGACY_ROLLUPS = 'click_rollups';

/**
 * Events per event document, and event documents per bulk write: the driver encodes a bulk write's
 * BSON on the event loop in one go, about 0.6 µs of CPU per event (measured: 0.5–0.7 ms for a push
 * of 1,000, 2–4 ms for 4,000), so one write carries one document, at most 1,000 events, about as
 * long as a bulk write of 250 upserts (0.8–1.1 ms) whatever the flush (docs/adr/0200).
 */
export const EVENTS_PER_DOC = 1000;
export const EVENT_DOCS_PER_WRITE = 1;

export const CLICK_INDEXES: IndexDef[] = [
  [OPEN, { w: 1, h: 1 }, { name: 'click_open_by_workspace' }],
  [OPEN, { l: 1, h: 1 }, { name: 'click_open_by_link' }],
  [OPEN, { s: 1, h: 1 }, { name: 'click_open_by_slot' }],
  [TOTALS, { l: 1 }, { name: 'click_totals_by_link' }],
  [TOTALS, { s: 1 }, { name: 'click_totals_by_slot' }],
  [COMBOS, { w: 1 }, { name: 'click_combos_by_workspace' }],
  [EVENTS, { w: 1, a0: 1 }, { name: 'click_events_by_workspace' }],
  [EVENTS, { a1: 1 }, { name: 'click_events_by_end' }],
  [SLOTS, { s: 1, t: -1 }, { name: 'click_slots_by_slot' }],
  [SHEET_KEYS, { k: 1, w: 1 }, { name: 'click_sheet_keys_by_kind' }],
  [TAG_LINKS, { w: 1 }, { name: 'click_tag_links_by_workspace' }],
];

export const openId = (s: number, l: string, hour: number) => `${s}|${l}|${hour}`;
export const sheetDocId = (s: number, k: string, w: string, key: string, g: Grain, p: number) => `${s}|${k}|${w}|${key}|${g}|${p}`;
export const totalsId = (s: number, l: string) => `${s}|${l}`;
/** The same counter in another slot. */
export const inSlot = (id: string, s: number) => `${s}${id.slice(id.indexOf('|'))}`;

/** Whether a bulk write failed on some of its writes (rather than as a whole, e.g. the connection). */
export function hasWriteErrors(e: MongoBulkWriteError): boolean {
  return Array.isArray(e.writeErrors) ? e.writeErrors.length > 0 : Boolean(e.writeErrors);
}

export interface Upsert<T extends Document> {
  filter: { _id: string } & Record<string, unknown>;
  update: UpdateFilter<T>;
}

/**
 * Writes per bulk write (the default): 32, under FerretDB 1.24's limit on the updates of one bulk
 * write (`UPDATES_PER_BULK_WRITE`, docs/adr/0231, "A closing that never answered"; it was 250). The
 * driver encodes each upsert when it is added to a bulk write: 0.8–1.1 ms of CPU for 250 with the
 * encoder's code warm (docs/adr/0200), 3–8 ms cold (docs/adr/0211), so a part of 32 holds the event
 * loop well under a millisecond.
 */
export const UPSERT_BATCH = UPDATES_PER_BULK_WRITE;

/** Upserts encoded by the driver between two looks at the clock: one (an upsert costs several µs, far more than a look). */
const LOOK_EVERY_UPSERT = 1;

/**
 * Apply conditional upserts, each idempotent (a write already applied fails its filter and its
 * upsert collides on _id). FerretDB 1.24 stops an unordered bulk write at its first error, so after
 * any bulk error every write is redone alone. The upserts are read `perWrite` at a time as they are
 * written (a generator builds each just before it is added), and each is encoded as it is added to
 * its bulk write, the event loop turning before each bulk write and whenever the building and
 * encoding have held it for TURN_MS (docs/adr/0211): a bulk write of 250 upserts encoded in one go
 * held it 3–8 ms when the encoder's code was cold.
 */
export async function upsertAll<T extends Document>(
  coll: Collection<T>,
  ops: Iterable<Upsert<T>>,
  perWrite = UPSERT_BATCH,
  turns = new Turns(undefined, TURN_MS, LOOK_EVERY_UPSERT),
): Promise<void> {
  let part: Upsert<T>[] = [];
  let bulk: UnorderedBulkOperation | null = null;
  for (const o of ops) {
    if (part.length === 0) {
      await turns.turn();
      bulk = newBulk(coll);
    } else if (turns.due()) await turns.turn();
    part.push(o);
    bulk?.raw(updateOneOf(o));
    if (part.length === perWrite) {
      await sendPart(coll, bulk, part);
      part = [];
    }
  }
  if (part.length > 0) await sendPart(coll, bulk, part);
}

const updateOneOf = <T extends Document>(o: Upsert<T>) => ({ updateOne: { filter: o.filter as Document, update: o.update as Document, upsert: true } });

/** A bulk write to add upserts to, or null while the client has not connected yet (the driver connects at its first operation). */
function newBulk<T extends Document>(coll: Collection<T>): UnorderedBulkOperation | null {
  try {
    return coll.initializeUnorderedBulkOp();
  } catch (e) {
    if (e instanceof MongoNotConnectedError) return null;
    throw e;
  }
}

/** Send a part: its bulk write, or (no bulk write: the client not connected yet) the driver's bulkWrite, which connects first (or fails on a closed client, as an operation does). */
async function sendPart<T extends Document>(coll: Collection<T>, bulk: UnorderedBulkOperation | null, part: Upsert<T>[]): Promise<void> {
  try {
    await (bulk ? bulk.execute() : coll.bulkWrite(part.map(updateOneOf) as AnyBulkWriteOperation<T>[], { ordered: false }));
  } catch (e) {
    if (!(e instanceof MongoBulkWriteError) || !hasWriteErrors(e)) throw e;
    for (const o of part) {
      try {
        await coll.updateOne(o.filter as never, o.update, { upsert: true });
      } catch (e2) {
        if (!isDuplicateKey(e2)) throw e2;
      }
    }
  }
}

/** Insert documents that may exist already (a unique insert that collides is the document being there): duplicates are skipped. */
export async function insertOnce<T extends { _id: string }>(coll: Collection<T>, docs: T[]): Promise<void> {
  if (docs.length === 0) return;
  try {
    await coll.insertMany(docs as never, { ordered: false });
  } catch (e) {
    if (!(e instanceof MongoBulkWriteError) || !hasWriteErrors(e)) throw e;
    for (const d of docs) await coll.insertOne(d as never).catch((e2: unknown) => (isDuplicateKey(e2) ? undefined : Promise.reject(e2)));
  }
}
