import type { Collection } from 'mongodb';
import type { Domain } from '../../domain/model.js';
import { StoreConflict } from '../errors.js';
import type { IndexDef, MongoConnection } from '../mongo/connection.js';
import type { DomainsRepository } from './repository.js';

interface DomainDoc {
  /** The host itself. */
  _id: string;
  host: string;
  workspaceId: string;
  createdAt: Date;
}

export const DOMAIN_INDEXES: IndexDef[] = [
  ['domains', { host: 1 }, { name: 'domains_host', unique: true }],
  ['domains', { workspaceId: 1, createdAt: 1 }, { name: 'domains_by_workspace' }],
];

const toDomain = (d: DomainDoc): Domain => ({ host: d.host, workspaceId: d.workspaceId, createdAt: d.createdAt });

export class MongoDomains implements DomainsRepository {
  private readonly domains: Collection<DomainDoc>;

  constructor(private readonly conn: MongoConnection) {
    this.domains = conn.collection('domains');
  }

  async add(domain: Domain): Promise<Domain> {
    const doc = { _id: domain.host, host: domain.host, workspaceId: domain.workspaceId, createdAt: domain.createdAt };
    if (!(await this.conn.insertUnique(this.domains, doc))) throw new StoreConflict('host');
    return domain;
  }

  async get(host: string): Promise<Domain | null> {
    return this.conn.run(async () => {
      const d = await this.domains.findOne({ _id: host });
      return d ? toDomain(d) : null;
    });
  }

  async list(workspaceId: string): Promise<Domain[]> {
    return this.conn.run(async () => (await this.domains.find({ workspaceId }).sort({ createdAt: 1, host: 1 }).toArray()).map(toDomain));
  }

  async delete(workspaceId: string, host: string): Promise<boolean> {
    return this.conn.run(async () => (await this.domains.deleteOne({ _id: host, workspaceId })).deletedCount > 0);
  }
}
