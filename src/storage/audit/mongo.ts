import type { Collection, Filter } from 'mongodb';
import type { AuditAction, AuditEntry, TargetType } from '../../domain/audit.js';
import type { Actor } from '../../domain/caller.js';
import { type IndexDef, isDuplicateKey, type MongoConnection } from '../mongo/connection.js';
import { purgeCollections } from '../mongo/purge.js';
import type { AuditQuery, AuditRepository } from './repository.js';

interface AuditDoc {
  /** The entry's time-ordered id. */
  _id: string;
  workspaceId: string;
  at: Date;
  actor: Actor;
  action: AuditAction;
  target: { type: TargetType; id: string };
  requestId: string | null;
}

export const AUDIT_INDEXES: IndexDef[] = [
  ['audit_log', { workspaceId: 1, _id: -1 }, { name: 'audit_by_workspace' }],
  ['audit_log', { workspaceId: 1, action: 1, _id: -1 }, { name: 'audit_by_action' }],
  ['audit_log', { workspaceId: 1, 'actor.id': 1, _id: -1 }, { name: 'audit_by_actor' }],
  ['audit_log', { workspaceId: 1, 'target.id': 1, _id: -1 }, { name: 'audit_by_target' }],
  ['audit_log', { at: 1 }, { name: 'audit_by_time' }],
];

const toEntry = ({ _id, ...d }: AuditDoc): AuditEntry => ({
  id: _id,
  workspaceId: d.workspaceId,
  at: d.at,
  actor: { type: d.actor.type, id: d.actor.id, label: d.actor.label },
  action: d.action,
  target: { type: d.target.type, id: d.target.id },
  requestId: d.requestId ?? null,
});

/** The audit log on MongoDB: unordered inserts only (no read-modify-write), read by the `_id` order. */
export class MongoAudit implements AuditRepository {
  private readonly coll: Collection<AuditDoc>;

  constructor(private readonly conn: MongoConnection) {
    this.coll = conn.collection('audit_log');
  }

  async insertMany(entries: readonly AuditEntry[]): Promise<void> {
    if (entries.length === 0) return;
    const docs: AuditDoc[] = entries.map(({ id, ...e }) => ({ _id: id, ...e, actor: { ...e.actor }, target: { ...e.target } }));
    await this.conn.run(async () => {
      try {
        await this.coll.insertMany(docs, { ordered: false });
      } catch (e) {
        if (!isDuplicateKey(e)) throw e; // every failure a duplicate _id: the batch was written before
      }
    });
  }

  async list(workspaceId: string, q: AuditQuery): Promise<AuditEntry[]> {
    const f: Filter<AuditDoc> = { workspaceId };
    if (q.action !== undefined) f.action = q.action;
    if (q.actorId !== undefined) f['actor.id'] = q.actorId;
    if (q.targetId !== undefined) f['target.id'] = q.targetId;
    if (q.from !== undefined || q.to !== undefined) f.at = { ...(q.from ? { $gte: q.from } : {}), ...(q.to ? { $lt: q.to } : {}) };
    if (q.beforeId !== undefined) f._id = { $lt: q.beforeId };
    return this.conn.run(async () => (await this.coll.find(f).sort({ _id: -1 }).limit(q.limit).toArray()).map(toEntry));
  }

  async deleteBefore(at: Date): Promise<number> {
    return this.conn.run(async () => (await this.coll.deleteMany({ at: { $lt: at } })).deletedCount);
  }

  purgeWorkspace(workspaceId: string, limit: number): Promise<number> {
    const c = (name: string) => this.conn.collection(name);
    return purgeCollections(this.conn, [[c('audit_log'), { workspaceId }]], limit);
  }
}
