import type { MongoConnection } from '../mongo/connection.js';
import { sheetSlots } from './mongo-sheet-keys.js';
import { type LinkTagsDoc, linkTagsId, slotStateId, TAG_LINKS, type TagLinksDoc, type TagRecordDoc, type TagSlotDoc, tagRecordId } from './mongo-tag-docs.js';

/**
 * Whether tag `tag`'s sheets sum exactly the sheets of `links` (the tag's links now), read from every
 * slot's record in one query (docs/adr/0182): each slot that wrote sheets keeps a complete record, no
 * slot counts a link outside `links` in the tag (unless a deletion took that link's whole share out),
 * and each of `links` that has sheets in a slot is counted there in the tag. Answers `links` when so,
 * else null (the links' own sheets answer), and how many documents it read.
 */
export async function recordedTagLinks(
  conn: MongoConnection,
  workspaceId: string,
  tag: string,
  links: readonly string[],
): Promise<{ links: string[] | null; docs: number }> {
  const slots = await sheetSlots(conn);
  const ids = new Set<string>();
  for (const s of slots) {
    ids.add(slotStateId(s));
    ids.add(tagRecordId(s, workspaceId, tag));
    for (const l of links) ids.add(linkTagsId(s, workspaceId, l));
  }
  if (ids.size === 0) return { links: [...links], docs: 0 };
  const projection: Record<string, 1> = { k: 1, s: 1, w: 1, ok: 1, t: 1, l: 1, g: 1, bad: 1 };
  const docs = await conn.run(() =>
    conn
      .collection<TagLinksDoc>(TAG_LINKS)
      .find({ _id: { $in: [...ids] } }, { projection })
      .toArray(),
  );
  const byId = new Map(docs.map((d) => [d._id, d]));
  const wanted = new Set(links);
  const gone = new Set<string>();
  for (const s of slots) for (const l in (byId.get(tagRecordId(s, workspaceId, tag)) as TagRecordDoc | undefined)?.g ?? {}) gone.add(l);
  const matches = slots.every((s) => {
    if (!(byId.get(slotStateId(s)) as TagSlotDoc | undefined)?.ok) return false;
    const record = byId.get(tagRecordId(s, workspaceId, tag)) as TagRecordDoc | undefined;
    if ((record?.w !== undefined && record.w !== workspaceId) || Object.keys(record?.bad ?? {}).length > 0) return false;
    if (Object.keys(record?.l ?? {}).some((l) => !wanted.has(l) && !gone.has(l))) return false;
    return links.every((l) => {
      const map = byId.get(linkTagsId(s, workspaceId, l)) as LinkTagsDoc | undefined;
      const tags = map?.w === workspaceId ? map.l?.[l] : undefined;
      return tags === undefined || tags.includes(tag);
    });
  });
  return { links: matches ? [...links] : null, docs: docs.length };
}
