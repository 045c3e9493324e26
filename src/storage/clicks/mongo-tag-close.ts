import type { MongoConnection } from '../mongo/connection.js';
import type { TaggedDoc } from '../tags/mongo.js';
import { type Upsert, upsertAll } from './mongo-docs.js';
import { type LinkTagsDoc, linkTagsId, TAG_LINKS, type TagLinksDoc, type TagRecordDoc, tagRecordId, tagSlotMode } from './mongo-tag-docs.js';
import type { SheetDelta } from './sheets.js';
import { TagDeltas } from './tag-sheets.js';

/**
 * The tags each link of a closing of slot `s` is counted in (docs/adr/0182): the slot's record for
 * links it wrote before, the link's current tags for a link new to the slot (recorded before its
 * first sheet: the tag records, then the link map, so the tag records are never short of a link).
 * In a slot of older sheets only links recorded already count in tags (the listing records the others,
 * mongo-tag-sync.ts). Only the slot's holder calls this, before folding.
 */
export async function closingTags(
  conn: MongoConnection,
  s: number,
  cells: readonly { linkId: string; workspaceId: string }[],
): Promise<Map<string, string[]> | null> {
  if (cells.length === 0) return null;
  const mode = await tagSlotMode(conn, s);
  const coll = conn.collection<TagLinksDoc>(TAG_LINKS);
  const workspaceOf = new Map(cells.map((c) => [c.linkId, c.workspaceId]));
  const ids = [...new Set([...workspaceOf].map(([l, w]) => linkTagsId(s, w, l)))];
  const docs = (await conn.run(() => coll.find({ _id: { $in: ids } }).toArray())) as LinkTagsDoc[];
  const out = new Map<string, string[]>();
  for (const d of docs) for (const [l, tags] of Object.entries(d.l ?? {})) if (workspaceOf.get(l) === d.w) out.set(l, tags);
  const fresh = [...workspaceOf.keys()].filter((l) => !out.has(l));
  // A slot of older sheets: a link not recorded yet may have sheets before this closing (its listing records it).
  if (fresh.length === 0 || mode === 'old') return out;
  const links = conn.collection<TaggedDoc>('links');
  const current = mode === 'ok' ? await conn.run(() => links.find({ _id: { $in: fresh } }, { projection: { workspaceId: 1, tagKeys: 1 } }).toArray()) : [];
  const tagsNow = new Map(current.filter((d) => d.workspaceId === workspaceOf.get(d._id)).map((d) => [d._id, d.tagKeys ?? []]));
  const records = new Map<string, Upsert<TagRecordDoc>>();
  const maps = new Map<string, Upsert<LinkTagsDoc>>();
  for (const l of fresh) {
    const w = workspaceOf.get(l)!;
    // A link deleted meanwhile counts in no tag; one of a slot being listed gets its tags by a move.
    const tags = mode === 'ok' ? (tagsNow.get(l) ?? []) : [];
    out.set(l, tags);
    for (const t of tags) {
      const _id = tagRecordId(s, w, t);
      const op = records.get(_id) ?? { filter: { _id }, update: { $set: {}, $setOnInsert: { k: 'tag', s, w, t } } };
      (op.update.$set as Record<string, 1>)[`l.${l}`] = 1;
      records.set(_id, op);
    }
    const _id = linkTagsId(s, w, l);
    const op = maps.get(_id) ?? { filter: { _id }, update: { $set: {}, $setOnInsert: { k: 'links', s, w } } };
    (op.update.$set as Record<string, string[]>)[`l.${l}`] = tags;
    maps.set(_id, op);
  }
  await conn.run(async () => {
    await upsertAll(conn.collection<TagRecordDoc>(TAG_LINKS), [...records.values()]);
    await upsertAll(conn.collection<LinkTagsDoc>(TAG_LINKS), [...maps.values()]);
  });
  return out;
}

/** The tag sheet deltas of a fold's link sheet deltas: each link's added to the sheets of the tags it counts in. */
export function tagDeltasOf(deltas: Iterable<SheetDelta>, tagsOf: ReadonlyMap<string, readonly string[]>): SheetDelta[] {
  const out = new TagDeltas();
  for (const d of deltas) if (d.kind === 'link') for (const t of tagsOf.get(d.key) ?? []) out.add(t, d, d.key);
  return [...out.sheets.values()];
}
