import type { MongoConnection } from '../mongo/connection.js';
import type { TaggedDoc } from '../tags/mongo.js';
import { linkSheetOf, type Upsert, upsertAll } from './mongo-docs.js';
import { findSheets } from './mongo-sheet-colls.js';
import { applyDeltas } from './mongo-sheets.js';
import { type LinkTagsDoc, linkTagsId, TAG_LINKS, type TagRecordDoc, tagRecordId } from './mongo-tag-docs.js';
import { TagDeltas } from './tag-sheets.js';

/**
 * Moving links' sheets into or out of tags' sheets in one slot (docs/adr/0182), by the slot's
 * holder only, one move at a time, recorded first (`move|<s>`) so that a move cut short is finished
 * before anything else changes the slot's sheets (its next closing finishes it first). A move:
 * (1) gains enter the tag's record (`l`), losses leave the link maps (closing stops counting them);
 * (2) the links' sheets in the slot are added to (gains) or taken from (losses) the tags' sheets,
 * every tag sheet guarded by the move's number (`mv`), so a resumed move adds nothing twice;
 * (3) gains enter the link maps (closing counts them from then on), losses leave the tag's record.
 * Between (1) and (3) reads of those tags fall back to the links' sheets. A link deleted meanwhile
 * (its sheets may be gone before they were read) marks the tag `bad` in the slot: its reads fall back.
 */
export interface TagPair {
  l: string;
  t: string;
  d: 1 | -1;
}

export interface TagMoveDoc {
  _id: string;
  k: 'move';
  s: number;
  w: string;
  n: number;
  /** Link, tag, +1 gained or -1 lost (documents, not nested arrays: FerretDB 1.24 stores no arrays of arrays). */
  pairs: TagPair[];
}

export const moveId = (s: number) => `move|${s}`;

/** Links per move: their sheets are read into memory at once. */
export const LINKS_PER_MOVE = 8;

/** Record a move, then run it; `n` must exceed every earlier move's of the slot. */
export async function startMove(conn: MongoConnection, s: number, w: string, n: number, pairs: TagMoveDoc['pairs']): Promise<void> {
  const doc: TagMoveDoc = { _id: moveId(s), k: 'move', s, w, n, pairs };
  await conn.run(() => conn.collection<TagMoveDoc>(TAG_LINKS).replaceOne({ _id: doc._id }, doc, { upsert: true }));
  await runMove(conn, doc);
}

/** Finish slot `s`'s move cut short, if any (before its closing, sync or deletion writes). */
export async function finishTagMove(conn: MongoConnection, s: number): Promise<void> {
  const doc = await conn.run(() => conn.collection<TagMoveDoc>(TAG_LINKS).findOne({ _id: moveId(s) }));
  if (doc) await runMove(conn, doc);
}

async function runMove(conn: MongoConnection, m: TagMoveDoc): Promise<void> {
  const coll = conn.collection<TagRecordDoc | LinkTagsDoc>(TAG_LINKS);
  const { s, w } = m;
  const record = (t: string, update: Record<string, unknown>): Upsert<TagRecordDoc> => ({
    filter: { _id: tagRecordId(s, w, t) },
    update: { ...update, $setOnInsert: { k: 'tag', s, w, t } } as never,
  });
  const links = [...new Set(m.pairs.map((p) => p.l))];
  const gained = m.pairs.filter((p) => p.d === 1);
  const lost = m.pairs.filter((p) => p.d === -1);
  const maps = new Map<string, LinkTagsDoc>();
  for (const d of (await conn.run(() => coll.find({ _id: { $in: links.map((l) => linkTagsId(s, w, l)) } }).toArray())) as LinkTagsDoc[]) maps.set(d._id, d);
  // What a link's map holds without its losses, and in the end (the same whichever step a resumed move had reached).
  const without = (l: string) => (maps.get(linkTagsId(s, w, l))?.l?.[l] ?? []).filter((t) => !lost.some((p) => p.l === l && p.t === t));
  const final = (l: string) => [...new Set([...without(l), ...gained.filter((p) => p.l === l).map((p) => p.t)])];
  const mapOps = (tags: (l: string) => string[]): Upsert<LinkTagsDoc>[] =>
    links.map((l) => ({ filter: { _id: linkTagsId(s, w, l) }, update: { $set: { [`l.${l}`]: tags(l) }, $setOnInsert: { k: 'links', s, w } } as never }));
  // (1)
  await conn.run(() =>
    upsertAll(
      coll as never,
      gained.map((p) => record(p.t, { $set: { [`l.${p.l}`]: 1 } })),
    ),
  );
  await conn.run(() => upsertAll(coll as never, mapOps(without)));
  // (2)
  const docs = await findSheets(conn, 'link', { s, w, key: { $in: links } });
  const deltas = new TagDeltas();
  for (const d of docs) {
    const sheet = linkSheetOf(d, w);
    for (const p of m.pairs) if (p.l === d.key) deltas.add(p.t, sheet, p.l, p.d);
  }
  await applyDeltas(conn, s, [...deltas.sheets.values()], { mv: { $lt: m.n } }, { mv: m.n });
  // (3), unless a link went (its sheets may have been read partly or not at all)
  const alive = await conn.run(() =>
    conn
      .collection<TaggedDoc>('links')
      .find({ _id: { $in: links } }, { projection: { workspaceId: 1 } })
      .toArray(),
  );
  const gone = new Set(links.filter((l) => !alive.some((a) => a._id === l && a.workspaceId === w)));
  await conn.run(() => upsertAll(coll as never, mapOps(final)));
  const ends = m.pairs.filter((p) => p.d === -1 || gone.has(p.l));
  await conn.run(() =>
    upsertAll(
      coll as never,
      ends.map((p) => record(p.t, gone.has(p.l) ? { $set: { [`bad.${p.l}`]: 1 } } : { $unset: { [`l.${p.l}`]: '' } })),
    ),
  );
  await conn.run(() => coll.deleteOne({ _id: moveId(s) }));
}
