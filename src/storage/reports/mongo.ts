import type { Collection, Filter } from 'mongodb';
import type { IndexDef, MongoConnection } from '../mongo/connection.js';
import type { Report, ReportPosition, ReportsRepository } from './repository.js';

type ReportDoc = Omit<Report, 'id'> & { _id: string };

export const REPORT_INDEXES: IndexDef[] = [['reports', { createdAt: -1, _id: -1 }, { name: 'reports_by_time' }]];

export class MongoReports implements ReportsRepository {
  private readonly reports: Collection<ReportDoc>;

  constructor(private readonly conn: MongoConnection) {
    this.reports = conn.collection('reports');
  }

  async insert({ id, ...r }: Report): Promise<void> {
    await this.conn.run(() => this.reports.insertOne({ _id: id, ...r }));
  }

  async list(limit: number, after?: ReportPosition): Promise<Report[]> {
    const filter: Filter<ReportDoc> = after ? { $or: [{ createdAt: { $lt: after.createdAt } }, { createdAt: after.createdAt, _id: { $lt: after.id } }] } : {};
    return this.conn.run(async () =>
      (await this.reports.find(filter).sort({ createdAt: -1, _id: -1 }).limit(limit).toArray()).map(({ _id, ...r }) => ({
        id: _id,
        ...r,
        reason: r.reason ?? null,
        linkId: r.linkId ?? null,
        workspaceId: r.workspaceId ?? null,
      })),
    );
  }
}
