import type { Collection } from 'mongodb';
import type { Utm } from '../../domain/utm-schemas.js';
import { StoreConflict } from '../errors.js';
import { type IndexDef, isDuplicateKey, type MongoConnection } from '../mongo/connection.js';
import { purgeCollections } from '../mongo/purge.js';
import { templateNameKey, type UtmTemplate, type UtmTemplatePatch, type UtmTemplatesRepository } from './repository.js';

interface UtmTemplateDoc {
  _id: string;
  workspaceId: string;
  name: string;
  nameKey: string;
  values: Utm;
  createdAt: Date;
  updatedAt: Date;
}

export const UTM_TEMPLATE_INDEXES: IndexDef[] = [
  ['utm_templates', { workspaceId: 1, nameKey: 1 }, { name: 'utm_templates_name', unique: true }],
  ['utm_templates', { workspaceId: 1, createdAt: 1 }, { name: 'utm_templates_by_workspace' }],
];

const toTemplate = (d: UtmTemplateDoc): UtmTemplate => ({
  id: d._id,
  workspaceId: d.workspaceId,
  name: d.name,
  values: { ...d.values },
  createdAt: d.createdAt,
  updatedAt: d.updatedAt,
});

/** One document per template; the (workspace, name) unique index refuses a second of a name. */
export class MongoUtmTemplates implements UtmTemplatesRepository {
  private readonly docs: Collection<UtmTemplateDoc>;

  constructor(private readonly conn: MongoConnection) {
    this.docs = conn.collection('utm_templates');
  }

  async insert(t: UtmTemplate): Promise<UtmTemplate> {
    const doc: UtmTemplateDoc = {
      _id: t.id,
      workspaceId: t.workspaceId,
      name: t.name,
      nameKey: templateNameKey(t.name),
      values: { ...t.values },
      createdAt: t.createdAt,
      updatedAt: t.updatedAt,
    };
    if (!(await this.conn.insertUnique(this.docs, doc))) throw new StoreConflict('name');
    return toTemplate(doc);
  }

  async get(workspaceId: string, id: string): Promise<UtmTemplate | null> {
    return this.conn.run(async () => {
      const d = await this.docs.findOne({ _id: id, workspaceId });
      return d ? toTemplate(d) : null;
    });
  }

  async list(workspaceId: string): Promise<UtmTemplate[]> {
    return this.conn.run(async () => (await this.docs.find({ workspaceId }).sort({ createdAt: 1, _id: 1 }).toArray()).map(toTemplate));
  }

  async update(workspaceId: string, id: string, patch: UtmTemplatePatch): Promise<UtmTemplate | null> {
    return this.conn.run(async () => {
      const set: Partial<UtmTemplateDoc> = { updatedAt: patch.updatedAt };
      if (patch.name !== undefined) {
        set.name = patch.name;
        set.nameKey = templateNameKey(patch.name);
      }
      if (patch.values !== undefined) set.values = { ...patch.values };
      try {
        const d = await this.docs.findOneAndUpdate({ _id: id, workspaceId }, { $set: set }, { returnDocument: 'after' });
        return d ? toTemplate(d) : null;
      } catch (e) {
        if (isDuplicateKey(e)) throw new StoreConflict('name');
        throw e;
      }
    });
  }

  async delete(workspaceId: string, id: string): Promise<boolean> {
    return this.conn.run(async () => (await this.docs.deleteOne({ _id: id, workspaceId })).deletedCount > 0);
  }

  async count(workspaceId: string): Promise<number> {
    return this.conn.run(() => this.docs.countDocuments({ workspaceId }));
  }

  purgeWorkspace(workspaceId: string, limit: number): Promise<number> {
    const c = (name: string) => this.conn.collection(name);
    return purgeCollections(this.conn, [[c('utm_templates'), { workspaceId }]], limit);
  }
}
