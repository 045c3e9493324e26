import type { Collection, Document, Filter } from 'mongodb';
import type { IndexDef, MongoConnection } from '../mongo/connection.js';
import { purgeCollections } from '../mongo/purge.js';
import type { ReportClaim, ReportPosition, ScheduledReport, ScheduledReportPatch, ScheduledReportsRepository } from './repository.js';

type ReportDoc = Omit<ScheduledReport, 'id'> & { _id: string };
/** `_id` is `report|period|take`: the unique key a claim's insert wins or loses on. */
type ClaimDoc = ReportClaim & { _id: string };

export const SCHEDULED_REPORT_INDEXES: IndexDef[] = [
  ['scheduled_reports', { workspaceId: 1, createdAt: 1, _id: 1 }, { name: 'scheduled_reports_by_workspace' }],
  ['scheduled_reports', { nextRunAt: 1 }, { name: 'scheduled_reports_due' }],
  ['scheduled_report_claims', { reportId: 1, period: 1 }, { name: 'scheduled_report_claims_by_period' }],
  ['scheduled_report_claims', { workspaceId: 1 }, { name: 'scheduled_report_claims_by_workspace' }],
];

const toReport = ({ _id, ...d }: ReportDoc): ScheduledReport => ({
  id: _id,
  workspaceId: d.workspaceId,
  frequency: d.frequency,
  timezone: d.timezone,
  scope: { linkId: d.scope.linkId ?? null, tag: d.scope.tag ?? null, domain: d.scope.domain ?? null },
  recipients: [...d.recipients],
  nextRunAt: d.nextRunAt,
  lastSentAt: d.lastSentAt ?? null,
  createdAt: d.createdAt,
});

const toClaim = ({ _id, ...c }: ClaimDoc): ReportClaim => ({ ...c, endedAt: c.endedAt ?? null });
const claimId = (reportId: string, period: string, take: number) => `${reportId}|${period}|${take}`;

/** One document per report; one per claim, whose `_id` refuses a second claim of the same take. */
export class MongoScheduledReports implements ScheduledReportsRepository {
  private readonly reports: Collection<ReportDoc>;
  private readonly claimDocs: Collection<ClaimDoc>;

  constructor(private readonly conn: MongoConnection) {
    this.reports = conn.collection('scheduled_reports');
    this.claimDocs = conn.collection('scheduled_report_claims');
  }

  async insert({ id, ...r }: ScheduledReport): Promise<void> {
    await this.conn.run(() => this.reports.insertOne({ _id: id, ...r, scope: { ...r.scope }, recipients: [...r.recipients] }));
  }

  async get(workspaceId: string, id: string): Promise<ScheduledReport | null> {
    return this.conn.run(async () => {
      const d = await this.reports.findOne({ _id: id, workspaceId });
      return d ? toReport(d) : null;
    });
  }

  async list(workspaceId: string, limit: number, after?: ReportPosition): Promise<ScheduledReport[]> {
    const filter: Filter<ReportDoc> = after
      ? { workspaceId, $or: [{ createdAt: { $gt: after.createdAt } }, { createdAt: after.createdAt, _id: { $gt: after.id } }] }
      : { workspaceId };
    return this.conn.run(async () => (await this.reports.find(filter).sort({ createdAt: 1, _id: 1 }).limit(limit).toArray()).map(toReport));
  }

  async count(workspaceId: string): Promise<number> {
    return this.conn.run(() => this.reports.countDocuments({ workspaceId }));
  }

  async update(workspaceId: string, id: string, patch: ScheduledReportPatch): Promise<ScheduledReport | null> {
    // Every field of a patch is one writer's whole value ($set): no read-modify-write (FerretDB, docs/adr/0004).
    const set: Partial<ReportDoc> = { ...patch };
    return this.conn.run(async () => {
      if (Object.keys(set).length > 0 && (await this.reports.updateOne({ _id: id, workspaceId }, { $set: set })).matchedCount === 0) return null;
      const d = await this.reports.findOne({ _id: id, workspaceId });
      return d ? toReport(d) : null;
    });
  }

  async delete(workspaceId: string, id: string): Promise<boolean> {
    return this.conn.run(async () => {
      const gone = (await this.reports.deleteOne({ _id: id, workspaceId })).deletedCount > 0;
      if (gone) await this.claimDocs.deleteMany({ reportId: id });
      return gone;
    });
  }

  async deleteForLink(workspaceId: string, linkId: string): Promise<number> {
    const ids = await this.conn.run(async () =>
      (await this.reports.find({ workspaceId, 'scope.linkId': linkId }, { projection: { _id: 1 } }).toArray()).map((d) => d._id),
    );
    for (const id of ids) await this.delete(workspaceId, id);
    return ids.length;
  }

  async due(now: Date, limit: number): Promise<ScheduledReport[]> {
    return this.conn.run(async () =>
      (
        await this.reports
          .find({ nextRunAt: { $lte: now } })
          .sort({ nextRunAt: 1, _id: 1 })
          .limit(limit)
          .toArray()
      ).map(toReport),
    );
  }

  async claims(reportId: string, period: string): Promise<ReportClaim[]> {
    return this.conn.run(async () => (await this.claimDocs.find({ reportId, period }).sort({ take: 1 }).toArray()).map(toClaim));
  }

  claim(c: ReportClaim): Promise<boolean> {
    return this.conn.insertUnique(this.claimDocs, { _id: claimId(c.reportId, c.period, c.take), ...c });
  }

  async endClaim(reportId: string, period: string, take: number, endedAt: Date): Promise<void> {
    await this.conn.run(() => this.claimDocs.updateOne({ _id: claimId(reportId, period, take) }, { $set: { endedAt } }));
  }

  purgeWorkspace(workspaceId: string, limit: number): Promise<number> {
    const c = (name: string) => this.conn.collection<Document>(name);
    return purgeCollections(
      this.conn,
      [
        [c('scheduled_report_claims'), { workspaceId }],
        [c('scheduled_reports'), { workspaceId }],
      ],
      limit,
    );
  }
}
