/** How often a report goes: Monday 08:00 local for the week before, or the 1st 08:00 for the month before. */
export type ReportFrequency = 'weekly' | 'monthly';

/** What a report counts: the whole workspace, or one link, tag or domain (at most one is set). */
export interface ReportScope {
  linkId: string | null;
  tag: string | null;
  domain: string | null;
}

/** A scheduled analytics report of a workspace (docs/adr/0219). */
export interface ScheduledReport {
  id: string;
  workspaceId: string;
  frequency: ReportFrequency;
  /** Canonical IANA name. */
  timezone: string;
  scope: ReportScope;
  /** Member user ids; one no longer a member is skipped when sending. */
  recipients: string[];
  /** The send time of the next period not yet sent. */
  nextRunAt: Date;
  lastSentAt: Date | null;
  createdAt: Date;
}

export type ScheduledReportPatch = Partial<Pick<ScheduledReport, 'frequency' | 'timezone' | 'scope' | 'recipients' | 'nextRunAt' | 'lastSentAt'>>;

/**
 * The right to send one period of one report: `take` 0 first, one more for each claim whose lease ran
 * out without an end (its sender died). The (report, period, take) key is unique: of two instances
 * computing the same take, one insert wins.
 */
export interface ReportClaim {
  reportId: string;
  /** w:2026-11-16 (the week's Monday) or m:2026-10. */
  period: string;
  take: number;
  workspaceId: string;
  claimedAt: Date;
  /** Set when the message went out (or was given up on): the period is done. */
  endedAt: Date | null;
}

export interface ReportPosition {
  createdAt: Date;
  id: string;
}

export interface ScheduledReportsRepository {
  insert(r: ScheduledReport): Promise<void>;
  get(workspaceId: string, id: string): Promise<ScheduledReport | null>;
  /** Oldest first, after `after` (exclusive). */
  list(workspaceId: string, limit: number, after?: ReportPosition): Promise<ScheduledReport[]>;
  count(workspaceId: string): Promise<number>;
  /** Null when not the workspace's. */
  update(workspaceId: string, id: string, patch: ScheduledReportPatch): Promise<ScheduledReport | null>;
  delete(workspaceId: string, id: string): Promise<boolean>;
  /** The reports scoped to a deleted link go with it: how many. */
  deleteForLink(workspaceId: string, linkId: string): Promise<number>;
  /** Up to `limit` reports of any workspace whose next run is at or before `now`, earliest first. */
  due(now: Date, limit: number): Promise<ScheduledReport[]>;
  /** The claims of one period of a report, in take order. */
  claims(reportId: string, period: string): Promise<ReportClaim[]>;
  /** False when that (report, period, take) is already claimed. */
  claim(c: ReportClaim): Promise<boolean>;
  endClaim(reportId: string, period: string, take: number, endedAt: Date): Promise<void>;
  /** Delete up to `limit` records of a deleted workspace (docs/adr/0177): how many went. */
  purgeWorkspace(workspaceId: string, limit: number): Promise<number>;
}
