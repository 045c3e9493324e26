export type HealthStatus = 'ok' | 'broken' | 'unknown';

/** One scheduled check of a link's targets (docs/adr/0131). */
export interface HealthJob {
  /** `{linkId}:{targetsKey}:{dueAt ms}`: the same check scheduled twice is one job. */
  id: string;
  linkId: string;
  workspaceId: string;
  /** The link's targets when scheduled (targetsKey): a job whose link has other targets now is dropped. */
  targetsKey: string;
  dueAt: Date;
}

/** What the last checks of a link's targets found. Written only by the holder of the link's current check claim. */
export interface HealthState {
  linkId: string;
  workspaceId: string;
  /** The targets checked; a state for other targets than the link's current ones reads as unknown. */
  targetsKey: string;
  status: HealthStatus;
  /** The failing target's answer (or the destination's when all are fine); null when none came. */
  httpStatus: number | null;
  checkedAt: Date | null;
  /** Failed checks in a row (two make the link broken). */
  failures: number;
  error: string | null;
  failedUrl: string | null;
}

/** The right to run one check; `take` counts earlier claims whose lease ran out. */
export interface CheckClaim {
  jobId: string;
  take: number;
  owner: string;
  leaseUntil: Date;
}

export interface CheckClaimRecord extends CheckClaim {
  finishedAt: Date | null;
}

/** Health-check jobs, their claims (one instance per check), and each link's health. */
export interface HealthRepository {
  /** A unique insert: false when that job exists already. */
  schedule(job: HealthJob): Promise<boolean>;
  /** Many at once (one transaction, one unordered insert): how many were new. */
  scheduleMany(jobs: readonly HealthJob[]): Promise<number>;
  /** Jobs due at `now`, the earliest first. */
  due(now: Date, limit: number): Promise<HealthJob[]>;
  dropJob(id: string): Promise<void>;
  /** Jobs waiting, due or not (a metric). */
  jobCount(): Promise<number>;
  claims(jobId: string): Promise<CheckClaimRecord[]>;
  /** A unique insert on (jobId, take): true when this call won it. */
  claim(c: CheckClaim): Promise<boolean>;
  finish(c: CheckClaim, at: Date): Promise<void>;
  /** Deletes claims finished before `before` (FerretDB has no TTL index). */
  sweepClaims(before: Date): Promise<void>;
  states(linkIds: readonly string[]): Promise<Map<string, HealthState>>;
  putState(s: HealthState): Promise<void>;
  dropState(linkId: string): Promise<void>;
  /** Ids of the workspace's links whose last state is broken. */
  brokenIds(workspaceId: string): Promise<string[]>;
  countBroken(): Promise<number>;
  /** Delete up to `limit` records of a deleted workspace (docs/adr/0177): how many went, 0 when none is left. */
  purgeWorkspace(workspaceId: string, limit: number): Promise<number>;
}
