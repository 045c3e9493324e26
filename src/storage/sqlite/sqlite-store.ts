import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';
import type { ApiKey, Click, Domain, Link, SigningKey, Tag, Workspace } from '../../domain/model.js';
import type { Plan } from '../../domain/resource-schemas.js';
import { tagKey } from '../../domain/rules.js';
import { type LinkPatch, type LinkQuery, type LinkStats, type NewLink, type RedirectTarget, type StatsRange, type Store, StoreConflict } from '../store.js';
import { ClickWriter, writeClicks } from './click-writer.js';
import { MIGRATIONS } from './migrations.js';

type Row = Record<string, unknown>;

const toDate = (v: unknown): Date => new Date(Number(v));
const toDateOrNull = (v: unknown): Date | null => (v === null || v === undefined ? null : new Date(Number(v)));

function conflictField(e: unknown): StoreConflict | null {
  const err = e as { code?: string; message?: string };
  if (!err?.code?.startsWith('SQLITE_CONSTRAINT')) return null;
  const m = err.message ?? '';
  if (m.includes('links.domain')) return new StoreConflict('alias');
  if (m.includes('domains.host')) return new StoreConflict('host');
  if (m.includes('workspaces.slug')) return new StoreConflict('slug');
  if (m.includes('signing_keys.kid')) return new StoreConflict('kid');
  return new StoreConflict('id');
}

function rowToWorkspace(r: Row): Workspace {
  return {
    id: String(r.id),
    slug: String(r.slug),
    plan: r.plan as Plan,
    rateLimitRpm: Number(r.rate_limit_rpm),
    createdAt: toDate(r.created_at),
  };
}

function rowToApiKey(r: Row): ApiKey {
  return {
    id: String(r.id),
    workspaceId: String(r.workspace_id),
    name: String(r.name),
    kid: String(r.kid),
    createdAt: toDate(r.created_at),
    expiresAt: toDate(r.expires_at),
    lastUsedAt: toDateOrNull(r.last_used_at),
    revokedAt: toDateOrNull(r.revoked_at),
    successorId: r.successor_id === null ? null : String(r.successor_id),
  };
}

/** The embedded store: one SQLite file (WAL), created and migrated on first start. */
export class SqliteStore implements Store {
  readonly kind = 'sqlite' as const;
  private readonly db: Database.Database;
  private readonly statements = new Map<string, Database.Statement>();

  private readonly clickWriter: ClickWriter | undefined;

  constructor(path: string) {
    if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true });
    this.clickWriter = path === ':memory:' ? undefined : new ClickWriter(path);
    this.db = new Database(path);
    this.db.pragma('journal_mode = WAL');
    this.db.pragma('synchronous = NORMAL');
    this.db.pragma('foreign_keys = ON');
    this.db.pragma('busy_timeout = 5000');
    // SQLite's lower() folds ASCII only; `q` must match case-insensitively in any script.
    this.db.function('lsk_lower', { deterministic: true }, (v: unknown) => String(v ?? '').toLowerCase());
  }

  /** One transaction wrapper for every transaction (a new wrapper would prepare BEGIN/COMMIT again). */
  private readonly inTransaction = (fn: () => unknown) => fn();
  private txWrapper: ((fn: () => unknown) => unknown) | undefined;

  private tx<T>(fn: () => T): T {
    this.txWrapper ??= this.db.transaction(this.inTransaction);
    return this.txWrapper(fn) as T;
  }

  /** Prepared once, reused: preparing is a large part of a small query's cost. */
  private stmt(sql: string): Database.Statement {
    let st = this.statements.get(sql);
    if (!st) {
      st = this.db.prepare(sql);
      this.statements.set(sql, st);
    }
    return st;
  }

  async init(): Promise<void> {
    const current = Number(this.db.pragma('user_version', { simple: true }));
    for (let v = current; v < MIGRATIONS.length; v++) {
      this.tx(() => {
        this.db.exec(MIGRATIONS[v]!);
        this.db.pragma(`user_version = ${v + 1}`);
      });
    }
  }

  async close(): Promise<void> {
    await this.clickWriter?.close();
    if (this.db.open) this.db.close();
  }

  async ping(): Promise<void> {
    this.stmt('SELECT 1').get();
  }

  // --- workspaces ---------------------------------------------------------------------------

  async createWorkspace(ws: Workspace): Promise<Workspace> {
    try {
      this.stmt('INSERT INTO workspaces (id, slug, plan, rate_limit_rpm, created_at) VALUES (?, ?, ?, ?, ?)').run(
        ws.id,
        ws.slug,
        ws.plan,
        ws.rateLimitRpm,
        ws.createdAt.getTime(),
      );
    } catch (e) {
      throw conflictField(e) ?? e;
    }
    return ws;
  }

  async getWorkspace(id: string): Promise<Workspace | null> {
    const r = this.stmt('SELECT * FROM workspaces WHERE id = ?').get(id) as Row | undefined;
    return r ? rowToWorkspace(r) : null;
  }

  async getWorkspaceBySlug(slug: string): Promise<Workspace | null> {
    const r = this.stmt('SELECT * FROM workspaces WHERE slug = ?').get(slug) as Row | undefined;
    return r ? rowToWorkspace(r) : null;
  }

  async listWorkspaces(): Promise<Workspace[]> {
    return (this.stmt('SELECT * FROM workspaces ORDER BY created_at, slug').all() as Row[]).map(rowToWorkspace);
  }

  async setWorkspacePlan(id: string, plan: Plan, rateLimitRpm: number): Promise<Workspace | null> {
    this.stmt('UPDATE workspaces SET plan = ?, rate_limit_rpm = ? WHERE id = ?').run(plan, rateLimitRpm, id);
    return this.getWorkspace(id);
  }

  // --- links --------------------------------------------------------------------------------

  private tagsOf(linkIds: string[]): Map<string, string[]> {
    const out = new Map<string, string[]>();
    if (linkIds.length === 0) return out;
    const rows = this.stmt(
      `SELECT lt.link_id AS link_id, t.name AS name FROM link_tags lt
         JOIN tags t ON t.workspace_id = lt.workspace_id AND t.key = lt.tag_key
         WHERE lt.link_id IN (SELECT value FROM json_each(?)) ORDER BY lt.link_id, lt.pos`,
    ).all(JSON.stringify(linkIds)) as Row[];
    for (const r of rows) {
      const id = String(r.link_id);
      const list = out.get(id) ?? [];
      list.push(String(r.name));
      out.set(id, list);
    }
    return out;
  }

  private toLinks(rows: Row[]): Link[] {
    const tags = this.tagsOf(rows.map((r) => String(r.id)));
    return rows.map((r) => ({
      id: String(r.id),
      workspaceId: String(r.workspace_id),
      domain: String(r.domain),
      alias: String(r.alias),
      destination: String(r.destination),
      geoTargeting: JSON.parse(String(r.geo)) as Record<string, string>,
      tags: tags.get(String(r.id)) ?? [],
      clicks: Number(r.clicks),
      createdAt: toDate(r.created_at),
      updatedAt: toDate(r.updated_at),
    }));
  }

  /** Replace a link's tags; returns their canonical names (an existing tag keeps its spelling). */
  private setTags(workspaceId: string, linkId: string, names: string[], at: Date): string[] {
    this.stmt('DELETE FROM link_tags WHERE link_id = ?').run(linkId);
    const upsertTag = this.stmt(
      'INSERT INTO tags (workspace_id, key, name, created_at) VALUES (?, ?, ?, ?) ON CONFLICT DO UPDATE SET name = tags.name RETURNING name',
    );
    const addLinkTag = this.stmt('INSERT OR IGNORE INTO link_tags (link_id, workspace_id, tag_key, pos) VALUES (?, ?, ?, ?)');
    const seen = new Set<string>();
    const out: string[] = [];
    names.forEach((name, pos) => {
      const key = tagKey(name);
      if (seen.has(key)) return;
      seen.add(key);
      out.push(String((upsertTag.get(workspaceId, key, name, at.getTime()) as Row).name));
      addLinkTag.run(linkId, workspaceId, key, pos);
    });
    return out;
  }

  /**
   * Group commit: inserts arriving in the same turn of the event loop share one transaction (each
   * in its own savepoint, so a conflict fails only its own insert). A commit is most of an
   * insert's cost, so this is what lets link creation scale with concurrent clients.
   */
  insertLink(link: NewLink): Promise<Link> {
    return new Promise((resolve, reject) => {
      this.pendingInserts.push({ link, resolve, reject });
      if (this.pendingInserts.length === 1) setImmediate(() => this.flushInserts());
    });
  }

  private pendingInserts: { link: NewLink; resolve: (l: Link) => void; reject: (e: unknown) => void }[] = [];

  private flushInserts(): void {
    const batch = this.pendingInserts;
    this.pendingInserts = [];
    const results: ({ ok: Link } | { err: unknown })[] = [];
    try {
      this.tx(() => {
        for (const { link } of batch) {
          try {
            results.push({ ok: this.tx(() => this.insertOne(link)) });
          } catch (e) {
            results.push({ err: conflictField(e) ?? e });
          }
        }
      });
    } catch (e) {
      for (const item of batch) item.reject(e);
      return;
    }
    batch.forEach((item, i) => {
      const r = results[i]!;
      if ('ok' in r) item.resolve(r.ok);
      else item.reject(r.err);
    });
  }

  private insertOne(link: NewLink): Link {
    const t = link.createdAt.getTime();
    this.stmt(
      `INSERT INTO links (id, workspace_id, domain, alias, destination, geo, clicks, created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, 0, ?, ?)`,
    ).run(link.id, link.workspaceId, link.domain, link.alias, link.destination, JSON.stringify(link.geoTargeting), t, t);
    const tags = this.setTags(link.workspaceId, link.id, link.tags, link.createdAt);
    return {
      id: link.id,
      workspaceId: link.workspaceId,
      domain: link.domain,
      alias: link.alias,
      destination: link.destination,
      geoTargeting: { ...link.geoTargeting },
      tags,
      clicks: 0,
      createdAt: link.createdAt,
      updatedAt: link.createdAt,
    };
  }

  async getLink(workspaceId: string, id: string): Promise<Link | null> {
    const r = this.stmt('SELECT * FROM links WHERE id = ? AND workspace_id = ?').get(id, workspaceId) as Row | undefined;
    return r ? this.toLinks([r])[0]! : null;
  }

  async findRedirect(domain: string, alias: string): Promise<RedirectTarget | null> {
    const r = this.findRedirectStmt.get(domain, alias) as Row | undefined;
    return r
      ? {
          id: String(r.id),
          workspaceId: String(r.workspace_id),
          destination: String(r.destination),
          geoTargeting: JSON.parse(String(r.geo)) as Record<string, string>,
        }
      : null;
  }

  private get findRedirectStmt(): Database.Statement {
    return this.stmt('SELECT id, workspace_id, destination, geo FROM links WHERE domain = ? AND alias = ?');
  }

  async updateLink(workspaceId: string, id: string, patch: LinkPatch): Promise<Link | null> {
    try {
      const changed = this.tx(() => {
        const sets: string[] = ['updated_at = @updated_at'];
        const params: Record<string, unknown> = { id, ws: workspaceId, updated_at: patch.updatedAt.getTime() };
        if (patch.destination !== undefined) {
          sets.push('destination = @destination');
          params.destination = patch.destination;
        }
        if (patch.domain !== undefined) {
          sets.push('domain = @domain');
          params.domain = patch.domain;
        }
        if (patch.alias !== undefined) {
          sets.push('alias = @alias');
          params.alias = patch.alias;
        }
        if (patch.geoTargeting !== undefined) {
          sets.push('geo = @geo');
          params.geo = JSON.stringify(patch.geoTargeting);
        }
        const res = this.stmt(`UPDATE links SET ${sets.join(', ')} WHERE id = @id AND workspace_id = @ws`).run(params);
        if (res.changes === 0) return false;
        if (patch.tags !== undefined) this.setTags(workspaceId, id, patch.tags, patch.updatedAt);
        return true;
      });
      if (!changed) return null;
    } catch (e) {
      throw conflictField(e) ?? e;
    }
    return this.getLink(workspaceId, id);
  }

  async deleteLink(workspaceId: string, id: string): Promise<boolean> {
    return this.tx(() => {
      const res = this.stmt('DELETE FROM links WHERE id = ? AND workspace_id = ?').run(id, workspaceId);
      if (res.changes > 0) this.stmt('DELETE FROM clicks WHERE link_id = ?').run(id);
      return res.changes > 0;
    });
  }

  async listLinks(workspaceId: string, query: LinkQuery): Promise<Link[]> {
    const where: string[] = ['workspace_id = @ws'];
    const params: Record<string, unknown> = { ws: workspaceId, limit: query.limit };
    if (query.after) {
      where.push('(created_at < @at OR (created_at = @at AND id < @after_id))');
      params.at = query.after.createdAt.getTime();
      params.after_id = query.after.id;
    }
    if (query.domain !== undefined) {
      where.push('domain = @domain');
      params.domain = query.domain;
    }
    if (query.tag !== undefined) {
      where.push('EXISTS (SELECT 1 FROM link_tags lt WHERE lt.link_id = links.id AND lt.tag_key = @tag)');
      params.tag = query.tag;
    }
    if (query.q !== undefined && query.q !== '') {
      where.push('(instr(lsk_lower(alias), @q) > 0 OR instr(lsk_lower(destination), @q) > 0)');
      params.q = query.q.toLowerCase();
    }
    const rows = this.stmt(`SELECT * FROM links WHERE ${where.join(' AND ')} ORDER BY created_at DESC, id DESC LIMIT @limit`).all(params) as Row[];
    return this.toLinks(rows);
  }

  async countLinksOnDomain(workspaceId: string, domain: string): Promise<number> {
    const r = this.stmt('SELECT count(*) AS n FROM links WHERE workspace_id = ? AND domain = ?').get(workspaceId, domain) as Row;
    return Number(r.n);
  }

  // --- tags ---------------------------------------------------------------------------------

  private getTag(workspaceId: string, key: string): Tag | null {
    const r = this.stmt(
      `SELECT t.name AS name, t.created_at AS created_at,
           (SELECT count(*) FROM link_tags lt WHERE lt.workspace_id = t.workspace_id AND lt.tag_key = t.key) AS links
         FROM tags t WHERE t.workspace_id = ? AND t.key = ?`,
    ).get(workspaceId, key) as Row | undefined;
    return r ? { name: String(r.name), links: Number(r.links), createdAt: toDate(r.created_at) } : null;
  }

  async listTags(workspaceId: string): Promise<Tag[]> {
    const rows = this.stmt(
      `SELECT t.name AS name, t.created_at AS created_at, count(lt.link_id) AS links
         FROM tags t LEFT JOIN link_tags lt ON lt.workspace_id = t.workspace_id AND lt.tag_key = t.key
         WHERE t.workspace_id = ? GROUP BY t.key ORDER BY t.key`,
    ).all(workspaceId) as Row[];
    return rows.map((r) => ({ name: String(r.name), links: Number(r.links), createdAt: toDate(r.created_at) }));
  }

  async renameTag(workspaceId: string, fromKey: string, to: string): Promise<Tag | null> {
    const toKey = tagKey(to);
    return this.tx(() => {
      if (!this.getTag(workspaceId, fromKey)) return null;
      if (toKey === fromKey) {
        this.stmt('UPDATE tags SET name = ? WHERE workspace_id = ? AND key = ?').run(to, workspaceId, fromKey);
        return this.getTag(workspaceId, toKey);
      }
      const target = this.getTag(workspaceId, toKey);
      if (!target) {
        this.stmt('UPDATE tags SET key = ?, name = ? WHERE workspace_id = ? AND key = ?').run(toKey, to, workspaceId, fromKey);
      } else {
        this.stmt('DELETE FROM tags WHERE workspace_id = ? AND key = ?').run(workspaceId, fromKey);
      }
      // Links carrying both keep one; the rest move over.
      this.stmt('UPDATE OR IGNORE link_tags SET tag_key = ? WHERE workspace_id = ? AND tag_key = ?').run(toKey, workspaceId, fromKey);
      this.stmt('DELETE FROM link_tags WHERE workspace_id = ? AND tag_key = ?').run(workspaceId, fromKey);
      return this.getTag(workspaceId, toKey);
    });
  }

  async deleteTag(workspaceId: string, key: string): Promise<boolean> {
    return this.tx(() => {
      this.stmt('DELETE FROM link_tags WHERE workspace_id = ? AND tag_key = ?').run(workspaceId, key);
      return this.stmt('DELETE FROM tags WHERE workspace_id = ? AND key = ?').run(workspaceId, key).changes > 0;
    });
  }

  // --- domains ------------------------------------------------------------------------------

  async addDomain(domain: Domain): Promise<Domain> {
    try {
      this.stmt('INSERT INTO domains (host, workspace_id, created_at) VALUES (?, ?, ?)').run(domain.host, domain.workspaceId, domain.createdAt.getTime());
    } catch (e) {
      throw conflictField(e) ?? e;
    }
    return domain;
  }

  async getDomain(host: string): Promise<Domain | null> {
    const r = this.stmt('SELECT * FROM domains WHERE host = ?').get(host) as Row | undefined;
    return r ? { host: String(r.host), workspaceId: String(r.workspace_id), createdAt: toDate(r.created_at) } : null;
  }

  async listDomains(workspaceId: string): Promise<Domain[]> {
    const rows = this.stmt('SELECT * FROM domains WHERE workspace_id = ? ORDER BY created_at, host').all(workspaceId) as Row[];
    return rows.map((r) => ({ host: String(r.host), workspaceId: String(r.workspace_id), createdAt: toDate(r.created_at) }));
  }

  async deleteDomain(workspaceId: string, host: string): Promise<boolean> {
    return this.stmt('DELETE FROM domains WHERE workspace_id = ? AND host = ?').run(workspaceId, host).changes > 0;
  }

  // --- API keys -----------------------------------------------------------------------------

  async insertApiKey(key: ApiKey): Promise<ApiKey> {
    try {
      this.insertApiKeyRow(key);
    } catch (e) {
      throw conflictField(e) ?? e;
    }
    return key;
  }

  private insertApiKeyRow(key: ApiKey): void {
    this.stmt(
      `INSERT INTO api_keys (id, workspace_id, name, kid, created_at, expires_at, last_used_at, revoked_at, successor_id)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    ).run(
      key.id,
      key.workspaceId,
      key.name,
      key.kid,
      key.createdAt.getTime(),
      key.expiresAt.getTime(),
      key.lastUsedAt?.getTime() ?? null,
      key.revokedAt?.getTime() ?? null,
      key.successorId,
    );
  }

  async getApiKey(id: string): Promise<ApiKey | null> {
    const r = this.stmt('SELECT * FROM api_keys WHERE id = ?').get(id) as Row | undefined;
    return r ? rowToApiKey(r) : null;
  }

  async listApiKeys(workspaceId: string): Promise<ApiKey[]> {
    const rows = this.stmt('SELECT * FROM api_keys WHERE workspace_id = ? ORDER BY created_at DESC, id DESC').all(workspaceId) as Row[];
    return rows.map(rowToApiKey);
  }

  async revokeApiKey(workspaceId: string, id: string, at: Date): Promise<ApiKey | null> {
    this.stmt('UPDATE api_keys SET revoked_at = ? WHERE id = ? AND workspace_id = ? AND revoked_at IS NULL').run(at.getTime(), id, workspaceId);
    const key = await this.getApiKey(id);
    return key && key.workspaceId === workspaceId ? key : null;
  }

  async touchApiKeys(lastUsed: ReadonlyMap<string, Date>): Promise<void> {
    const stmt = this.stmt('UPDATE api_keys SET last_used_at = ? WHERE id = ? AND (last_used_at IS NULL OR last_used_at < ?)');
    this.tx(() => {
      for (const [id, at] of lastUsed) stmt.run(at.getTime(), id, at.getTime());
    });
  }

  async claimSuccessor(id: string, successorId: string): Promise<boolean> {
    return this.stmt('UPDATE api_keys SET successor_id = ? WHERE id = ? AND successor_id IS NULL').run(successorId, id).changes > 0;
  }

  // --- signing keys -------------------------------------------------------------------------

  async listSigningKeys(): Promise<SigningKey[]> {
    const rows = this.stmt('SELECT * FROM signing_keys ORDER BY created_at, kid').all() as Row[];
    return rows.map((r) => ({
      kid: String(r.kid),
      privateJwk: String(r.private_jwk),
      publicJwk: String(r.public_jwk),
      createdAt: toDate(r.created_at),
    }));
  }

  async insertSigningKey(key: SigningKey): Promise<SigningKey> {
    this.stmt('INSERT OR IGNORE INTO signing_keys (kid, private_jwk, public_jwk, created_at) VALUES (?, ?, ?, ?)').run(
      key.kid,
      key.privateJwk,
      key.publicJwk,
      key.createdAt.getTime(),
    );
    const r = this.stmt('SELECT * FROM signing_keys WHERE kid = ?').get(key.kid) as Row;
    return { kid: String(r.kid), privateJwk: String(r.private_jwk), publicJwk: String(r.public_jwk), createdAt: toDate(r.created_at) };
  }

  async deleteSigningKey(kid: string): Promise<void> {
    this.stmt('DELETE FROM signing_keys WHERE kid = ?').run(kid);
  }

  // --- clicks -------------------------------------------------------------------------------

  async recordClicks(clicks: readonly Click[]): Promise<void> {
    if (clicks.length === 0) return;
    // A file database is written by a worker thread; `:memory:` exists only on this connection.
    if (this.clickWriter) return this.clickWriter.write(clicks);
    writeClicks(this.db, clicks);
  }

  async linkStats(workspaceId: string, linkId: string, range: StatsRange): Promise<LinkStats> {
    const base = 'FROM clicks WHERE link_id = @link AND workspace_id = @ws AND at >= @from AND at < @to';
    const p = { link: linkId, ws: workspaceId, from: range.from.getTime(), to: range.to.getTime() };
    const totals = this.stmt(`SELECT coalesce(sum(bot = 0), 0) AS clicks, coalesce(sum(bot = 1), 0) AS bots ${base}`).get(p) as Row;
    const group = (col: string, order: string) =>
      this.stmt(`SELECT ${col} AS k, count(*) AS n ${base} AND bot = 0 AND ${col} IS NOT NULL GROUP BY ${col} ORDER BY ${order}`).all(p) as Row[];
    return {
      clicks: Number(totals.clicks),
      bots: Number(totals.bots),
      byDay: group('day', 'k').map((r) => ({ date: String(r.k), clicks: Number(r.n) })),
      byCountry: group('country', 'n DESC, k').map((r) => ({ country: String(r.k), clicks: Number(r.n) })),
      byReferrer: group('referrer_host', 'n DESC, k').map((r) => ({ host: String(r.k), clicks: Number(r.n) })),
      byDevice: group('device', 'n DESC, k').map((r) => ({ device: String(r.k), clicks: Number(r.n) })),
    };
  }

  // --- counters -----------------------------------------------------------------------------

  async getCounter(key: string): Promise<{ version: number; value: string } | null> {
    const r = this.stmt('SELECT version, value FROM counters WHERE key = ?').get(key) as Row | undefined;
    return r ? { version: Number(r.version), value: String(r.value) } : null;
  }

  async casCounter(key: string, expected: number | null, value: string): Promise<boolean> {
    if (expected === null) {
      return this.stmt('INSERT OR IGNORE INTO counters (key, version, value) VALUES (?, 1, ?)').run(key, value).changes > 0;
    }
    return this.stmt('UPDATE counters SET version = version + 1, value = ? WHERE key = ? AND version = ?').run(value, key, expected).changes > 0;
  }
}
