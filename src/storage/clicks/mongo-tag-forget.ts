import type { MongoConnection } from '../mongo/connection.js';
import { linkSheetOf, type SheetDoc, type Upsert, upsertAll } from './mongo-docs.js';
import { applyDeltas } from './mongo-sheets.js';
import { type LinkTagsDoc, linkTagsId, TAG_LINKS, type TagRecordDoc, tagRecordId } from './mongo-tag-docs.js';
import { TagDeltas } from './tag-sheets.js';

/**
 * A deleted link's share of its tags' sheets (docs/adr/0182), taken away in this instance's own slot
 * before the link's sheets go: each slot's link sheets from the sheets of the tags that slot counts
 * the link in (its link map), each target guarded by `del.<link>` as the domain shares are (a
 * repeat takes nothing twice); then the link is marked gone (`g`) in this slot's record of each of
 * those tags, so reads know the tags' sheets no longer count it. The caller has settled its slot's
 * record (`tagSlotMode`) before the slot's first sheet.
 */
export async function forgetTagShare(
  conn: MongoConnection,
  ownSlot: number,
  workspaceId: string,
  linkId: string,
  linkSheets: readonly SheetDoc[],
): Promise<void> {
  const slots = [...new Set(linkSheets.map((d) => d.s))];
  if (slots.length === 0) return;
  const ids = slots.map((s) => linkTagsId(s, workspaceId, linkId));
  const maps = (await conn.run(() =>
    conn
      .collection<LinkTagsDoc>(TAG_LINKS)
      .find({ _id: { $in: ids } })
      .toArray(),
  )) as LinkTagsDoc[];
  const tagsIn = new Map<number, string[]>();
  for (const m of maps) if (m.w === workspaceId && m.l?.[linkId]) tagsIn.set(m.s, m.l[linkId]!);
  const share = new TagDeltas();
  for (const d of linkSheets) {
    const sheet = linkSheetOf(d, workspaceId);
    for (const t of tagsIn.get(d.s) ?? []) share.add(t, sheet, linkId);
  }
  const tags = [...new Set([...tagsIn.values()].flat())];
  if (tags.length === 0) return;
  await applyDeltas(conn, ownSlot, [...share.sheets.values()], { [`del.${linkId}`]: { $exists: false } }, { [`del.${linkId}`]: 1 }, -1);
  const gone: Upsert<TagRecordDoc>[] = tags.map((t) => ({
    filter: { _id: tagRecordId(ownSlot, workspaceId, t) },
    update: { $set: { [`g.${linkId}`]: 1 }, $setOnInsert: { k: 'tag', s: ownSlot, w: workspaceId, t } } as never,
  }));
  await conn.run(() => upsertAll(conn.collection<TagRecordDoc>(TAG_LINKS), gone));
}
