import {
  type AnyBulkWriteOperation,
  type Collection,
  type CreateIndexesOptions,
  type Db,
  type Filter,
  type IndexSpecification,
  MongoBulkWriteError,
  MongoClient,
  MongoClientClosedError,
  MongoError,
  MongoNetworkError,
  MongoNotConnectedError,
  MongoOperationTimeoutError,
  MongoServerClosedError,
  MongoServerSelectionError,
  MongoTopologyClosedError,
} from 'mongodb';
import type { ApiKey, Click, Domain, Link, SigningKey, Tag, Workspace } from '../../domain/model.js';
import type { Plan } from '../../domain/resource-schemas.js';
import { tagKey } from '../../domain/rules.js';
import {
  type LinkPatch,
  type LinkQuery,
  type LinkStats,
  type NewLink,
  type RedirectTarget,
  type StatsRange,
  type Store,
  StoreConflict,
  StoreUnavailable,
} from '../store.js';

/*
 * MongoDB store. Every write relies on single-document atomicity only: no transactions, TTL,
 * partial/sparse indexes or collations, so the same code runs on MongoDB >= 4.4 and FerretDB 1.24.
 * Multi-document operations (tag rename/merge, tag delete) are sequences of idempotent steps that can
 * be re-run safely if interrupted.
 */

interface WorkspaceDoc {
  _id: string;
  slug: string;
  plan: Plan;
  rateLimitRpm: number;
  createdAt: Date;
}

interface LinkDoc {
  _id: string;
  workspaceId: string;
  domain: string;
  alias: string;
  destination: string;
  geo: Record<string, string>;
  /** Lower-cased tag keys, in the link's order, no duplicates. */
  tagKeys: string[];
  clicks: number;
  createdAt: Date;
  updatedAt: Date;
}

interface TagDoc {
  /** `${workspaceId}:${key}` */
  _id: string;
  workspaceId: string;
  key: string;
  /** Canonical spelling. */
  name: string;
  createdAt: Date;
}

interface DomainDoc {
  /** The host itself. */
  _id: string;
  host: string;
  workspaceId: string;
  createdAt: Date;
}

interface ApiKeyDoc {
  _id: string;
  workspaceId: string;
  name: string;
  kid: string;
  createdAt: Date;
  expiresAt: Date;
  lastUsedAt: Date | null;
  revokedAt: Date | null;
  successorId: string | null;
}

interface SigningKeyDoc {
  /** The kid. */
  _id: string;
  privateJwk: string;
  publicJwk: string;
  createdAt: Date;
}

interface ClickDoc {
  linkId: string;
  workspaceId: string;
  at: Date;
  /** UTC day, YYYY-MM-DD. */
  day: string;
  country: string | null;
  referrerHost: string | null;
  device: string;
  browser: string;
  bot: boolean;
}

/** The one successor of an API key: inserted once (the unique _id makes the claim atomic). */
interface SuccessorClaimDoc {
  /** The API key's id. */
  _id: string;
  successorId: string;
  at: Date;
}

export interface MongoStoreOptions {
  /** Database name; defaults to the one in the URI, else `lsk`. */
  dbName?: string;
  /** How long to wait for a reachable server before failing an operation (default 5000 ms). */
  serverSelectionTimeoutMS?: number;
  /** TCP connect timeout (default 5000 ms). */
  connectTimeoutMS?: number;
}

/** Upper bound on tag positions scanned while renaming (links carry at most 25 tags). */
const MAX_TAG_POSITIONS = 256;

const tagId = (workspaceId: string, key: string): string => `${workspaceId}:${key}`;

function escapeRegex(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function dbNameFromUri(uri: string): string | undefined {
  const m = /^mongodb(?:\+srv)?:\/\/[^/?]*\/([^?]+)/.exec(uri);
  if (!m?.[1]) return undefined;
  const name = decodeURIComponent(m[1]);
  return name === '' ? undefined : name;
}

/** A unique index refused a write. FerretDB reports some of these as InternalError with SQLite's text. */
function isDuplicateKey(e: unknown): boolean {
  if (e instanceof MongoBulkWriteError) {
    const errs = Array.isArray(e.writeErrors) ? e.writeErrors : [e.writeErrors];
    if (errs.length > 0 && errs.every((w) => w.code === 11000 || w.code === 11001)) return true;
  }
  if (!(e instanceof MongoError)) return false;
  if (e.code === 11000 || e.code === 11001) return true;
  return /E11000|duplicate key|UNIQUE constraint failed/i.test(e.message);
}

function keyPatternOf(e: unknown): Record<string, unknown> | undefined {
  const kp =
    (e as { keyPattern?: unknown; errorResponse?: { keyPattern?: unknown } })?.keyPattern ??
    (e as { errorResponse?: { keyPattern?: unknown } })?.errorResponse?.keyPattern;
  return kp && typeof kp === 'object' ? (kp as Record<string, unknown>) : undefined;
}

function isUnavailable(e: unknown): boolean {
  return (
    e instanceof MongoServerSelectionError ||
    e instanceof MongoNetworkError ||
    e instanceof MongoNotConnectedError ||
    e instanceof MongoTopologyClosedError ||
    e instanceof MongoClientClosedError ||
    e instanceof MongoServerClosedError ||
    e instanceof MongoOperationTimeoutError
  );
}

function toWorkspace(d: WorkspaceDoc): Workspace {
  return { id: d._id, slug: d.slug, plan: d.plan, rateLimitRpm: Number(d.rateLimitRpm), createdAt: d.createdAt };
}

function toDomain(d: DomainDoc): Domain {
  return { host: d.host, workspaceId: d.workspaceId, createdAt: d.createdAt };
}

function toApiKey(d: ApiKeyDoc): ApiKey {
  return {
    id: d._id,
    workspaceId: d.workspaceId,
    name: d.name,
    kid: d.kid,
    createdAt: d.createdAt,
    expiresAt: d.expiresAt,
    lastUsedAt: d.lastUsedAt ?? null,
    revokedAt: d.revokedAt ?? null,
    successorId: d.successorId ?? null,
  };
}

function toSigningKey(d: SigningKeyDoc): SigningKey {
  return { kid: d._id, privateJwk: d.privateJwk, publicJwk: d.publicJwk, createdAt: d.createdAt };
}

/** Tag keys and first spellings of a tag list, duplicates (by key) collapsed to the first. */
function tagEntries(names: readonly string[]): { key: string; name: string }[] {
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

export class MongoStore implements Store {
  readonly kind = 'mongodb' as const;
  private readonly client: MongoClient;
  private readonly db: Db;
  private readonly workspaces: Collection<WorkspaceDoc>;
  private readonly links: Collection<LinkDoc>;
  private readonly tags: Collection<TagDoc>;
  private readonly domains: Collection<DomainDoc>;
  private readonly apiKeys: Collection<ApiKeyDoc>;
  private readonly signingKeys: Collection<SigningKeyDoc>;
  private readonly clicks: Collection<ClickDoc>;
  private readonly successorClaims: Collection<SuccessorClaimDoc>;

  constructor(uri: string, opts: MongoStoreOptions = {}) {
    this.client = new MongoClient(uri, {
      serverSelectionTimeoutMS: opts.serverSelectionTimeoutMS ?? 5000,
      connectTimeoutMS: opts.connectTimeoutMS ?? 5000,
      appName: 'lsk',
      ignoreUndefined: true,
    });
    this.db = this.client.db(opts.dbName ?? dbNameFromUri(uri) ?? 'lsk');
    this.workspaces = this.db.collection<WorkspaceDoc>('workspaces');
    this.links = this.db.collection<LinkDoc>('links');
    this.tags = this.db.collection<TagDoc>('tags');
    this.domains = this.db.collection<DomainDoc>('domains');
    this.apiKeys = this.db.collection<ApiKeyDoc>('api_keys');
    this.signingKeys = this.db.collection<SigningKeyDoc>('signing_keys');
    this.clicks = this.db.collection<ClickDoc>('clicks');
    this.successorClaims = this.db.collection<SuccessorClaimDoc>('api_key_successor_claims');
  }

  /** Runs a database operation, mapping "cannot reach the server" failures to StoreUnavailable. */
  private async run<T>(fn: () => Promise<T>): Promise<T> {
    try {
      return await fn();
    } catch (e) {
      if (e instanceof StoreConflict || e instanceof StoreUnavailable) throw e;
      if (isUnavailable(e)) throw new StoreUnavailable(e);
      throw e;
    }
  }

  async init(): Promise<void> {
    await this.run(async () => {
      await this.client.connect();
      // One index per command: FerretDB 1.24 drops the connection (a server-side panic) when a
      // createIndexes command lists several indexes that already exist, i.e. on every restart.
      const indexes: [string, IndexSpecification, CreateIndexesOptions][] = [
        ['links', { domain: 1, alias: 1 }, { name: 'links_domain_alias', unique: true }],
        ['links', { workspaceId: 1, createdAt: -1, _id: -1 }, { name: 'links_by_workspace' }],
        ['links', { workspaceId: 1, tagKeys: 1 }, { name: 'links_by_tag' }],
        ['tags', { workspaceId: 1, key: 1 }, { name: 'tags_by_key', unique: true }],
        ['domains', { host: 1 }, { name: 'domains_host', unique: true }],
        ['domains', { workspaceId: 1, createdAt: 1 }, { name: 'domains_by_workspace' }],
        ['workspaces', { slug: 1 }, { name: 'workspaces_slug', unique: true }],
        ['api_keys', { workspaceId: 1, createdAt: -1 }, { name: 'api_keys_by_workspace' }],
        ['clicks', { linkId: 1, at: 1 }, { name: 'clicks_by_link' }],
        ['clicks', { linkId: 1, bot: 1 }, { name: 'clicks_counted' }],
        ['counters', { k: 1, v: -1 }, { name: 'counters_by_key' }],
      ];
      for (const [coll, key, options] of indexes) await this.db.collection(coll).createIndex(key, options);
    });
  }

  async close(): Promise<void> {
    await this.client.close();
  }

  async ping(): Promise<void> {
    await this.run(() => this.db.command({ ping: 1 }));
  }

  // --- workspaces ---------------------------------------------------------------------------

  async createWorkspace(ws: Workspace): Promise<Workspace> {
    return this.run(async () => {
      try {
        await this.workspaces.insertOne({
          _id: ws.id,
          slug: ws.slug,
          plan: ws.plan,
          rateLimitRpm: ws.rateLimitRpm,
          createdAt: ws.createdAt,
        });
      } catch (e) {
        if (!isDuplicateKey(e)) throw e;
        const kp = keyPatternOf(e);
        if (kp) throw new StoreConflict('slug' in kp ? 'slug' : 'id');
        // FerretDB does not say which index collided.
        const bySlug = await this.workspaces.findOne({ slug: ws.slug }, { projection: { _id: 1 } });
        throw new StoreConflict(bySlug ? 'slug' : 'id');
      }
      return ws;
    });
  }

  async getWorkspace(id: string): Promise<Workspace | null> {
    return this.run(async () => {
      const d = await this.workspaces.findOne({ _id: id });
      return d ? toWorkspace(d) : null;
    });
  }

  async getWorkspaceBySlug(slug: string): Promise<Workspace | null> {
    return this.run(async () => {
      const d = await this.workspaces.findOne({ slug });
      return d ? toWorkspace(d) : null;
    });
  }

  async listWorkspaces(): Promise<Workspace[]> {
    return this.run(async () => (await this.workspaces.find().sort({ createdAt: 1, slug: 1 }).toArray()).map(toWorkspace));
  }

  async setWorkspacePlan(id: string, plan: Plan, rateLimitRpm: number): Promise<Workspace | null> {
    return this.run(async () => {
      const d = await this.workspaces.findOneAndUpdate({ _id: id }, { $set: { plan, rateLimitRpm } }, { returnDocument: 'after' });
      return d ? toWorkspace(d) : null;
    });
  }

  // --- links --------------------------------------------------------------------------------

  /**
   * A link's clicks are its counted (non-bot) click documents. Counting insert-only documents is
   * exact on every MongoDB-compatible server; an $inc counter is not on FerretDB's SQLite backend,
   * which loses concurrent updates of one document (measured: 200 concurrent $inc -> 39).
   */
  private async clickCounts(linkIds: string[]): Promise<Map<string, number>> {
    const out = new Map<string, number>();
    if (linkIds.length === 0) return out;
    const rows = await this.clicks
      .aggregate<{ _id: string; n: number }>([{ $match: { linkId: { $in: linkIds }, bot: false } }, { $group: { _id: '$linkId', n: { $sum: 1 } } }])
      .toArray();
    for (const r of rows) out.set(r._id, Number(r.n));
    return out;
  }

  /** Links with their displayed tags: each key's canonical name, in the link's order. */
  private async toLinks(docs: LinkDoc[]): Promise<Link[]> {
    const ids = new Set<string>();
    for (const d of docs) for (const k of d.tagKeys ?? []) ids.add(tagId(d.workspaceId, k));
    const names = new Map<string, string>();
    if (ids.size > 0) {
      const tagDocs = await this.tags.find({ _id: { $in: [...ids] } }, { projection: { name: 1 } }).toArray();
      for (const t of tagDocs) names.set(t._id, t.name);
    }
    const clicks = await this.clickCounts(docs.map((d) => d._id));
    return docs.map((d) => ({
      id: d._id,
      workspaceId: d.workspaceId,
      domain: d.domain,
      alias: d.alias,
      destination: d.destination,
      geoTargeting: { ...(d.geo ?? {}) },
      // A key without a tag document (only possible mid-way through a concurrent rename/delete) is
      // not shown, like the SQLite join.
      tags: (d.tagKeys ?? []).flatMap((k) => {
        const n = names.get(tagId(d.workspaceId, k));
        return n === undefined ? [] : [n];
      }),
      clicks: clicks.get(d._id) ?? 0,
      createdAt: d.createdAt,
      updatedAt: d.updatedAt,
    }));
  }

  /**
   * Create the tag documents a link is about to use (existing spellings win). Returns the keys of
   * the tags this call created, so a failed link write can take them back.
   */
  private async ensureTags(workspaceId: string, entries: { key: string; name: string }[], at: Date): Promise<string[]> {
    if (entries.length === 0) return [];
    const ops: AnyBulkWriteOperation<TagDoc>[] = entries.map(({ key, name }) => ({
      updateOne: {
        filter: { _id: tagId(workspaceId, key) },
        update: { $setOnInsert: { workspaceId, key, name, createdAt: at } },
        upsert: true,
      },
    }));
    // Map upserts back by _id, not by index: FerretDB 1.24 reports every upsert at index 0.
    const prefix = tagId(workspaceId, '');
    const keysOf = (upserted: Record<number, unknown> | undefined) =>
      Object.values(upserted ?? {}).flatMap((id) => (typeof id === 'string' && id.startsWith(prefix) ? [id.slice(prefix.length)] : []));
    try {
      const res = await this.tags.bulkWrite(ops, { ordered: false });
      return keysOf(res.upsertedIds);
    } catch (e) {
      // Two writers upserting the same new tag at once: the loser's upsert collides, the tag exists.
      if (!isDuplicateKey(e)) throw e;
      return keysOf((e as MongoBulkWriteError).result?.upsertedIds);
    }
  }

  /** Undo `ensureTags` after a failed link write: drop the given tags when no link uses them. */
  private async dropUnusedTags(workspaceId: string, keys: string[]): Promise<void> {
    for (const key of keys) {
      try {
        const used = await this.links.findOne({ workspaceId, tagKeys: key }, { projection: { _id: 1 } });
        if (!used) await this.tags.deleteOne({ _id: tagId(workspaceId, key) });
      } catch {
        // best effort: an unused tag only shows with a count of 0
      }
    }
  }

  async insertLink(link: NewLink): Promise<Link> {
    return this.run(async () => {
      const entries = tagEntries(link.tags);
      const doc: LinkDoc = {
        _id: link.id,
        workspaceId: link.workspaceId,
        domain: link.domain,
        alias: link.alias,
        destination: link.destination,
        geo: { ...link.geoTargeting },
        tagKeys: entries.map((t) => t.key),
        clicks: 0,
        createdAt: link.createdAt,
        updatedAt: link.createdAt,
      };
      const created = await this.ensureTags(link.workspaceId, entries, link.createdAt);
      try {
        await this.links.insertOne(doc);
      } catch (e) {
        await this.dropUnusedTags(link.workspaceId, created);
        if (!isDuplicateKey(e)) throw e;
        const kp = keyPatternOf(e);
        if (kp) throw new StoreConflict('alias' in kp || 'domain' in kp ? 'alias' : 'id');
        // FerretDB does not say which index collided.
        const byAlias = await this.links.findOne({ domain: link.domain, alias: link.alias }, { projection: { _id: 1 } });
        throw new StoreConflict(byAlias ? 'alias' : 'id');
      }
      return (await this.toLinks([doc]))[0]!;
    });
  }

  async getLink(workspaceId: string, id: string): Promise<Link | null> {
    return this.run(async () => {
      const d = await this.links.findOne({ _id: id, workspaceId });
      return d ? (await this.toLinks([d]))[0]! : null;
    });
  }

  async findRedirect(domain: string, alias: string): Promise<RedirectTarget | null> {
    return this.run(async () => {
      const d = await this.links.findOne({ domain, alias }, { projection: { _id: 1, workspaceId: 1, destination: 1, geo: 1 } });
      return d ? { id: d._id, workspaceId: d.workspaceId, destination: d.destination, geoTargeting: { ...(d.geo ?? {}) } } : null;
    });
  }

  async updateLink(workspaceId: string, id: string, patch: LinkPatch): Promise<Link | null> {
    return this.run(async () => {
      const set: Partial<LinkDoc> = { updatedAt: patch.updatedAt };
      if (patch.destination !== undefined) set.destination = patch.destination;
      if (patch.domain !== undefined) set.domain = patch.domain;
      if (patch.alias !== undefined) set.alias = patch.alias;
      if (patch.geoTargeting !== undefined) set.geo = { ...patch.geoTargeting };
      let created: string[] = [];
      if (patch.tags !== undefined) {
        const entries = tagEntries(patch.tags);
        set.tagKeys = entries.map((t) => t.key);
        created = await this.ensureTags(workspaceId, entries, patch.updatedAt);
      }
      let doc: LinkDoc | null;
      try {
        doc = await this.links.findOneAndUpdate({ _id: id, workspaceId }, { $set: set }, { returnDocument: 'after' });
      } catch (e) {
        await this.dropUnusedTags(workspaceId, created);
        if (isDuplicateKey(e)) throw new StoreConflict('alias');
        throw e;
      }
      if (!doc) {
        await this.dropUnusedTags(workspaceId, created);
        return null;
      }
      return (await this.toLinks([doc]))[0]!;
    });
  }

  async deleteLink(workspaceId: string, id: string): Promise<boolean> {
    return this.run(async () => {
      const res = await this.links.deleteOne({ _id: id, workspaceId });
      if (res.deletedCount === 0) return false;
      await this.clicks.deleteMany({ linkId: id });
      return true;
    });
  }

  async listLinks(workspaceId: string, query: LinkQuery): Promise<Link[]> {
    return this.run(async () => {
      if (query.limit <= 0) return [];
      const and: Filter<LinkDoc>[] = [{ workspaceId }];
      if (query.after) {
        const at = query.after.createdAt;
        and.push({ $or: [{ createdAt: { $lt: at } }, { createdAt: at, _id: { $lt: query.after.id } }] });
      }
      if (query.domain !== undefined) and.push({ domain: query.domain });
      if (query.tag !== undefined) and.push({ tagKeys: query.tag });
      if (query.q !== undefined && query.q !== '') {
        const re = escapeRegex(query.q);
        and.push({ $or: [{ alias: { $regex: re, $options: 'i' } }, { destination: { $regex: re, $options: 'i' } }] });
      }
      const docs = await this.links.find({ $and: and }).sort({ createdAt: -1, _id: -1 }).limit(query.limit).toArray();
      return this.toLinks(docs);
    });
  }

  async countLinksOnDomain(workspaceId: string, domain: string): Promise<number> {
    return this.run(() => this.links.countDocuments({ workspaceId, domain }));
  }

  // --- tags ---------------------------------------------------------------------------------

  private async getTag(workspaceId: string, key: string): Promise<Tag | null> {
    const t = await this.tags.findOne({ _id: tagId(workspaceId, key) });
    if (!t) return null;
    const links = await this.links.countDocuments({ workspaceId, tagKeys: key });
    return { name: t.name, links, createdAt: t.createdAt };
  }

  async listTags(workspaceId: string): Promise<Tag[]> {
    return this.run(async () => {
      const [tags, counts] = await Promise.all([
        this.tags.find({ workspaceId }).sort({ key: 1 }).toArray(),
        this.links
          .aggregate<{ _id: string; n: number }>([{ $match: { workspaceId } }, { $unwind: '$tagKeys' }, { $group: { _id: '$tagKeys', n: { $sum: 1 } } }])
          .toArray(),
      ]);
      const byKey = new Map(counts.map((c) => [c._id, Number(c.n)]));
      return tags.map((t) => ({ name: t.name, links: byKey.get(t.key) ?? 0, createdAt: t.createdAt }));
    });
  }

  /**
   * Replace `fromKey` by `toKey` in every link of the workspace, in place (keeping the link's
   * order); a link carrying both keeps `toKey` where it was. Each step is an idempotent updateMany.
   */
  private async moveTagKey(workspaceId: string, fromKey: string, toKey: string): Promise<void> {
    const both: Filter<LinkDoc> = { workspaceId, tagKeys: { $all: [fromKey, toKey] } };
    await this.links.updateMany(both, { $pull: { tagKeys: fromKey } });
    const pending: Filter<LinkDoc> = { workspaceId, $and: [{ tagKeys: fromKey }, { tagKeys: { $ne: toKey } }] };
    // No positional `$` (FerretDB lacks it and arrayFilters): set the key position by position.
    for (let i = 0; i < MAX_TAG_POSITIONS; i++) {
      if (!(await this.links.findOne(pending, { projection: { _id: 1 } }))) break;
      const at = `tagKeys.${i}`;
      await this.links.updateMany({ ...pending, [at]: fromKey } as Filter<LinkDoc>, { $set: { [at]: toKey } });
    }
    // A link that gained both keys meanwhile keeps the target only.
    await this.links.updateMany(both, { $pull: { tagKeys: fromKey } });
  }

  async renameTag(workspaceId: string, fromKey: string, to: string): Promise<Tag | null> {
    return this.run(async () => {
      const toKey = tagKey(to);
      const from = await this.tags.findOne({ _id: tagId(workspaceId, fromKey) });
      if (!from) return null;
      if (toKey === fromKey) {
        await this.tags.updateOne({ _id: from._id }, { $set: { name: to } });
        return this.getTag(workspaceId, toKey);
      }
      // 1. the target tag exists (merge) or is created with the new spelling and the old createdAt
      const target = await this.tags.findOne({ _id: tagId(workspaceId, toKey) }, { projection: { _id: 1 } });
      if (!target) {
        try {
          await this.tags.insertOne({ _id: tagId(workspaceId, toKey), workspaceId, key: toKey, name: to, createdAt: from.createdAt });
        } catch (e) {
          if (!isDuplicateKey(e)) throw e; // created meanwhile: merge into it
        }
      }
      // 2. links move over; 3. the old tag goes; 4. links that picked up the old key meanwhile move too.
      // Re-running after an interruption at any point finishes the job (or answers null once done).
      await this.moveTagKey(workspaceId, fromKey, toKey);
      await this.tags.deleteOne({ _id: from._id });
      await this.moveTagKey(workspaceId, fromKey, toKey);
      return this.getTag(workspaceId, toKey);
    });
  }

  async deleteTag(workspaceId: string, key: string): Promise<boolean> {
    return this.run(async () => {
      await this.links.updateMany({ workspaceId, tagKeys: key }, { $pull: { tagKeys: key } });
      const res = await this.tags.deleteOne({ _id: tagId(workspaceId, key) });
      return res.deletedCount > 0;
    });
  }

  // --- domains ------------------------------------------------------------------------------

  async addDomain(domain: Domain): Promise<Domain> {
    return this.run(async () => {
      try {
        await this.domains.insertOne({
          _id: domain.host,
          host: domain.host,
          workspaceId: domain.workspaceId,
          createdAt: domain.createdAt,
        });
      } catch (e) {
        if (isDuplicateKey(e)) throw new StoreConflict('host');
        throw e;
      }
      return domain;
    });
  }

  async getDomain(host: string): Promise<Domain | null> {
    return this.run(async () => {
      const d = await this.domains.findOne({ _id: host });
      return d ? toDomain(d) : null;
    });
  }

  async listDomains(workspaceId: string): Promise<Domain[]> {
    return this.run(async () => {
      const docs = await this.domains.find({ workspaceId }).sort({ createdAt: 1, host: 1 }).toArray();
      return docs.map(toDomain);
    });
  }

  async deleteDomain(workspaceId: string, host: string): Promise<boolean> {
    return this.run(async () => (await this.domains.deleteOne({ _id: host, workspaceId })).deletedCount > 0);
  }

  // --- API keys -----------------------------------------------------------------------------

  async insertApiKey(key: ApiKey): Promise<ApiKey> {
    return this.run(async () => {
      try {
        await this.apiKeys.insertOne({
          _id: key.id,
          workspaceId: key.workspaceId,
          name: key.name,
          kid: key.kid,
          createdAt: key.createdAt,
          expiresAt: key.expiresAt,
          lastUsedAt: key.lastUsedAt,
          revokedAt: key.revokedAt,
          successorId: key.successorId,
        });
      } catch (e) {
        if (isDuplicateKey(e)) throw new StoreConflict('id');
        throw e;
      }
      return key;
    });
  }

  async getApiKey(id: string): Promise<ApiKey | null> {
    return this.run(async () => {
      const d = await this.apiKeys.findOne({ _id: id });
      return d ? toApiKey(d) : null;
    });
  }

  async listApiKeys(workspaceId: string): Promise<ApiKey[]> {
    return this.run(async () => {
      const docs = await this.apiKeys.find({ workspaceId }).sort({ createdAt: -1, _id: -1 }).toArray();
      return docs.map(toApiKey);
    });
  }

  async revokeApiKey(workspaceId: string, id: string, at: Date): Promise<ApiKey | null> {
    return this.run(async () => {
      await this.apiKeys.updateOne({ _id: id, workspaceId, revokedAt: null }, { $set: { revokedAt: at } });
      const d = await this.apiKeys.findOne({ _id: id, workspaceId });
      return d ? toApiKey(d) : null;
    });
  }

  async touchApiKeys(lastUsed: ReadonlyMap<string, Date>): Promise<void> {
    if (lastUsed.size === 0) return;
    const ops: AnyBulkWriteOperation<ApiKeyDoc>[] = [...lastUsed].map(([id, at]) => ({
      updateOne: {
        filter: { _id: id, $or: [{ lastUsedAt: null }, { lastUsedAt: { $lt: at } }] },
        update: { $set: { lastUsedAt: at } },
      },
    }));
    await this.run(() => this.apiKeys.bulkWrite(ops, { ordered: false }));
  }

  async claimSuccessor(id: string, successorId: string): Promise<boolean> {
    // A conditional update (`successorId: null`) is atomic on MongoDB, but FerretDB 1.24 applies
    // updates as an unisolated read-modify-write, so two concurrent claims could both win there. An
    // insert on a unique _id is atomic on both: the claim is that insert; the key document follows.
    return this.run(async () => {
      const key = await this.apiKeys.findOne({ _id: id }, { projection: { successorId: 1 } });
      if (!key || key.successorId != null) return false;
      try {
        await this.successorClaims.insertOne({ _id: id, successorId, at: new Date() });
      } catch (e) {
        if (!isDuplicateKey(e)) throw e;
        // Someone else claimed it; finish their write in case they were interrupted before it.
        const claim = await this.successorClaims.findOne({ _id: id });
        if (claim) await this.apiKeys.updateOne({ _id: id, successorId: null }, { $set: { successorId: claim.successorId } });
        return false;
      }
      await this.apiKeys.updateOne({ _id: id, successorId: null }, { $set: { successorId } });
      return true;
    });
  }

  // --- signing keys -------------------------------------------------------------------------

  async listSigningKeys(): Promise<SigningKey[]> {
    return this.run(async () => {
      const docs = await this.signingKeys.find({}).sort({ createdAt: 1, _id: 1 }).toArray();
      return docs.map(toSigningKey);
    });
  }

  async insertSigningKey(key: SigningKey): Promise<SigningKey> {
    return this.run(async () => {
      try {
        await this.signingKeys.updateOne(
          { _id: key.kid },
          { $setOnInsert: { privateJwk: key.privateJwk, publicJwk: key.publicJwk, createdAt: key.createdAt } },
          { upsert: true },
        );
      } catch (e) {
        if (!isDuplicateKey(e)) throw e; // inserted concurrently by another instance
      }
      const d = await this.signingKeys.findOne({ _id: key.kid });
      if (!d) throw new StoreConflict('kid'); // deleted in between; nothing sensible to return
      return toSigningKey(d);
    });
  }

  async deleteSigningKey(kid: string): Promise<void> {
    await this.run(() => this.signingKeys.deleteOne({ _id: kid }));
  }

  // --- clicks -------------------------------------------------------------------------------

  async recordClicks(clicks: readonly Click[]): Promise<void> {
    if (clicks.length === 0) return;
    await this.run(async () => {
      const docs: ClickDoc[] = clicks.map((c) => ({
        linkId: c.linkId,
        workspaceId: c.workspaceId,
        at: c.at,
        day: c.at.toISOString().slice(0, 10),
        country: c.country,
        referrerHost: c.referrerHost,
        device: c.device,
        browser: c.browser,
        bot: c.bot,
      }));
      // Insert-only: the link's click count is derived from these (see clickCounts).
      await this.clicks.insertMany(docs, { ordered: true });
    });
  }

  async linkStats(workspaceId: string, linkId: string, range: StatsRange): Promise<LinkStats> {
    return this.run(async () => {
      const match: Filter<ClickDoc> = { linkId, workspaceId, at: { $gte: range.from, $lt: range.to } };
      const group = async (field: 'day' | 'country' | 'referrerHost' | 'device', byKey: boolean) => {
        const rows = await this.clicks
          .aggregate<{ _id: string; n: number }>([
            { $match: { ...match, bot: false, [field]: { $ne: null } } },
            { $group: { _id: `$${field}`, n: { $sum: 1 } } },
            { $sort: byKey ? { _id: 1 } : { n: -1, _id: 1 } },
          ])
          .toArray();
        return rows.map((r) => ({ key: String(r._id), n: Number(r.n) }));
      };
      const [totals, byDay, byCountry, byReferrer, byDevice] = await Promise.all([
        this.clicks.aggregate<{ _id: boolean; n: number }>([{ $match: match }, { $group: { _id: '$bot', n: { $sum: 1 } } }]).toArray(),
        group('day', true),
        group('country', false),
        group('referrerHost', false),
        group('device', false),
      ]);
      let clicks = 0;
      let bots = 0;
      for (const t of totals) {
        if (t._id === true) bots += Number(t.n);
        else clicks += Number(t.n);
      }
      return {
        clicks,
        bots,
        byDay: byDay.map((r) => ({ date: r.key, clicks: r.n })),
        byCountry: byCountry.map((r) => ({ country: r.key, clicks: r.n })),
        byReferrer: byReferrer.map((r) => ({ host: r.key, clicks: r.n })),
        byDevice: byDevice.map((r) => ({ device: r.key, clicks: r.n })),
      };
    });
  }

  // --- counters (rate-limit windows): compare-and-set on a version, one document each -----------

  async getCounter(key: string): Promise<{ version: number; value: string } | null> {
    return this.run(async () => {
      const doc = await this.counters().findOne({ k: key }, { sort: { v: -1 } });
      return doc ? { version: doc.v, value: doc.value } : null;
    });
  }

  /**
   * Each version is its own document with a unique _id (`key#version`): whichever writer inserts
   * version N+1 first wins, the others get a duplicate-key error. Unique inserts are the one write
   * that is atomic on MongoDB and on FerretDB alike. Old versions are pruned as writes go by.
   */
  async casCounter(key: string, expected: number | null, value: string): Promise<boolean> {
    const v = (expected ?? 0) + 1;
    const inserted = await this.run(async () => {
      try {
        await this.counters().insertOne({ _id: `${key}#${v}`, k: key, v, value });
        return true;
      } catch (e) {
        if ((e as { code?: number }).code === 11000) return false;
        throw e;
      }
    });
    if (!inserted) return false;
    if (v % 16 === 0)
      void this.counters()
        .deleteMany({ k: key, v: { $lt: v - 4 } })
        .catch(() => undefined);
    return true;
  }

  private counters() {
    return this.db.collection<{ _id: string; k: string; v: number; value: string }>('counters');
  }
}
