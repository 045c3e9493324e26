import { type Collection, type Filter, MongoBulkWriteError } from 'mongodb';
import { StoreConflict } from '../errors.js';
import { type IndexDef, isDuplicateKey, keyPatternOf, type MongoConnection } from '../mongo/connection.js';
import { MongoTagDocs, type TaggedDoc, tagEntries } from '../tags/mongo.js';
import type { LinkFilter, LinkPatch, LinkQuery, LinkRow, LinksRepository, NewLink, RedirectTarget } from './repository.js';

interface LinkDoc extends TaggedDoc {
  domain: string;
  alias: string;
  destination: string;
  geo: Record<string, string>;
  createdAt: Date;
  updatedAt: Date;
}

export const LINK_INDEXES: IndexDef[] = [
  ['links', { domain: 1, alias: 1 }, { name: 'links_domain_alias', unique: true }],
  ['links', { workspaceId: 1, createdAt: -1, _id: -1 }, { name: 'links_by_workspace' }],
  ['links', { workspaceId: 1, tagKeys: 1 }, { name: 'links_by_tag' }],
];

function toDoc(link: NewLink): LinkDoc {
  return {
    _id: link.id,
    workspaceId: link.workspaceId,
    domain: link.domain,
    alias: link.alias,
    destination: link.destination,
    geo: { ...link.geoTargeting },
    tagKeys: tagEntries(link.tags).map((t) => t.key),
    createdAt: link.createdAt,
    updatedAt: link.createdAt,
  };
}

function escapeRegex(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

export class MongoLinks implements LinksRepository {
  private readonly links: Collection<LinkDoc>;
  private readonly tags: MongoTagDocs;

  constructor(private readonly conn: MongoConnection) {
    this.links = conn.collection('links');
    this.tags = new MongoTagDocs(conn);
  }

  private async toLinks(docs: LinkDoc[]): Promise<LinkRow[]> {
    const names = await this.tags.namesOf(docs);
    return docs.map((d) => ({
      id: d._id,
      workspaceId: d.workspaceId,
      domain: d.domain,
      alias: d.alias,
      destination: d.destination,
      geoTargeting: { ...(d.geo ?? {}) },
      tags: names.get(d._id) ?? [],
      createdAt: d.createdAt,
      updatedAt: d.updatedAt,
    }));
  }

  async insert(link: NewLink): Promise<LinkRow> {
    return this.conn.run(async () => {
      const entries = tagEntries(link.tags);
      const doc = toDoc(link);
      const created = await this.tags.ensure(link.workspaceId, entries, link.createdAt);
      try {
        await this.links.insertOne(doc);
      } catch (e) {
        await this.tags.dropUnused(this.links, link.workspaceId, created);
        if (!isDuplicateKey(e)) throw e;
        throw await this.conflictOf(link, keyPatternOf(e));
      }
      return (await this.toLinks([doc]))[0]!;
    });
  }

  /** Which unique index a duplicate-key error hit: its key pattern, or (FerretDB does not say) whether another link holds the alias. */
  private async conflictOf(link: NewLink, kp: Record<string, unknown> | undefined): Promise<StoreConflict> {
    if (kp) return new StoreConflict('alias' in kp || 'domain' in kp ? 'alias' : 'id');
    const byAlias = await this.links.findOne({ domain: link.domain, alias: link.alias, _id: { $ne: link.id } }, { projection: { _id: 1 } });
    return new StoreConflict(byAlias ? 'alias' : 'id');
  }

  /** One unordered insertMany: every link is tried; the duplicates come back as write errors by index. */
  async insertMany(workspaceId: string, links: readonly NewLink[]): Promise<(LinkRow | StoreConflict)[]> {
    if (links.length === 0) return [];
    return this.conn.run(async () => {
      const entries = tagEntries(links.flatMap((l) => l.tags));
      const created = await this.tags.ensure(workspaceId, entries, links[0]!.createdAt);
      const docs = links.map(toDoc);
      const failed = new Map<number, StoreConflict>();
      try {
        await this.links.insertMany(docs, { ordered: false });
      } catch (e) {
        if (!(e instanceof MongoBulkWriteError) || !isDuplicateKey(e)) {
          await this.tags.dropUnused(this.links, workspaceId, created);
          throw e;
        }
        const errs = Array.isArray(e.writeErrors) ? e.writeErrors : [e.writeErrors];
        for (const w of errs) failed.set(w.index, await this.conflictOf(links[w.index]!, keyPatternOf(w.errInfo) ?? keyPatternOf(w.err)));
        await this.tags.dropUnused(this.links, workspaceId, created);
      }
      const rows = await this.toLinks(docs.filter((_d, i) => !failed.has(i)));
      let next = 0;
      return docs.map((_d, i) => failed.get(i) ?? rows[next++]!);
    });
  }

  async deleteMany(workspaceId: string, ids: readonly string[]): Promise<string[]> {
    if (ids.length === 0) return [];
    return this.conn.run(async () => {
      const found = (await this.links.find({ workspaceId, _id: { $in: [...ids] } }, { projection: { _id: 1 } }).toArray()).map((d) => d._id);
      if (found.length > 0) await this.links.deleteMany({ workspaceId, _id: { $in: found } });
      return found;
    });
  }

  async get(workspaceId: string, id: string): Promise<LinkRow | null> {
    return this.conn.run(async () => {
      const d = await this.links.findOne({ _id: id, workspaceId });
      return d ? (await this.toLinks([d]))[0]! : null;
    });
  }

  async findRedirect(domain: string, alias: string): Promise<RedirectTarget | null> {
    return this.conn.run(async () => {
      const d = await this.links.findOne({ domain, alias }, { projection: { _id: 1, workspaceId: 1, destination: 1, geo: 1 } });
      return d ? { id: d._id, workspaceId: d.workspaceId, destination: d.destination, geoTargeting: { ...(d.geo ?? {}) } } : null;
    });
  }

  async update(workspaceId: string, id: string, patch: LinkPatch): Promise<LinkRow | null> {
    return this.conn.run(async () => {
      const set: Partial<LinkDoc> = { updatedAt: patch.updatedAt };
      if (patch.destination !== undefined) set.destination = patch.destination;
      if (patch.domain !== undefined) set.domain = patch.domain;
      if (patch.alias !== undefined) set.alias = patch.alias;
      if (patch.geoTargeting !== undefined) set.geo = { ...patch.geoTargeting };
      let created: string[] = [];
      if (patch.tags !== undefined) {
        const entries = tagEntries(patch.tags);
        set.tagKeys = entries.map((t) => t.key);
        created = await this.tags.ensure(workspaceId, entries, patch.updatedAt);
      }
      let doc: LinkDoc | null;
      try {
        doc = await this.links.findOneAndUpdate({ _id: id, workspaceId }, { $set: set }, { returnDocument: 'after' });
      } catch (e) {
        await this.tags.dropUnused(this.links, workspaceId, created);
        if (isDuplicateKey(e)) throw new StoreConflict('alias');
        throw e;
      }
      if (!doc) {
        await this.tags.dropUnused(this.links, workspaceId, created);
        return null;
      }
      return (await this.toLinks([doc]))[0]!;
    });
  }

  async delete(workspaceId: string, id: string): Promise<boolean> {
    return this.conn.run(async () => (await this.links.deleteOne({ _id: id, workspaceId })).deletedCount > 0);
  }

  private filter(workspaceId: string, f: LinkFilter): Filter<LinkDoc>[] {
    const and: Filter<LinkDoc>[] = [{ workspaceId }];
    if (f.domain !== undefined) and.push({ domain: f.domain });
    if (f.tag !== undefined) and.push({ tagKeys: f.tag });
    return and;
  }

  async list(workspaceId: string, query: LinkQuery): Promise<LinkRow[]> {
    return this.conn.run(async () => {
      if (query.limit <= 0) return [];
      const and = this.filter(workspaceId, query);
      if (query.after) {
        const at = query.after.createdAt;
        and.push({ $or: [{ createdAt: { $lt: at } }, { createdAt: at, _id: { $lt: query.after.id } }] });
      }
      if (query.q !== undefined && query.q !== '') {
        const re = escapeRegex(query.q);
        and.push({ $or: [{ alias: { $regex: re, $options: 'i' } }, { destination: { $regex: re, $options: 'i' } }] });
      }
      return this.toLinks(await this.links.find({ $and: and }).sort({ createdAt: -1, _id: -1 }).limit(query.limit).toArray());
    });
  }

  async countOnDomain(workspaceId: string, domain: string): Promise<number> {
    return this.conn.run(() => this.links.countDocuments({ workspaceId, domain }));
  }

  async byIds(workspaceId: string, ids: readonly string[]): Promise<LinkRow[]> {
    if (ids.length === 0) return [];
    return this.conn.run(async () => this.toLinks(await this.links.find({ workspaceId, _id: { $in: [...ids] } }).toArray()));
  }

  async ids(workspaceId: string, filter: LinkFilter): Promise<string[]> {
    return this.conn.run(async () =>
      (await this.links.find({ $and: this.filter(workspaceId, filter) }, { projection: { _id: 1 } }).toArray()).map((d) => d._id),
    );
  }
}
