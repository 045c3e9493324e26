import type { MongoConnection } from '../mongo/connection.js';
import { SHEET_KEYS, TAG_LINKS } from './mongo-docs.js';

/*
 * The record of what each writer slot's tag sheets sum (docs/adr/0182), in `click_tag_links`, written
 * only by the slot's holder (ADR 17), beside the tag sheets (`click_sheets`, `k: 'tag'`):
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
}

export type TagLinksDoc = TagSlotDoc | LinkTagsDoc | TagRecordDoc;

/** A stable bucket of a link id. */
export function bucketOf(linkId: string): number {
  let h = 0;
  for (let i = 0; i < linkId.length; i++) h = (h * 31 + linkId.charCodeAt(i)) >>> 0;
  return h % LINK_BUCKETS;
}

export const slotStateId = (s: number) => `slot|${s}`;
export const linkTagsId = (s: number, w: string, linkId: string) => `links|${s}|${w}|${bucketOf(linkId)}`;
export const tagRecordId = (s: number, w: string, tag: string) => `tag|${s}|${w}|${tag}`;

/** Slots whose record is known complete, per connection (it never turns false). */
const okSlots = new WeakMap<MongoConnection, Set<number>>();

/**
 * Whether slot `s` keeps a complete record, deciding it at its first call (its holder only, before
 * the slot writes any sheet of this version): complete when the slot has no sheet yet.
 */
export async function tagSlotReady(conn: MongoConnection, s: number): Promise<boolean> {
  const known = okSlots.get(conn) ?? new Set<number>();
  okSlots.set(conn, known);
  if (known.has(s)) return true;
  const coll = conn.collection<TagLinksDoc>(TAG_LINKS);
  let state = (await conn.run(() => coll.findOne({ _id: slotStateId(s) }))) as TagSlotDoc | null;
  if (!state) {
    const wrote = await conn.run(() => conn.collection<{ _id: string }>(SHEET_KEYS).findOne({ _id: `slot|${s}` }));
    state = { _id: slotStateId(s), k: 'slot', s, ok: wrote === null };
    if (!(await conn.insertUnique(coll, state))) state = (await conn.run(() => coll.findOne({ _id: slotStateId(s) }))) as TagSlotDoc;
  }
  if (state.ok) known.add(s);
  return state.ok;
}
