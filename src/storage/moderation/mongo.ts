import type { Collection } from 'mongodb';
import type { IndexDef, MongoConnection } from '../mongo/connection.js';
import { purgeCollections } from '../mongo/purge.js';
import type { DisabledLink, ModerationRepository, Suspension } from './repository.js';

/** The link id, or the workspace id, is the _id: each decision is one unique insert, undone by a delete. */
type DisabledDoc = Omit<DisabledLink, 'linkId'> & { _id: string };
type SuspensionDoc = Omit<Suspension, 'workspaceId'> & { _id: string };

export const MODERATION_INDEXES: IndexDef[] = [
  ['disabled_links', { disabledAt: 1 }, { name: 'disabled_links_by_time' }],
  ['suspensions', { suspendedAt: 1 }, { name: 'suspensions_by_time' }],
];

export class MongoModeration implements ModerationRepository {
  private readonly disabled: Collection<DisabledDoc>;
  private readonly suspended: Collection<SuspensionDoc>;

  constructor(private readonly conn: MongoConnection) {
    this.disabled = conn.collection('disabled_links');
    this.suspended = conn.collection('suspensions');
  }

  disableLink({ linkId, ...d }: DisabledLink): Promise<boolean> {
    return this.conn.insertUnique(this.disabled, { _id: linkId, ...d });
  }

  async enableLink(linkId: string): Promise<boolean> {
    return this.conn.run(async () => (await this.disabled.deleteOne({ _id: linkId })).deletedCount > 0);
  }

  async disabledLinks(): Promise<DisabledLink[]> {
    return this.conn.run(async () =>
      (await this.disabled.find({}).sort({ disabledAt: 1, _id: 1 }).toArray()).map(({ _id, ...d }) => ({ linkId: _id, ...d, reason: d.reason ?? null })),
    );
  }

  suspend({ workspaceId, ...s }: Suspension): Promise<boolean> {
    return this.conn.insertUnique(this.suspended, { _id: workspaceId, ...s });
  }

  async unsuspend(workspaceId: string): Promise<boolean> {
    return this.conn.run(async () => (await this.suspended.deleteOne({ _id: workspaceId })).deletedCount > 0);
  }

  async suspensions(): Promise<Suspension[]> {
    return this.conn.run(async () =>
      (await this.suspended.find({}).sort({ suspendedAt: 1, _id: 1 }).toArray()).map(({ _id, ...s }) => ({ workspaceId: _id, ...s, reason: s.reason ?? null })),
    );
  }

  /** A deleted workspace's disabled links and its suspension: moot once it is gone (abuse reports stay the operator's). */
  purgeWorkspace(workspaceId: string, limit: number): Promise<number> {
    const c = (name: string) => this.conn.collection(name);
    return purgeCollections(
      this.conn,
      [
        [c('disabled_links'), { workspaceId }],
        [c('suspensions'), { _id: workspaceId }],
      ],
      limit,
    );
  }
}
