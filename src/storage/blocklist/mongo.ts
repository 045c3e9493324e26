import type { Collection } from 'mongodb';
import type { MongoConnection } from '../mongo/connection.js';
import type { BlockedHost, BlocklistRepository } from './repository.js';

/** The host is the _id: adding is a unique insert. */
interface BlockedHostDoc {
  _id: string;
  note: string | null;
  createdAt: Date;
}

export class MongoBlocklist implements BlocklistRepository {
  private readonly hosts: Collection<BlockedHostDoc>;

  constructor(private readonly conn: MongoConnection) {
    this.hosts = conn.collection('blocked_hosts');
  }

  add(e: BlockedHost): Promise<boolean> {
    return this.conn.insertUnique(this.hosts, { _id: e.host, note: e.note, createdAt: e.createdAt });
  }

  async remove(host: string): Promise<boolean> {
    return this.conn.run(async () => (await this.hosts.deleteOne({ _id: host })).deletedCount > 0);
  }

  async list(): Promise<BlockedHost[]> {
    return this.conn.run(async () =>
      (await this.hosts.find({}).sort({ _id: 1 }).toArray()).map((d) => ({ host: d._id, note: d.note ?? null, createdAt: d.createdAt })),
    );
  }
}
