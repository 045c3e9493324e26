import { type Collection, MongoBulkWriteError } from 'mongodb';
import { type IndexDef, isDuplicateKey, type MongoConnection } from '../mongo/connection.js';
import { purgeCollections, purgeDocs } from '../mongo/purge.js';
import type { CheckClaim, CheckClaimRecord, HealthJob, HealthRepository, HealthState } from './repository.js';

type JobDoc = Omit<HealthJob, 'id'> & { _id: string };
/** `{jobId}#{take}`: two instances cannot both insert the same claim. */
type ClaimDoc = CheckClaimRecord & { _id: string };
/** The link id is the _id; one writer at a time (the claimer of the link's check). */
type StateDoc = Omit<HealthState, 'linkId'> & { _id: string };

export const HEALTH_INDEXES: IndexDef[] = [
  ['health_jobs', { dueAt: 1 }, { name: 'health_jobs_due' }],
  ['health_claims', { jobId: 1, take: 1 }, { name: 'health_claims_by_job' }],
  ['health_claims', { finishedAt: 1 }, { name: 'health_claims_finished' }],
  ['link_health', { status: 1, workspaceId: 1 }, { name: 'link_health_by_status' }],
  // A deleted workspace's purge (docs/adr/0177).
  ['health_jobs', { workspaceId: 1 }, { name: 'health_jobs_by_workspace' }],
  ['link_health', { workspaceId: 1 }, { name: 'link_health_by_workspace' }],
];

const claimKey = (c: Pick<CheckClaim, 'jobId' | 'take'>) => `${c.jobId}#${c.take}`;

/**
 * MongoDB (and FerretDB, which is not atomic): jobs and claims are unique inserts and deletes; a
 * link's state document has one writer at a time, the instance holding its check's claim.
 */
export class MongoHealth implements HealthRepository {
  private readonly jobs: Collection<JobDoc>;
  private readonly claimDocs: Collection<ClaimDoc>;
  private readonly stateDocs: Collection<StateDoc>;

  constructor(private readonly conn: MongoConnection) {
    this.jobs = conn.collection('health_jobs');
    this.claimDocs = conn.collection('health_claims');
    this.stateDocs = conn.collection('link_health');
  }

  schedule({ id, ...j }: HealthJob): Promise<boolean> {
    return this.conn.insertUnique(this.jobs, { _id: id, ...j });
  }

  async scheduleMany(jobs: readonly HealthJob[]): Promise<number> {
    if (jobs.length === 0) return 0;
    return this.conn.run(async () => {
      try {
        return (
          await this.jobs.insertMany(
            jobs.map(({ id, ...j }) => ({ _id: id, ...j })),
            { ordered: false },
          )
        ).insertedCount;
      } catch (e) {
        // Jobs that exist already are skipped; anything else fails the call.
        if (!(e instanceof MongoBulkWriteError) || !isDuplicateKey(e)) throw e;
        return e.insertedCount;
      }
    });
  }

  async due(now: Date, limit: number): Promise<HealthJob[]> {
    return this.conn.run(async () =>
      (
        await this.jobs
          .find({ dueAt: { $lte: now } })
          .sort({ dueAt: 1, _id: 1 })
          .limit(limit)
          .toArray()
      ).map(({ _id, ...j }) => ({ id: _id, ...j })),
    );
  }

  async dropJob(id: string): Promise<void> {
    await this.conn.run(() => this.jobs.deleteOne({ _id: id }));
  }

  jobCount(): Promise<number> {
    return this.conn.run(() => this.jobs.estimatedDocumentCount());
  }

  async claims(jobId: string): Promise<CheckClaimRecord[]> {
    return this.conn.run(async () =>
      (await this.claimDocs.find({ jobId }).sort({ take: 1 }).toArray()).map(({ _id, ...c }) => ({ ...c, finishedAt: c.finishedAt ?? null })),
    );
  }

  claim(c: CheckClaim): Promise<boolean> {
    return this.conn.insertUnique(this.claimDocs, { _id: claimKey(c), ...c, finishedAt: null });
  }

  async finish(c: CheckClaim, at: Date): Promise<void> {
    await this.conn.run(() => this.claimDocs.updateOne({ _id: claimKey(c) }, { $set: { finishedAt: at } }));
  }

  async sweepClaims(before: Date): Promise<void> {
    await this.conn.run(() => this.claimDocs.deleteMany({ finishedAt: { $ne: null, $lt: before } }));
  }

  async states(linkIds: readonly string[]): Promise<Map<string, HealthState>> {
    if (linkIds.length === 0) return new Map();
    const docs = await this.conn.run(() => this.stateDocs.find({ _id: { $in: [...linkIds] } }).toArray());
    return new Map(docs.map(({ _id, ...s }) => [_id, { linkId: _id, ...s }]));
  }

  async putState({ linkId, ...s }: HealthState): Promise<void> {
    await this.conn.run(() => this.stateDocs.replaceOne({ _id: linkId }, s, { upsert: true }));
  }

  async dropState(linkId: string): Promise<void> {
    await this.conn.run(() => this.stateDocs.deleteOne({ _id: linkId }));
  }

  async brokenIds(workspaceId: string): Promise<string[]> {
    return this.conn.run(async () => (await this.stateDocs.find({ status: 'broken', workspaceId }, { projection: { _id: 1 } }).toArray()).map((d) => d._id));
  }

  countBroken(): Promise<number> {
    return this.conn.run(() => this.stateDocs.countDocuments({ status: 'broken' }));
  }

  /** A batch of check jobs goes with their claims (found by job), then the links' states. */
  purgeWorkspace(workspaceId: string, limit: number): Promise<number> {
    return this.conn.run(async () => {
      const jobs = await purgeDocs(this.conn, this.jobs, { workspaceId }, limit, (ids) => this.claimDocs.deleteMany({ jobId: { $in: ids } }));
      return jobs || purgeCollections(this.conn, [[this.conn.collection('link_health'), { workspaceId }]], limit);
    });
  }
}
