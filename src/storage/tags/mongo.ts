import type { AnyBulkWriteOperation, Collection, Filter, MongoBulkWriteError } from 'mongodb';
import { tagKey } from '../../domain/field-rules.js';
import type { Tag } from '../../domain/model.js';
import { partsOf } from '../mongo/bulk-parts.js';
import { type IndexDef, isDuplicateKey, type MongoConnection } from '../mongo/connection.js';
import { purgeCollections } from '../mongo/purge.js';
import type { TagsRepository } from './repository.js';

export interface TagDoc {
  /** `${workspaceId}:${key}` */
  _id: string;
  workspaceId: string;
  key: string;
  /** Canonical spelling. */
  name: string;
  createdAt: Date;
}

/** What the tag code needs of a link document. */
export interface TaggedDoc {
  _id: string;
  workspaceId: string;
  /** Lower-cased tag keys, in the link's order, no duplicates. */
  tagKeys: string[];
}

export const TAG_INDEXES: IndexDef[] = [['tags', { workspaceId: 1, key: 1 }, { name: 'tags_by_key', unique: true }]];

/** Upper bound on tag positions scanned while renaming (links carry at most 25 tags). */
const MAX_TAG_POSITIONS = 256;

export const tagId = (workspaceId: string, key: string): string => `${workspaceId}:${key}`;

/** Tag keys and first spellings of a tag list, duplicates (by key) collapsed to the first. */
export function tagEntries(names: readonly string[]): { key: string; name: string }[] {
  const seen = new Set<string>();
  const out: { key: string; name: string }[] = [];
  for (const name of names) {
    const key = tagKey(name);
    if (seen.has(key)) continue;
    seen.add(key);
    out.push({ key, name });
  }
  return out;
}

/** The tag documents behind links: created with the links that use them, read for their names. */
export class MongoTagDocs {
  readonly tags: Collection<TagDoc>;

  constructor(conn: MongoConnection) {
    this.tags = conn.collection('tags');
  }

  /** Each link's displayed tags: each key's canonical name, in the link's order. */
  async namesOf(docs: readonly TaggedDoc[]): Promise<Map<string, string[]>> {
    const ids = new Set<string>();
    for (const d of docs) for (const k of d.tagKeys ?? []) ids.add(tagId(d.workspaceId, k));
    const names = new Map<string, string>();
    if (ids.size > 0) for (const t of await this.tags.find({ _id: { $in: [...ids] } }, { projection: { name: 1 } }).toArray()) names.set(t._id, t.name);
    // A key without a tag document (only possible mid-way through a concurrent rename/delete) is not shown.
    return new Map(docs.map((d) => [d._id, (d.tagKeys ?? []).flatMap((k) => names.get(tagId(d.workspaceId, k)) ?? [])]));
  }

  /** Create the tag documents a link is about to use (existing spellings win); returns the keys this call created. */
  async ensure(workspaceId: string, entries: { key: string; name: string }[], at: Date): Promise<string[]> {
    if (entries.length === 0) return [];
    const ops: AnyBulkWriteOperation<TagDoc>[] = entries.map(({ key, name }) => ({
      updateOne: { filter: { _id: tagId(workspaceId, key) }, update: { $setOnInsert: { workspaceId, key, name, createdAt: at } }, upsert: true },
    }));
    // Map upserts back by _id, not by index: FerretDB 1.24 reports every upsert at index 0.
    const prefix = tagId(workspaceId, '');
    const keysOf = (upserted: Record<number, unknown> | undefined) =>
      Object.values(upserted ?? {}).flatMap((id) => (typeof id === 'string' && id.startsWith(prefix) ? [id.slice(prefix.length)] : []));
    const created: string[] = [];
    // In parts: FerretDB 1.24 never answers a bulk write updating 100 existing documents (docs/adr/0231).
    for (const part of partsOf(ops)) {
      try {
        created.push(...keysOf((await this.tags.bulkWrite(part, { ordered: false })).upsertedIds));
      } catch (e) {
        // Two writers upserting the same new tag at once: the loser's upsert collides, the tag exists.
        if (!isDuplicateKey(e)) throw e;
        created.push(...keysOf((e as MongoBulkWriteError).result?.upsertedIds));
      }
    }
    return created;
  }

  /** Undo `ensure` after a failed link write: drop the given tags when no link uses them. */
  async dropUnused<T extends TaggedDoc>(links: Collection<T>, workspaceId: string, keys: string[]): Promise<void> {
    for (const key of keys) {
      try {
        if (!(await links.findOne({ workspaceId, tagKeys: key } as Filter<T>, { projection: { _id: 1 } })))
          await this.tags.deleteOne({ _id: tagId(workspaceId, key) });
      } catch {
        // best effort: an unused tag only shows with a count of 0
      }
    }
  }
}

/*
 * Multi-document operations (rename/merge, delete) are sequences of idempotent steps that can be
 * re-run safely if interrupted.
 */
export class MongoTags implements TagsRepository {
  private readonly docs: MongoTagDocs;
  private readonly links: Collection<TaggedDoc>;

  constructor(private readonly conn: MongoConnection) {
    this.docs = new MongoTagDocs(conn);
    this.links = conn.collection('links');
  }

  private async getTag(workspaceId: string, key: string): Promise<Tag | null> {
    const t = await this.docs.tags.findOne({ _id: tagId(workspaceId, key) });
    if (!t) return null;
    return { name: t.name, links: await this.links.countDocuments({ workspaceId, tagKeys: key }), createdAt: t.createdAt };
  }

  async list(workspaceId: string): Promise<Tag[]> {
    return this.conn.run(async () => {
      const [tags, counts] = await Promise.all([
        this.docs.tags.find({ workspaceId }).sort({ key: 1 }).toArray(),
        this.links
          .aggregate<{ _id: string; n: number }>([{ $match: { workspaceId } }, { $unwind: '$tagKeys' }, { $group: { _id: '$tagKeys', n: { $sum: 1 } } }])
          .toArray(),
      ]);
      const byKey = new Map(counts.map((c) => [c._id, Number(c.n)]));
      return tags.map((t) => ({ name: t.name, links: byKey.get(t.key) ?? 0, createdAt: t.createdAt }));
    });
  }

  /** Replace `fromKey` by `toKey` in every link of the workspace in place; a link carrying both keeps `toKey` where it was. */
  private async moveTagKey(workspaceId: string, fromKey: string, toKey: string): Promise<void> {
    const both: Filter<TaggedDoc> = { workspaceId, tagKeys: { $all: [fromKey, toKey] } };
    await this.links.updateMany(both, { $pull: { tagKeys: fromKey } });
    const pending: Filter<TaggedDoc> = { workspaceId, $and: [{ tagKeys: fromKey }, { tagKeys: { $ne: toKey } }] };
    // No positional `$` (FerretDB lacks it and arrayFilters): set the key position by position.
    for (let i = 0; i < MAX_TAG_POSITIONS; i++) {
      if (!(await this.links.findOne(pending, { projection: { _id: 1 } }))) break;
      const at = `tagKeys.${i}`;
      await this.links.updateMany({ ...pending, [at]: fromKey } as Filter<TaggedDoc>, { $set: { [at]: toKey } });
    }
    // A link that gained both keys meanwhile keeps the target only.
    await this.links.updateMany(both, { $pull: { tagKeys: fromKey } });
  }

  async rename(workspaceId: string, fromKey: string, to: string): Promise<Tag | null> {
    return this.conn.run(async () => {
      const toKey = tagKey(to);
      const from = await this.docs.tags.findOne({ _id: tagId(workspaceId, fromKey) });
      if (!from) return null;
      if (toKey === fromKey) {
        await this.docs.tags.updateOne({ _id: from._id }, { $set: { name: to } });
        return this.getTag(workspaceId, toKey);
      }
      // 1. the target tag exists (merge) or is created with the new spelling and the old createdAt
      if (!(await this.docs.tags.findOne({ _id: tagId(workspaceId, toKey) }, { projection: { _id: 1 } }))) {
        try {
          await this.docs.tags.insertOne({ _id: tagId(workspaceId, toKey), workspaceId, key: toKey, name: to, createdAt: from.createdAt });
        } catch (e) {
          if (!isDuplicateKey(e)) throw e; // created meanwhile: merge into it
        }
      }
      // 2. links move over; 3. the old tag goes; 4. links that picked up the old key meanwhile move too.
      // Re-running after an interruption at any point finishes the job (or answers null once done).
      await this.moveTagKey(workspaceId, fromKey, toKey);
      await this.docs.tags.deleteOne({ _id: from._id });
      await this.moveTagKey(workspaceId, fromKey, toKey);
      return this.getTag(workspaceId, toKey);
    });
  }

  async delete(workspaceId: string, key: string): Promise<boolean> {
    return this.conn.run(async () => {
      await this.links.updateMany({ workspaceId, tagKeys: key }, { $pull: { tagKeys: key } });
      return (await this.docs.tags.deleteOne({ _id: tagId(workspaceId, key) })).deletedCount > 0;
    });
  }

  purgeWorkspace(workspaceId: string, limit: number): Promise<number> {
    const c = (name: string) => this.conn.collection(name);
    return purgeCollections(this.conn, [[c('tags'), { workspaceId }]], limit);
  }
}
