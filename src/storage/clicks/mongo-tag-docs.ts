import type { MongoConnection } from '../mongo/connection.js';
import { SHEET_KEYS, TAG_LINKS } from './mongo-docs.js';

/*
 * The record of what each writer slot's tag sheets sum (docs/adr/0182), in `click_tag_links`, written
 * only by the slot's holder (ADR 17), beside the tag sheets (`click_sheets_tag_<grain>_<YYYYMM>`):
 * - `slot|<s>`: whether the slot's record covers every link sheet of the slot (`ok`): true when the
 *   slot had written no sheet before its tag sheets were kept; false for a slot of older sheets;
 * - `links|<s>|<w>|<bucket>`: per link with sheets in slot s, the tags whose slot-s sheets count
 *   them (`l.<link>: [tags]`); closing adds a link's deltas to exactly these tags' sheets;
 * - `tag|<s>|<w>|<tag>`: the same the other way round (`l.<link>: 1`), a superset of it at every moment
 *   (added to first, removed from last), and the links whose whole share a deletion took out of
 *   the tag's sheets (`g.<link>: 1`, in the deleting instance's slot).
 */

export { TAG_LINKS };

/** Link maps per slot and workspace are split over this many documents (a 16 MB document bounds each). */
export const LINK_BUCKETS = 16;

export interface TagSlotDoc {
  _id: string;
  k: 'slot';
  s: number;
  ok: boolean;
  /** Its older links are being listed (mongo-tag-sync.ts). */
  recording?: boolean;
  /** The number of the slot's last move of links into or out of tags' sheets. */
  n?: number;
  /** Per workspace, the tag change token last synced against. */
  seen?: Record<string, string>;
}

/** A workspace's tags changed: a new token (`v`) each time; each slot's holder syncs when it differs from what it saw. */
export interface TagChangeDoc {
  _id: string;
  k: 'chg';
  w: string;
  v: string;
}

export interface LinkTagsDoc {
  _id: string;
  k: 'links';
  s: number;
  w: string;
  l: Record<string, string[]>;
}

export interface TagRecordDoc {
  _id: string;
  k: 'tag';
  s: number;
  w: string;
  t: string;
  l?: Record<string, 1>;
  g?: Record<string, 1>;
  /** Links a move could not account for (deleted during it): the slot's sheets of the tag are not used. */
  bad?: Record<string, 1>;
}

export type TagLinksDoc = TagSlotDoc | LinkTagsDoc | TagRecordDoc | TagChangeDoc;

/** A stable bucket of a link id. */
export function bucketOf(linkId: string): number {
  let h = 0;
  for (let i = 0; i < linkId.length; i++) h = (h * 31 + linkId.charCodeAt(i)) >>> 0;
  return h % LINK_BUCKETS;
}

export const slotStateId = (s: number) => `slot|${s}`;
export const linkTagsId = (s: number, w: string, linkId: string) => `links|${s}|${w}|${bucketOf(linkId)}`;
export const tagRecordId = (s: number, w: string, tag: string) => `tag|${s}|${w}|${tag}`;
export const tagChangeId = (w: string) => `chg|${w}`;

/** Slots whose record is known complete, per connection (it never turns back). */
const okSlots = new WeakMap<MongoConnection, Set<number>>();

/**
 * How slot `s` keeps its record, decided at the first call (its holder only, before the slot writes
 * any sheet of this version): 'ok' complete (the slot had no sheet yet, or its older links were all
 * recorded since); 'recording' its older links are being listed (closing records new ones with no
 * tag, moves bring their tags); 'old' sheets from before tag sheets, not listed yet (closing adds
 * only links recorded already to tags' sheets).
 */
export async function tagSlotMode(conn: MongoConnection, s: number): Promise<'ok' | 'recording' | 'old'> {
  const known = okSlots.get(conn) ?? new Set<number>();
  okSlots.set(conn, known);
  if (known.has(s)) return 'ok';
  const coll = conn.collection<TagLinksDoc>(TAG_LINKS);
  const read = async () => (await conn.run(() => coll.findOne({ _id: slotStateId(s) }))) as TagSlotDoc | null;
  let state = await read();
  if (!state) {
    const wrote = await conn.run(() => conn.collection<{ _id: string }>(SHEET_KEYS).findOne({ _id: `slot|${s}` }));
    state = { _id: slotStateId(s), k: 'slot', s, ok: wrote === null };
    if (!(await conn.insertUnique(coll, state))) state = (await read())!;
  }
  if (state.ok) known.add(s);
  return state.ok ? 'ok' : state.recording ? 'recording' : 'old';
}
