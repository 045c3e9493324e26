import type { Collection } from 'mongodb';
import type { Workspace } from '../../domain/model.js';
import type { Plan } from '../../domain/resource-schemas.js';
import { StoreConflict } from '../errors.js';
import { type IndexDef, isDuplicateKey, keyPatternOf, type MongoConnection } from '../mongo/connection.js';
import type { DeletedWorkspace, WorkspacesRepository } from './repository.js';

interface WorkspaceDoc {
  _id: string;
  slug: string;
  plan: Plan;
  rateLimitRpm: number;
  createdAt: Date;
  /** Absent on workspaces made before the setting existed (false). */
  require2fa?: boolean;
  /** The tombstone (docs/adr/0177): when it was deleted, and the slug it had (`slug` then holds the id). */
  deletedAt?: Date | null;
  deletedSlug?: string;
}

/** Live workspaces only: a deleted one is gone for every read. */
const LIVE = { deletedAt: null } as const;

export const WORKSPACE_INDEXES: IndexDef[] = [['workspaces', { slug: 1 }, { name: 'workspaces_slug', unique: true }]];

const toWorkspace = (d: WorkspaceDoc): Workspace => ({
  id: d._id,
  slug: d.slug,
  plan: d.plan,
  rateLimitRpm: Number(d.rateLimitRpm),
  createdAt: d.createdAt,
  require2fa: d.require2fa === true,
});

export class MongoWorkspaces implements WorkspacesRepository {
  private readonly workspaces: Collection<WorkspaceDoc>;

  constructor(private readonly conn: MongoConnection) {
    this.workspaces = conn.collection('workspaces');
  }

  async create(ws: Workspace): Promise<Workspace> {
    return this.conn.run(async () => {
      try {
        await this.workspaces.insertOne({
          _id: ws.id,
          slug: ws.slug,
          plan: ws.plan,
          rateLimitRpm: ws.rateLimitRpm,
          createdAt: ws.createdAt,
          require2fa: ws.require2fa,
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

  async get(id: string): Promise<Workspace | null> {
    return this.conn.run(async () => {
      const d = await this.workspaces.findOne({ _id: id, ...LIVE });
      return d ? toWorkspace(d) : null;
    });
  }

  async getBySlug(slug: string): Promise<Workspace | null> {
    return this.conn.run(async () => {
      const d = await this.workspaces.findOne({ slug, ...LIVE });
      return d ? toWorkspace(d) : null;
    });
  }

  async setPlan(id: string, plan: Plan, rateLimitRpm: number): Promise<Workspace | null> {
    return this.conn.run(async () => {
      const d = await this.workspaces.findOneAndUpdate({ _id: id, ...LIVE }, { $set: { plan, rateLimitRpm } }, { returnDocument: 'after' });
      return d ? toWorkspace(d) : null;
    });
  }

  async setRequire2fa(id: string, require2fa: boolean): Promise<Workspace | null> {
    return this.conn.run(async () => {
      const d = await this.workspaces.findOneAndUpdate({ _id: id, ...LIVE }, { $set: { require2fa } }, { returnDocument: 'after' });
      return d ? toWorkspace(d) : null;
    });
  }

  async list(): Promise<Workspace[]> {
    return this.conn.run(async () => (await this.workspaces.find(LIVE).sort({ createdAt: 1, slug: 1 }).toArray()).map(toWorkspace));
  }

  async markDeleted(id: string, at: Date): Promise<boolean> {
    return this.conn.run(async () => {
      const d = await this.workspaces.findOne({ _id: id, ...LIVE }, { projection: { slug: 1 } });
      if (!d) return false;
      const r = await this.workspaces.updateOne({ _id: id, ...LIVE }, { $set: { deletedAt: at, deletedSlug: d.slug, slug: id } });
      return r.modifiedCount === 1;
    });
  }

  async deleting(): Promise<DeletedWorkspace[]> {
    return this.conn.run(async () => {
      const docs = await this.workspaces
        .find({ deletedAt: { $ne: null } })
        .sort({ deletedAt: 1, _id: 1 })
        .toArray();
      return docs.map((d) => ({ id: d._id, slug: d.deletedSlug ?? d.slug, deletedAt: d.deletedAt! }));
    });
  }

  async remove(id: string): Promise<void> {
    await this.conn.run(() => this.workspaces.deleteOne({ _id: id, deletedAt: { $ne: null } }));
  }
}
