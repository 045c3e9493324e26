import type { Invite, Membership, Role } from '../../domain/accounts.js';
import { conflictOf, type Row, type SqliteConnection, toDate } from '../sqlite/connection.js';
import { purgeTables } from '../sqlite/purge.js';
import type { MembersRepository, OwnerChange } from './repository.js';

const toMembership = (r: Row): Membership => ({
  workspaceId: String(r.workspace_id),
  userId: String(r.user_id),
  role: String(r.role) as Role,
  createdAt: toDate(r.created_at),
});

const toInvite = (r: Row): Invite => ({
  id: String(r.id),
  workspaceId: String(r.workspace_id),
  email: String(r.email),
  role: String(r.role) as Role,
  tokenHash: String(r.token_hash),
  createdAt: toDate(r.created_at),
  expiresAt: toDate(r.expires_at),
});

/** Leaves an owner behind: the member is no owner, or another owner exists. Part of one statement, so it holds under concurrency. */
const KEEPS_AN_OWNER = `(role != 'owner' OR (SELECT count(*) FROM memberships o WHERE o.workspace_id = memberships.workspace_id AND o.role = 'owner') > 1)`;

export class SqliteMembers implements MembersRepository {
  constructor(private readonly conn: SqliteConnection) {}

  async add(m: Membership): Promise<Membership> {
    try {
      this.conn
        .stmt('INSERT INTO memberships (workspace_id, user_id, role, created_at) VALUES (?, ?, ?, ?)')
        .run(m.workspaceId, m.userId, m.role, m.createdAt.getTime());
    } catch (e) {
      throw conflictOf(e) ?? e;
    }
    return m;
  }

  async get(workspaceId: string, userId: string): Promise<Membership | null> {
    const r = this.conn.stmt('SELECT * FROM memberships WHERE workspace_id = ? AND user_id = ?').get(workspaceId, userId) as Row | undefined;
    return r ? toMembership(r) : null;
  }

  async listByWorkspace(workspaceId: string): Promise<Membership[]> {
    return (this.conn.stmt('SELECT * FROM memberships WHERE workspace_id = ? ORDER BY created_at, user_id').all(workspaceId) as Row[]).map(toMembership);
  }

  async listByUser(userId: string): Promise<Membership[]> {
    return (this.conn.stmt('SELECT * FROM memberships WHERE user_id = ? ORDER BY created_at, workspace_id').all(userId) as Row[]).map(toMembership);
  }

  async setRole(workspaceId: string, userId: string, role: Role): Promise<OwnerChange> {
    const sql = `UPDATE memberships SET role = ? WHERE workspace_id = ? AND user_id = ? AND (? = 'owner' OR ${KEEPS_AN_OWNER})`;
    if (this.conn.stmt(sql).run(role, workspaceId, userId, role).changes > 0) return 'done';
    return (await this.get(workspaceId, userId)) ? 'last_owner' : 'not_found';
  }

  async remove(workspaceId: string, userId: string): Promise<OwnerChange> {
    const sql = `DELETE FROM memberships WHERE workspace_id = ? AND user_id = ? AND ${KEEPS_AN_OWNER}`;
    if (this.conn.stmt(sql).run(workspaceId, userId).changes > 0) return 'done';
    return (await this.get(workspaceId, userId)) ? 'last_owner' : 'not_found';
  }

  async insertInvite(i: Invite): Promise<Invite> {
    try {
      this.conn
        .stmt('INSERT INTO invites (id, workspace_id, email, role, token_hash, created_at, expires_at) VALUES (?, ?, ?, ?, ?, ?, ?)')
        .run(i.id, i.workspaceId, i.email, i.role, i.tokenHash, i.createdAt.getTime(), i.expiresAt.getTime());
    } catch (e) {
      throw conflictOf(e) ?? e;
    }
    return i;
  }

  async listInvites(workspaceId: string, now: Date): Promise<Invite[]> {
    const sql = 'SELECT * FROM invites WHERE workspace_id = ? AND expires_at > ? ORDER BY created_at DESC, id DESC';
    return (this.conn.stmt(sql).all(workspaceId, now.getTime()) as Row[]).map(toInvite);
  }

  async getInvite(workspaceId: string, id: string): Promise<Invite | null> {
    const r = this.conn.stmt('SELECT * FROM invites WHERE workspace_id = ? AND id = ?').get(workspaceId, id) as Row | undefined;
    return r ? toInvite(r) : null;
  }

  async deleteInvite(workspaceId: string, id: string): Promise<boolean> {
    return this.conn.stmt('DELETE FROM invites WHERE workspace_id = ? AND id = ?').run(workspaceId, id).changes > 0;
  }

  async getInviteByToken(tokenHash: string): Promise<Invite | null> {
    const r = this.conn.stmt('SELECT * FROM invites WHERE token_hash = ?').get(tokenHash) as Row | undefined;
    return r ? toInvite(r) : null;
  }

  async consumeInvite(tokenHash: string, now: Date): Promise<Invite | null> {
    const r = this.conn.stmt('DELETE FROM invites WHERE token_hash = ? RETURNING *').get(tokenHash) as Row | undefined;
    return r && Number(r.expires_at) > now.getTime() ? toInvite(r) : null;
  }

  async sweepInvites(now: Date): Promise<void> {
    this.conn.stmt('DELETE FROM invites WHERE expires_at <= ?').run(now.getTime());
  }

  async purgeWorkspace(workspaceId: string, limit: number): Promise<number> {
    return purgeTables(this.conn, [['memberships', 'workspace_id, user_id'], ['invites']], workspaceId, limit);
  }
}
