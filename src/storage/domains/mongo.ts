import type { Collection } from 'mongodb';
import { type Domain, type DomainSettings, NO_DOMAIN_SETTINGS } from '../../domain/model.js';
import { StoreConflict } from '../errors.js';
import { type IndexDef, isDuplicateKey, type MongoConnection } from '../mongo/connection.js';
import { purgeDocs } from '../mongo/purge.js';
import type { DomainsRepository, NewDomain } from './repository.js';

/** A domain: its host (the `_id`) and workspace. */
interface DomainDoc {
  _id: string;
  host: string;
  workspaceId: string;
  createdAt: Date;
}

/**
 * One document per set setting (`_id` = `<host>/<name>`), so concurrent changes of different settings
 * are writes to different documents (FerretDB's updates are read-modify-write of a whole document).
 * Values are JSON text: the app-link files' keys are the user's, and MongoDB field names may not hold
 * every key JSON allows.
 */
interface SettingDoc {
  _id: string;
  host: string;
  name: keyof DomainSettings;
  json: string;
}

export const DOMAIN_INDEXES: IndexDef[] = [
  ['domains', { host: 1 }, { name: 'domains_host', unique: true }],
  ['domains', { workspaceId: 1, createdAt: 1 }, { name: 'domains_by_workspace' }],
  ['domain_settings', { host: 1 }, { name: 'domain_settings_by_host' }],
];

function toDomain(d: DomainDoc, settings: readonly SettingDoc[]): Domain {
  const values: Partial<DomainSettings> = {};
  for (const s of settings) if (s.host === d.host) (values as Record<string, unknown>)[s.name] = JSON.parse(s.json);
  return { host: d.host, workspaceId: d.workspaceId, createdAt: d.createdAt, settings: { ...NO_DOMAIN_SETTINGS, ...values } };
}

export class MongoDomains implements DomainsRepository {
  private readonly domains: Collection<DomainDoc>;
  private readonly settings: Collection<SettingDoc>;

  constructor(private readonly conn: MongoConnection) {
    this.domains = conn.collection('domains');
    this.settings = conn.collection('domain_settings');
  }

  private async withSettings(docs: DomainDoc[]): Promise<Domain[]> {
    if (docs.length === 0) return [];
    const settings = await this.settings.find({ host: { $in: docs.map((d) => d.host) } }).toArray();
    return docs.map((d) => toDomain(d, settings));
  }

  async add(domain: NewDomain): Promise<Domain> {
    const doc = { _id: domain.host, host: domain.host, workspaceId: domain.workspaceId, createdAt: domain.createdAt };
    if (!(await this.conn.insertUnique(this.domains, doc))) throw new StoreConflict('host');
    // Settings left by a removal that did not finish belong to no one now.
    await this.conn.run(() => this.settings.deleteMany({ host: domain.host }));
    return toDomain(doc, []);
  }

  async get(host: string): Promise<Domain | null> {
    return this.conn.run(async () => {
      const d = await this.domains.findOne({ _id: host });
      return d ? (await this.withSettings([d]))[0]! : null;
    });
  }

  async list(workspaceId: string): Promise<Domain[]> {
    return this.conn.run(async () => this.withSettings(await this.domains.find({ workspaceId }).sort({ createdAt: 1, host: 1 }).toArray()));
  }

  async delete(workspaceId: string, host: string): Promise<boolean> {
    return this.conn.run(async () => {
      const gone = (await this.domains.deleteOne({ _id: host, workspaceId })).deletedCount > 0;
      if (gone) await this.settings.deleteMany({ host });
      return gone;
    });
  }

  async updateSettings(workspaceId: string, host: string, patch: Partial<DomainSettings>): Promise<Domain | null> {
    return this.conn.run(async () => {
      const d = await this.domains.findOne({ _id: host, workspaceId });
      if (!d) return null;
      for (const [name, value] of Object.entries(patch) as [keyof DomainSettings, unknown][]) {
        const _id = `${host}/${name}`;
        if (value === null || value === NO_DOMAIN_SETTINGS[name]) await this.settings.deleteOne({ _id });
        else await this.upsert({ _id, host, name, json: JSON.stringify(value) });
      }
      return (await this.withSettings([d]))[0]!;
    });
  }

  /** Replace or insert one setting; two first writes of one setting at once: the loser writes again. */
  private async upsert(doc: SettingDoc): Promise<void> {
    for (let attempt = 0; ; attempt++) {
      try {
        await this.settings.replaceOne({ _id: doc._id }, doc, { upsert: true });
        return;
      } catch (e) {
        if (!isDuplicateKey(e) || attempt >= 2) throw e;
      }
    }
  }

  /** A batch of domains goes with their settings (keyed by host). */
  purgeWorkspace(workspaceId: string, limit: number): Promise<number> {
    return purgeDocs(this.conn, this.domains, { workspaceId }, limit, (hosts) => this.settings.deleteMany({ host: { $in: hosts } }));
  }
}
