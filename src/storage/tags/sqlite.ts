import { tagKey } from '../../domain/field-rules.js';
import type { Tag } from '../../domain/model.js';
import { type Row, type SqliteConnection, toDate } from '../sqlite/connection.js';
import { purgeTables } from '../sqlite/purge.js';
import type { TagsRepository } from './repository.js';

/** Replace a link's tags (inside the caller's transaction); returns their canonical names (an existing tag keeps its spelling). */
export function setLinkTags(conn: SqliteConnection, workspaceId: string, linkId: string, names: readonly string[], at: Date): string[] {
  conn.stmt('DELETE FROM link_tags WHERE link_id = ?').run(linkId);
  const upsertTag = conn.stmt(
    'INSERT INTO tags (workspace_id, key, name, created_at) VALUES (?, ?, ?, ?) ON CONFLICT DO UPDATE SET name = tags.name RETURNING name',
  );
  const addLinkTag = conn.stmt('INSERT OR IGNORE INTO link_tags (link_id, workspace_id, tag_key, pos) VALUES (?, ?, ?, ?)');
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

const toTag = (r: Row): Tag => ({ name: String(r.name), links: Number(r.links), createdAt: toDate(r.created_at) });

export class SqliteTags implements TagsRepository {
  constructor(private readonly conn: SqliteConnection) {}

  private getTag(workspaceId: string, key: string): Tag | null {
    const r = this.conn
      .stmt(
        `SELECT t.name AS name, t.created_at AS created_at,
           (SELECT count(*) FROM link_tags lt WHERE lt.workspace_id = t.workspace_id AND lt.tag_key = t.key) AS links
         FROM tags t WHERE t.workspace_id = ? AND t.key = ?`,
      )
      .get(workspaceId, key) as Row | undefined;
    return r ? toTag(r) : null;
  }

  async list(workspaceId: string): Promise<Tag[]> {
    const rows = this.conn
      .stmt(
        `SELECT t.name AS name, t.created_at AS created_at, count(lt.link_id) AS links
         FROM tags t LEFT JOIN link_tags lt ON lt.workspace_id = t.workspace_id AND lt.tag_key = t.key
         WHERE t.workspace_id = ? GROUP BY t.key ORDER BY t.key`,
      )
      .all(workspaceId) as Row[];
    return rows.map(toTag);
  }

  async rename(workspaceId: string, fromKey: string, to: string): Promise<Tag | null> {
    const toKey = tagKey(to);
    return this.conn.tx(() => {
      if (!this.getTag(workspaceId, fromKey)) return null;
      if (toKey === fromKey) {
        this.conn.stmt('UPDATE tags SET name = ? WHERE workspace_id = ? AND key = ?').run(to, workspaceId, fromKey);
        return this.getTag(workspaceId, toKey);
      }
      if (!this.getTag(workspaceId, toKey)) {
        this.conn.stmt('UPDATE tags SET key = ?, name = ? WHERE workspace_id = ? AND key = ?').run(toKey, to, workspaceId, fromKey);
      } else {
        this.conn.stmt('DELETE FROM tags WHERE workspace_id = ? AND key = ?').run(workspaceId, fromKey);
      }
      // Links carrying both keep one; the rest move over.
      this.conn.stmt('UPDATE OR IGNORE link_tags SET tag_key = ? WHERE workspace_id = ? AND tag_key = ?').run(toKey, workspaceId, fromKey);
      this.conn.stmt('DELETE FROM link_tags WHERE workspace_id = ? AND tag_key = ?').run(workspaceId, fromKey);
      return this.getTag(workspaceId, toKey);
    });
  }

  async delete(workspaceId: string, key: string): Promise<boolean> {
    return this.conn.tx(() => {
      this.conn.stmt('DELETE FROM link_tags WHERE workspace_id = ? AND tag_key = ?').run(workspaceId, key);
      return this.conn.stmt('DELETE FROM tags WHERE workspace_id = ? AND key = ?').run(workspaceId, key).changes > 0;
    });
  }

  async purgeWorkspace(workspaceId: string, limit: number): Promise<number> {
    return purgeTables(this.conn, [['tags']], workspaceId, limit);
  }
}
