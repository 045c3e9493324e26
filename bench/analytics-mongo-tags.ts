/**
 * The record of the bench slot's tag sheets (docs/adr/0182) as closing leaves it: the slot keeps a
 * complete record, each link counted in its tags (link maps), each tag listing its links.
 */
import type { Db } from 'mongodb';
import {
  type LinkTagsDoc,
  linkTagsId,
  slotStateId,
  TAG_LINKS,
  type TagLinksDoc,
  type TagRecordDoc,
  type TagSlotDoc,
  tagRecordId,
} from '../src/storage/clicks/mongo-tag-docs.js';
import type { SeedLink } from './analytics-seed.js';

export const BENCH_SLOT = 0;

export async function insertTagRecord(db: Db, workspaceId: string, links: readonly SeedLink[]): Promise<void> {
  const s = BENCH_SLOT;
  const docs = new Map<string, TagLinksDoc>();
  const state: TagSlotDoc = { _id: slotStateId(s), k: 'slot', s, ok: true };
  docs.set(state._id, state);
  for (const l of links) {
    const mapId = linkTagsId(s, workspaceId, l.id);
    const map = (docs.get(mapId) as LinkTagsDoc | undefined) ?? { _id: mapId, k: 'links', s, w: workspaceId, l: {} };
    map.l[l.id] = [...(l.tags ?? [])];
    docs.set(mapId, map);
    for (const t of l.tags ?? []) {
      const id = tagRecordId(s, workspaceId, t);
      const record = (docs.get(id) as TagRecordDoc | undefined) ?? { _id: id, k: 'tag', s, w: workspaceId, t, l: {} };
      record.l![l.id] = 1;
      docs.set(id, record);
    }
  }
  const ops = [...docs.values()].map((d) => ({ replaceOne: { filter: { _id: d._id }, replacement: d, upsert: true } }));
  await db.collection<TagLinksDoc>(TAG_LINKS).bulkWrite(ops as never, { ordered: false });
}
