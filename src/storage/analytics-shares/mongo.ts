import type { Collection } from 'mongodb';
import type { Actor } from '../../domain/caller.js';
import type { PagePosition } from '../../domain/cursor.js';
import type { IndexDef, MongoConnection } from '../mongo/connection.js';
import { purgeCollections } from '../mongo/purge.js';
import type { AnalyticsShare, AnalyticsSharesRepository } from './repository.js';

interface ShareDoc {
  _id: string;
  workspaceId: string;
  tokenHash: string;
  linkId: string | null;
  tag: string | null;
  domain: string | null;
  expiresAt: Date | null;
  createdAt: Date;
  createdBy: Actor;
}

export const ANALYTICS_SHARE_INDEXES: IndexDef[] = [
  ['analytics_shares', { tokenHash: 1 }, { name: 'analytics_shares_token', unique: true }],
  ['analytics_shares', { workspaceId: 1, createdAt: -1, _id: -1 }, { name: 'analytics_shares_by_workspace' }],
  ['analytics_shares', { workspaceId: 1, linkId: 1 }, { name: 'analytics_shares_by_link' }],
];

const toShare = (d: ShareDoc): AnalyticsShare => ({
  id: d._id,
  workspaceId: d.workspaceId,
  tokenHash: d.tokenHash,
  linkId: d.linkId,
  tag: d.tag,
  domain: d.domain,
  expiresAt: d.expiresAt,
  createdAt: d.createdAt,
  createdBy: { type: d.createdBy.type, id: d.createdBy.id, label: d.createdBy.label },
});

/** One document per share; the token hash is unique across workspaces. */
export class MongoAnalyticsShares implements AnalyticsSharesRepository {
  private readonly docs: Collection<ShareDoc>;

  constructor(private readonly conn: MongoConnection) {
    this.docs = conn.collection('analytics_shares');
  }

  async insert(s: AnalyticsShare): Promise<AnalyticsShare> {
    const doc: ShareDoc = {
      _id: s.id,
      workspaceId: s.workspaceId,
      tokenHash: s.tokenHash,
      linkId: s.linkId,
      tag: s.tag,
      domain: s.domain,
      expiresAt: s.expiresAt,
      createdAt: s.createdAt,
      createdBy: { ...s.createdBy },
    };
    await this.conn.run(() => this.docs.insertOne(doc));
    return toShare(doc);
  }

  get(workspaceId: string, id: string): Promise<AnalyticsShare | null> {
    return this.conn.run(async () => {
      const d = await this.docs.findOne({ _id: id, workspaceId });
      return d ? toShare(d) : null;
    });
  }

  byTokenHash(tokenHash: string): Promise<AnalyticsShare | null> {
    return this.conn.run(async () => {
      const d = await this.docs.findOne({ tokenHash });
      return d ? toShare(d) : null;
    });
  }

  list(workspaceId: string, limit: number, after?: PagePosition): Promise<AnalyticsShare[]> {
    const page = after ? { $or: [{ createdAt: { $lt: after.createdAt } }, { createdAt: after.createdAt, _id: { $lt: after.id } }] } : {};
    return this.conn.run(async () =>
      (
        await this.docs
          .find({ workspaceId, ...page })
          .sort({ createdAt: -1, _id: -1 })
          .limit(limit)
          .toArray()
      ).map(toShare),
    );
  }

  delete(workspaceId: string, id: string): Promise<boolean> {
    return this.conn.run(async () => (await this.docs.deleteOne({ _id: id, workspaceId })).deletedCount > 0);
  }

  deleteForLink(workspaceId: string, linkId: string): Promise<number> {
    return this.conn.run(async () => (await this.docs.deleteMany({ workspaceId, linkId })).deletedCount);
  }

  count(workspaceId: string): Promise<number> {
    return this.conn.run(() => this.docs.countDocuments({ workspaceId }));
  }

  purgeWorkspace(workspaceId: string, limit: number): Promise<number> {
    return purgeCollections(this.conn, [[this.conn.collection('analytics_shares'), { workspaceId }]], limit);
  }
}
