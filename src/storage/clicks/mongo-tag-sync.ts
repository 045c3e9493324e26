import { randomUUID } from 'node:crypto';
import { isDuplicateKey, type MongoConnection } from '../mongo/connection.js';
import type { TaggedDoc } from '../tags/mongo.js';
import { type SheetDoc, type Upsert, upsertAll } from './mongo-docs.js';
import type { AsWriter } from './mongo-month-hours.js';
import { closingUnderWay } from './mongo-month-hours.js';
import { sheetColls } from './mongo-sheet-colls.js';
import {
  type LinkTagsDoc,
  linkTagsId,
  slotStateId,
  TAG_LINKS,
  type TagChangeDoc,
  type TagLinksDoc,
  type TagSlotDoc,
  tagChangeId,
  tagSlotMode,
} from './mongo-tag-docs.js';
import { finishTagMove, LINKS_PER_MOVE, startMove, type TagMoveDoc } from './mongo-tag-move.js';

/**
 * Keeping a slot's tag sheets in step with the links' tags (docs/adr/0182), by the slot's holder:
 * a workspace whose tags changed gets a new change token; the holder compares its slot's link maps
 * of that workspace with the links' tags and moves what differs (mongo-tag-move.ts), a few links per
 * writer turn, then notes the token it synced against. A slot of older sheets first lists its links.
 */

/**
 * Note that a workspace's tags changed (after the change itself). Two changes at once (a bulk
 * update's links) may both find no token and both insert one: the second insert fails on the
 * unique `_id`, and is retried as the replacement it then is (any new token will do).
 */
export async function noteTagChange(conn: MongoConnection, w: string): Promise<void> {
  const doc: TagChangeDoc = { _id: tagChangeId(w), k: 'chg', w, v: randomUUID() };
  const replace = () => conn.run(() => conn.collection<TagChangeDoc>(TAG_LINKS).replaceOne({ _id: doc._id }, doc, { upsert: true }));
  try {
    await replace();
  } catch (e) {
    if (!isDuplicateKey(e)) throw e;
    await replace();
  }
}

const slotState = async (conn: MongoConnection, s: number) =>
  (await conn.run(() => conn.collection<TagLinksDoc>(TAG_LINKS).findOne({ _id: slotStateId(s) }))) as TagSlotDoc | null;

/**
 * Record every link of a slot of older sheets (no tag), then mark it complete: closings record their
 * new links meanwhile ('recording'), so none is missed; the workspaces listed count as changed, so
 * the syncs move the links' sheets into their tags'.
 */
export async function listSlotLinks(conn: MongoConnection, s: number, asWriter: AsWriter): Promise<void> {
  const coll = conn.collection<TagLinksDoc>(TAG_LINKS);
  if ((await tagSlotMode(conn, s)) === 'ok') return;
  await asWriter(() => conn.run(() => coll.updateOne({ _id: slotStateId(s) }, { $set: { recording: true } })));
  const months: { w: string; key: string }[] = [];
  for (const { name } of await sheetColls(conn, 'link', 'month'))
    months.push(
      ...(await conn.run(() =>
        conn
          .collection<SheetDoc>(name)
          .find({ s }, { projection: { w: 1, key: 1 } })
          .toArray(),
      )),
    );
  await asWriter(async () => {
    const ops = new Map<string, Upsert<LinkTagsDoc>>();
    const maps = new Map((await conn.run(() => coll.find({ k: 'links', s }).toArray())).map((d) => [d._id, d as LinkTagsDoc]));
    for (const m of months) {
      const _id = linkTagsId(s, m.w, m.key);
      if (maps.get(_id)?.l?.[m.key]) continue;
      const op = ops.get(_id) ?? { filter: { _id }, update: { $set: {}, $setOnInsert: { k: 'links', s, w: m.w } } };
      (op.update.$set as Record<string, string[]>)[`l.${m.key}`] = [];
      ops.set(_id, op);
    }
    await conn.run(() => upsertAll(coll as never, [...ops.values()]));
    await conn.run(() => coll.updateOne({ _id: slotStateId(s) }, { $set: { ok: true }, $unset: { recording: '' } }));
  });
  // Their tags come by moves: each workspace listed counts as changed.
  for (const w of new Set(months.map((m) => m.w))) await noteTagChange(conn, w);
}

/** The link-tag pairs in which slot `s`'s maps of workspace `w` differ from the links' tags (of `only` links). */
async function differences(conn: MongoConnection, s: number, w: string, only?: readonly string[]): Promise<TagMoveDoc['pairs']> {
  const coll = conn.collection<TagLinksDoc>(TAG_LINKS);
  const filter = only ? { _id: { $in: [...new Set(only.map((l) => linkTagsId(s, w, l)))] } } : { k: 'links' as const, s, w };
  const maps = (await conn.run(() => coll.find(filter).toArray())) as LinkTagsDoc[];
  const recorded = new Map<string, string[]>();
  for (const m of maps) for (const [l, tags] of Object.entries(m.l ?? {})) if (m.w === w && (!only || only.includes(l))) recorded.set(l, tags);
  if (recorded.size === 0) return [];
  const links = conn.collection<TaggedDoc>('links');
  const now = await conn.run(() => links.find({ _id: { $in: [...recorded.keys()] } }, { projection: { workspaceId: 1, tagKeys: 1 } }).toArray());
  const pairs: TagMoveDoc['pairs'] = [];
  for (const d of now) {
    const had = recorded.get(d._id);
    if (!had || d.workspaceId !== w) continue; // a deleted link is taken out by its deletion
    const tags = d.tagKeys ?? [];
    for (const t of tags) if (!had.includes(t)) pairs.push({ l: d._id, t, d: 1 });
    for (const t of had) if (!tags.includes(t)) pairs.push({ l: d._id, t, d: -1 });
  }
  return pairs;
}

/** What a sync did: link-tag pairs moved, and whether it found nothing left (false: stopped early or waiting). */
export interface SyncReport {
  moved: number;
  done: boolean;
}

/**
 * Move what differs in slot `s` for workspace `w` (its `only` links), a few links per writer turn
 * (at most `turns` turns), each turn checking its links again. Nothing moves while a closing of the
 * slot is cut short (it finishes first) or before the slot's links are listed.
 */
export async function syncSlotTags(
  conn: MongoConnection,
  s: number,
  w: string,
  asWriter: AsWriter,
  only?: readonly string[],
  turns = Number.POSITIVE_INFINITY,
): Promise<SyncReport> {
  const candidates = [...new Set((await differences(conn, s, w, only)).map((p) => p.l))];
  const report: SyncReport = { moved: 0, done: true };
  for (let i = 0; i < candidates.length; i += LINKS_PER_MOVE) {
    if (i / LINKS_PER_MOVE >= turns) return { ...report, done: false };
    const links = candidates.slice(i, i + LINKS_PER_MOVE);
    const moved = await asWriter(async () => {
      await finishTagMove(conn, s);
      if ((await closingUnderWay(conn, s)) || (await tagSlotMode(conn, s)) !== 'ok') return null;
      const pairs = await differences(conn, s, w, links);
      if (pairs.length === 0) return 0;
      const n = ((await slotState(conn, s))?.n ?? 0) + 1;
      await conn.run(() => conn.collection<TagLinksDoc>(TAG_LINKS).updateOne({ _id: slotStateId(s) }, { $set: { n } }));
      await startMove(conn, s, w, n, pairs);
      return pairs.length;
    });
    if (moved === null) return { ...report, done: false };
    report.moved += moved;
  }
  return report;
}

/**
 * Sync every workspace whose tags changed since slot `s` last looked, up to `turns` writer turns of
 * moves; a workspace's token is noted (as the slot's writer) once its sync found nothing left.
 */
export async function syncChangedTags(conn: MongoConnection, s: number, asWriter: AsWriter, turns: number): Promise<SyncReport> {
  const seen = (await slotState(conn, s))?.seen ?? {};
  const changes = (await conn.run(() => conn.collection<TagLinksDoc>(TAG_LINKS).find({ k: 'chg' }).toArray())) as TagChangeDoc[];
  const report: SyncReport = { moved: 0, done: true };
  for (const c of changes) {
    if (seen[c.w] === c.v) continue;
    const r = await syncSlotTags(conn, s, c.w, asWriter, undefined, turns);
    report.moved += r.moved;
    turns -= Math.ceil(r.moved / LINKS_PER_MOVE) + 1;
    if (!r.done || turns <= 0) return { ...report, done: false };
    await asWriter(() => conn.run(() => conn.collection<TagLinksDoc>(TAG_LINKS).updateOne({ _id: slotStateId(s) }, { $set: { [`seen.${c.w}`]: c.v } })));
  }
  return report;
}
