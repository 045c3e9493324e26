import { type Collection, type Filter, MongoBulkWriteError } from 'mongodb';
import { linkRef } from '../../domain/link-ref.js';
import { StoreConflict } from '../errors.js';
import { type IndexDef, isDuplicateKey, keyPatternOf, type MongoConnection } from '../mongo/connection.js';
import { purgeCollections } from '../mongo/purge.js';
import { MongoTagDocs, tagEntries } from '../tags/mongo.js';
import { behaviourFields, escapeRegex, extKey, type LinkDoc, REDIRECT_PROJECTION, redirectFields, toDoc } from './mongo-docs.js';
import { orderMongo } from './mongo-order.js';
import { cursorPages } from './mongo-pages.js';
import type { LinkFilter, LinkPatch, LinkQuery, LinkRow, LinksRepository, NewLink, RedirectTarget } from './repository.js';

/** Which unique index a duplicate-key error on a link came from. */
async function collided(
  links: Collection<LinkDoc>,
  kp: Record<string, unknown> | undefined,
  link: { id: string; workspaceId: string; domain?: string; alias?: string; externalId?: string | null },
) {
  if (kp) return new StoreConflict('extKey' in kp ? 'external_id' : 'alias' in kp || 'domain' in kp ? 'alias' : 'id');
  // FerretDB does not say which index collided.
  if (link.externalId != null) {
    const byExt = await links.findOne(
      { workspaceId: link.workspaceId, extKey: extKey(link.id, link.externalId), _id: { $ne: link.id } },
      { projection: { _id: 1 } },
    );
    if (byExt) return new StoreConflict('external_id');
  }
  if (link.domain === undefined) return new StoreConflict('alias');
  const byAlias = await links.findOne({ domain: link.domain, alias: link.alias, _id: { $ne: link.id } }, { projection: { _id: 1 } });
  return new StoreConflict(byAlias ? 'alias' : 'id');
}

export const LINK_INDEXES: IndexDef[] = [
  ['links', { domain: 1, alias: 1 }, { name: 'links_domain_alias', unique: true }],
  ['links', { workspaceId: 1, createdAt: -1, _id: -1 }, { name: 'links_by_workspace' }],
  ['links', { workspaceId: 1, tagKeys: 1 }, { name: 'links_by_tag' }],
  ['links', { workspaceId: 1, alias: 1, _id: 1 }, { name: 'links_by_alias' }],
];

/** Created by `MongoLinks.init` once every document has its extKey (documents from before it had none). */
const EXTERNAL_ID_INDEX: IndexDef = ['links', { workspaceId: 1, extKey: 1 }, { name: 'links_by_external_id', unique: true }];

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
      ...redirectFields(d),
      externalId: d.externalId ?? null,
      tags: names.get(d._id) ?? [],
      createdAt: d.createdAt,
      updatedAt: d.updatedAt,
    }));
  }

  /** Give documents from before external ids their extKey, then create its unique index (idempotent). */
  async init(): Promise<void> {
    await this.conn.run(async () => {
      for (;;) {
        const old = await this.links
          .find({ extKey: { $exists: false } }, { projection: { _id: 1, externalId: 1 } })
          .limit(1000)
          .toArray();
        if (old.length === 0) break;
        for (const d of old) await this.links.updateOne({ _id: d._id, extKey: { $exists: false } }, { $set: { extKey: extKey(d._id, d.externalId) } });
      }
      const [coll, key, options] = EXTERNAL_ID_INDEX;
      await this.conn.collection(coll).createIndex(key, options);
    });
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
        throw await collided(this.links, keyPatternOf(e), link);
      }
      return (await this.toLinks([doc]))[0]!;
    });
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
        for (const w of errs) failed.set(w.index, await collided(this.links, keyPatternOf(w.errInfo) ?? keyPatternOf(w.err), links[w.index]!));
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
      const ref = linkRef(id);
      const d = await this.links.findOne('id' in ref ? { _id: ref.id, workspaceId } : { workspaceId, extKey: extKey('', ref.externalId) });
      return d ? (await this.toLinks([d]))[0]! : null;
    });
  }

  async findRedirect(domain: string, alias: string): Promise<RedirectTarget | null> {
    return this.conn.run(async () => {
      const d = await this.links.findOne({ domain, alias }, { projection: REDIRECT_PROJECTION });
      return d ? redirectFields(d) : null;
    });
  }

  /**
   * One equality lookup per alias, at once: each is a probe of the (domain, alias) index. (An `$in` is
   * the same on MongoDB, but FerretDB scans the whole collection for it.)
   */
  async findRedirects(domain: string, aliases: readonly string[]): Promise<RedirectTarget[]> {
    if (aliases.length === 0) return [];
    return this.conn.run(async () => {
      const docs = await Promise.all(aliases.map((alias) => this.links.findOne({ domain, alias }, { projection: REDIRECT_PROJECTION })));
      return docs.filter((d) => d !== null).map(redirectFields);
    });
  }

  async update(workspaceId: string, id: string, patch: LinkPatch): Promise<LinkRow | null> {
    return this.conn.run(async () => {
      const set: Partial<LinkDoc> = { updatedAt: patch.updatedAt };
      if (patch.destination !== undefined) set.destination = patch.destination;
      if (patch.domain !== undefined) set.domain = patch.domain;
      if (patch.alias !== undefined) set.alias = patch.alias;
      if (patch.geoTargeting !== undefined) set.geo = { ...patch.geoTargeting };
      Object.assign(set, behaviourFields(patch));
      if (patch.externalId !== undefined) set.extKey = extKey(id, patch.externalId);
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
        if (isDuplicateKey(e)) throw await collided(this.links, keyPatternOf(e), { id, workspaceId, ...patch });
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
    if (f.externalId !== undefined) and.push({ extKey: extKey('', f.externalId) });
    if (f.expiredAt !== undefined) {
      const now = f.expiredAt.now;
      // Documents from before expiry have no expiresAt at all; { $lte } never matches them.
      and.push(f.expiredAt.expired ? { expiresAt: { $lte: now } } : { $or: [{ expiresAt: null }, { expiresAt: { $gt: now } }] });
    }
    if (f.capped) and.push({ maxClicks: { $gte: 1 } });
    if (f.q !== undefined && f.q !== '') {
      const re = { $regex: escapeRegex(f.q), $options: 'i' };
      and.push({ $or: [{ alias: re }, { destination: re }, { title: re }] });
    }
    if (f.domainIn !== undefined) and.push({ domain: { $in: [...f.domainIn] } });
    if (f.tagIn !== undefined) and.push({ tagKeys: { $in: [...f.tagIn] } });
    if (f.ids !== undefined) and.push({ _id: { $in: [...f.ids] } });
    return and;
  }

  async list(workspaceId: string, query: LinkQuery): Promise<LinkRow[]> {
    return this.conn.run(async () => {
      if (query.limit <= 0) return [];
      const and = this.filter(workspaceId, query);
      const sort = orderMongo(query, and);
      return this.toLinks(await this.links.find({ $and: and }).sort(sort).limit(query.limit).toArray());
    });
  }

  pages(workspaceId: string, filter: LinkFilter, size: number): AsyncIterable<LinkRow[]> {
    return cursorPages(
      {
        conn: this.conn,
        links: this.links,
        filter: (w, f) => this.filter(w, f),
        toLinks: (docs) => this.toLinks(docs),
      },
      workspaceId,
      filter,
      size,
    );
  }

  async count(workspaceId: string, filter: LinkFilter): Promise<number> {
    return this.conn.run(() => this.links.countDocuments({ $and: this.filter(workspaceId, filter) }));
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

  purgeWorkspace(workspaceId: string, limit: number): Promise<number> {
    const c = (name: string) => this.conn.collection(name);
    return purgeCollections(this.conn, [[c('links'), { workspaceId }]], limit);
  }
}
