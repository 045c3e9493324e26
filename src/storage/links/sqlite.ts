import { linkRef } from '../../domain/link-ref.js';
import { recordNewLinkTags } from '../clicks/sqlite-tag-sheets.js';
import { StoreConflict } from '../errors.js';
import { conflictOf, type Row, type SqliteConnection } from '../sqlite/connection.js';
import { purgeTables } from '../sqlite/purge.js';
import { setLinkTags } from '../tags/sqlite.js';
import { keysetPages } from './keyset-pages.js';
import type { LinkFilter, LinkPatch, LinkQuery, LinkRow, LinksRepository, NewLink, RedirectTarget } from './repository.js';
import { orderSql } from './sqlite-order.js';
import { LINK_COLUMNS, linkRow, REDIRECT_COLUMNS, redirectFields } from './sqlite-rows.js';

/** A JSON column's value: undefined (not given) stays undefined, null stays NULL. */
const jsonColumn = (v: unknown): string | null | undefined => (v === undefined ? undefined : v === null ? null : JSON.stringify(v));

/** Column values of the behaviour fields present in `l` (undefined: not given). */
function behaviourColumns(l: Partial<LinkRow>): Record<string, unknown> {
  return {
    title: l.title,
    external_id: l.externalId,
    expires_at: l.expiresAt === undefined ? undefined : (l.expiresAt?.getTime() ?? null),
    expired_url: l.expiredUrl,
    max_clicks: l.maxClicks,
    password_hash: l.passwordHash,
    device: l.deviceTargeting && JSON.stringify(l.deviceTargeting),
    rules: jsonColumn(l.rules),
    variants: jsonColumn(l.variants),
    utm: jsonColumn(l.utm),
    preview: jsonColumn(l.preview),
  };
}

/** Links in the embedded store: `links` plus `link_tags` (positions keep each link's tag order), read together (sqlite-rows.ts). */
export class SqliteLinks implements LinksRepository {
  constructor(private readonly conn: SqliteConnection) {}

  /**
   * Group commit (sqlite/group-commit.ts): inserts arriving in the same turn of the event loop share
   * one transaction, and a conflict fails only its own insert (the group runs again with a savepoint
   * per insert when one throws). A commit is most of an insert's cost, so this is what lets link
   * creation scale with concurrent clients.
   */
  async insert(link: NewLink): Promise<LinkRow> {
    try {
      return await this.conn.grouped.run(() => this.insertOne(link));
    } catch (e) {
      throw conflictOf(e) ?? e;
    }
  }

  private insertOne(link: NewLink): LinkRow {
    const t = link.createdAt.getTime();
    const extra = behaviourColumns(link);
    const cols = ['id', 'workspace_id', 'domain', 'alias', 'destination', 'geo', 'created_at', 'updated_at', ...Object.keys(extra)];
    this.conn
      .stmt(`INSERT INTO links (${cols.join(', ')}) VALUES (${cols.map(() => '?').join(', ')})`)
      .run(link.id, link.workspaceId, link.domain, link.alias, link.destination, JSON.stringify(link.geoTargeting), t, t, ...Object.values(extra));
    const tags = setLinkTags(this.conn, link.workspaceId, link.id, link.tags, link.createdAt);
    // Its tags go on the tag sheets' record in this transaction (it has no clicks to move).
    if (tags.length > 0) recordNewLinkTags(this.conn, link.id);
    return { ...link, geoTargeting: { ...link.geoTargeting }, deviceTargeting: { ...link.deviceTargeting }, tags, updatedAt: link.createdAt };
  }

  /** Inserts queued in one turn share one transaction (the group commit above); a conflict fails only its own. */
  async insertMany(_workspaceId: string, links: readonly NewLink[]): Promise<(LinkRow | StoreConflict)[]> {
    const settled = await Promise.allSettled(links.map((l) => this.insert(l)));
    return settled.map((r) => {
      if (r.status === 'fulfilled') return r.value;
      if (r.reason instanceof StoreConflict) return r.reason;
      throw r.reason;
    });
  }

  async deleteMany(workspaceId: string, ids: readonly string[]): Promise<string[]> {
    if (ids.length === 0) return [];
    const rows = this.conn
      .stmt('DELETE FROM links WHERE workspace_id = ? AND id IN (SELECT value FROM json_each(?)) RETURNING id')
      .all(workspaceId, JSON.stringify(ids)) as Row[];
    return rows.map((r) => String(r.id));
  }

  async get(workspaceId: string, id: string): Promise<LinkRow | null> {
    const ref = linkRef(id);
    const r = (
      'id' in ref
        ? this.conn.stmt(`SELECT ${LINK_COLUMNS} FROM links WHERE id = ? AND workspace_id = ?`).get(ref.id, workspaceId)
        : this.conn.stmt(`SELECT ${LINK_COLUMNS} FROM links WHERE external_id = ? AND workspace_id = ?`).get(ref.externalId, workspaceId)
    ) as Row | undefined;
    return r ? linkRow(r) : null;
  }

  async findRedirect(domain: string, alias: string): Promise<RedirectTarget | null> {
    const r = this.conn.stmt(`SELECT ${REDIRECT_COLUMNS} FROM links WHERE domain = ? AND alias = ?`).get(domain, alias) as Row | undefined;
    return r ? redirectFields(r) : null;
  }

  async findRedirects(domain: string, aliases: readonly string[]): Promise<RedirectTarget[]> {
    if (aliases.length === 0) return [];
    const rows = this.conn
      .stmt(`SELECT ${REDIRECT_COLUMNS} FROM links WHERE domain = ? AND alias IN (SELECT value FROM json_each(?))`)
      .all(domain, JSON.stringify(aliases)) as Row[];
    return rows.map(redirectFields);
  }

  async update(workspaceId: string, id: string, patch: LinkPatch): Promise<LinkRow | null> {
    const sets: string[] = ['updated_at = @updated_at'];
    const params: Record<string, unknown> = { id, ws: workspaceId, updated_at: patch.updatedAt.getTime() };
    const columns = {
      destination: patch.destination,
      domain: patch.domain,
      alias: patch.alias,
      geo: patch.geoTargeting && JSON.stringify(patch.geoTargeting),
      ...behaviourColumns(patch),
    };
    for (const [col, value] of Object.entries(columns)) {
      if (value === undefined) continue;
      sets.push(`${col} = @${col}`);
      params[col] = value;
    }
    try {
      const changed = this.conn.tx(() => {
        const res = this.conn.stmt(`UPDATE links SET ${sets.join(', ')} WHERE id = @id AND workspace_id = @ws`).run(params);
        if (res.changes === 0) return false;
        if (patch.tags !== undefined) setLinkTags(this.conn, workspaceId, id, patch.tags, patch.updatedAt);
        return true;
      });
      if (!changed) return null;
    } catch (e) {
      throw conflictOf(e) ?? e;
    }
    return this.get(workspaceId, id);
  }

  async delete(workspaceId: string, id: string): Promise<boolean> {
    return this.conn.stmt('DELETE FROM links WHERE id = ? AND workspace_id = ?').run(id, workspaceId).changes > 0;
  }

  private where(workspaceId: string, filter: LinkFilter, params: Record<string, unknown>): string[] {
    const where: string[] = ['workspace_id = @ws'];
    params.ws = workspaceId;
    if (filter.domain !== undefined) {
      where.push('domain = @domain');
      params.domain = filter.domain;
    }
    if (filter.externalId !== undefined) {
      where.push('external_id = @external_id');
      params.external_id = filter.externalId;
    }
    if (filter.expiredAt !== undefined) {
      where.push(filter.expiredAt.expired ? 'expires_at <= @now' : '(expires_at IS NULL OR expires_at > @now)');
      params.now = filter.expiredAt.now.getTime();
    }
    if (filter.capped) where.push('max_clicks IS NOT NULL');
    if (filter.ids !== undefined) {
      where.push('id IN (SELECT value FROM json_each(@ids))');
      params.ids = JSON.stringify(filter.ids);
    }
    if (filter.tag !== undefined) {
      where.push('EXISTS (SELECT 1 FROM link_tags lt WHERE lt.link_id = links.id AND lt.tag_key = @tag)');
      params.tag = filter.tag;
    }
    if (filter.q !== undefined && filter.q !== '') {
      where.push("(instr(lsk_lower(alias), @q) > 0 OR instr(lsk_lower(destination), @q) > 0 OR instr(lsk_lower(coalesce(title, '')), @q) > 0)");
      params.q = filter.q.toLowerCase();
    }
    if (filter.domainIn !== undefined) {
      where.push('domain IN (SELECT value FROM json_each(@domain_in))');
      params.domain_in = JSON.stringify(filter.domainIn);
    }
    if (filter.tagIn !== undefined) {
      where.push('EXISTS (SELECT 1 FROM link_tags lt WHERE lt.link_id = links.id AND lt.tag_key IN (SELECT value FROM json_each(@tag_in)))');
      params.tag_in = JSON.stringify(filter.tagIn);
    }
    return where;
  }

  async list(workspaceId: string, query: LinkQuery): Promise<LinkRow[]> {
    const params: Record<string, unknown> = { limit: query.limit };
    const where = this.where(workspaceId, query, params);
    const order = orderSql(query, where, params);
    const rows = this.conn.stmt(`SELECT ${LINK_COLUMNS} FROM links WHERE ${where.join(' AND ')} ORDER BY ${order} LIMIT @limit`).all(params) as Row[];
    return rows.map(linkRow);
  }

  pages(workspaceId: string, filter: LinkFilter, size: number): AsyncIterable<LinkRow[]> {
    return keysetPages((w, q) => this.list(w, q), workspaceId, filter, size);
  }

  async count(workspaceId: string, filter: LinkFilter): Promise<number> {
    const params: Record<string, unknown> = {};
    const where = this.where(workspaceId, filter, params);
    return Number((this.conn.stmt(`SELECT count(*) AS n FROM links WHERE ${where.join(' AND ')}`).get(params) as Row).n);
  }

  async countOnDomain(workspaceId: string, domain: string): Promise<number> {
    return Number((this.conn.stmt('SELECT count(*) AS n FROM links WHERE workspace_id = ? AND domain = ?').get(workspaceId, domain) as Row).n);
  }

  async byIds(workspaceId: string, ids: readonly string[]): Promise<LinkRow[]> {
    if (ids.length === 0) return [];
    const rows = this.conn
      .stmt(`SELECT ${LINK_COLUMNS} FROM links WHERE workspace_id = ? AND id IN (SELECT value FROM json_each(?))`)
      .all(workspaceId, JSON.stringify(ids)) as Row[];
    return rows.map(linkRow);
  }

  async ids(workspaceId: string, filter: LinkFilter): Promise<string[]> {
    const params: Record<string, unknown> = {};
    const where = this.where(workspaceId, filter, params);
    return (this.conn.stmt(`SELECT id FROM links WHERE ${where.join(' AND ')}`).all(params) as Row[]).map((r) => String(r.id));
  }

  async purgeWorkspace(workspaceId: string, limit: number): Promise<number> {
    return purgeTables(this.conn, [['link_tags'], ['links']], workspaceId, limit);
  }
}
